import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CallResponse, Currency, PaymentMethod, PeriodFigures, staffDashboard } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { formatMoney } from '../../ui/format.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useMethodName } from '../../ui/order-words.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminErrorText, useKindName } from './admin-words.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { BarChart } from './BarChart.tsx';
import { dashboardQueries } from './dashboard-queries.ts';
import './dashboard.css';

type Dashboard = CallResponse<typeof staffDashboard>;

/**
 * The back office's first page (issue 32): what was paid today and this month, what needs doing (low stock,
 * failed payments, refunds owed), the sessions to come and how full they are, the last 30 days' revenue, and a
 * form for a push announcement. Figures per currency, never added across currencies.
 */
export function DashboardScreen() {
  const { api } = useServices();
  const errorText = useAdminErrorText();
  const dashboard = useQuery(dashboardQueries.dashboard(api));
  const code = errorCode(dashboard.error);
  const reason = code ? errorText(code, 'load') : '';
  const data = dashboard.data;
  return (
    <section className="admin-screen" aria-labelledby="admin-dashboard-title">
      <h2 id="admin-dashboard-title">
        <Trans>Dashboard</Trans>
      </h2>
      {code && !data ? (
        <RetryAlert onRetry={() => void dashboard.refetch()}>
          <Trans>The dashboard could not be loaded. {reason}</Trans>
        </RetryAlert>
      ) : !data ? (
        <p className="muted" role="status">
          <Trans>Loading the figures…</Trans>
        </p>
      ) : (
        <Figures data={data} />
      )}
      <AnnouncementForm />
    </section>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const at = hongKongDateTime(data.At);
  return (
    <>
      <p className="muted small">
        <Trans>Figures as of {at} (Hong Kong time).</Trans>
      </p>
      <div className="dashboard-grid">
        <Period id="dashboard-today" title={<Trans>Today</Trans>} figures={data.Today} />
        <Period id="dashboard-month" title={<Trans>This month</Trans>} figures={data.ThisMonth} />
        <OpenRefunds refunds={data.OpenRefunds} />
        <FailedPayments failed={data.FailedPayments} />
        <RevenueCharts series={data.DailyRevenue} />
        <UpcomingSessions upcoming={data.UpcomingSessions} />
        <LowStock low={data.LowStock} />
      </div>
    </>
  );
}

/** Paid orders and revenue of a period, per currency, then per kind (the kinds with orders only). */
function Period({ id, title, figures }: { id: string; title: React.ReactNode; figures: PeriodFigures }) {
  const { t } = useLingui();
  const kindName = useKindName();
  const kinds = figures.PerKind.filter((k) => k.Orders > 0);
  return (
    <section className="dashboard-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {figures.PerCurrency.map(({ Currency: currency, Orders: count, Revenue: revenue }) => (
        <dl key={currency} className="dashboard-figures">
          <div>
            <dt>
              <Trans>Paid orders ({currency})</Trans>
            </dt>
            <dd>{count}</dd>
          </div>
          <div>
            <dt>
              <Trans>Revenue ({currency})</Trans>
            </dt>
            <dd>
              <Price amount={revenue} currency={currency} />
            </dd>
          </div>
        </dl>
      ))}
      {kinds.length === 0 ? (
        <p className="muted">
          <Trans>No paid orders yet.</Trans>
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>{t`By kind of order`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Kind</Trans>
                </th>
                <th scope="col">
                  <Trans>Orders</Trans>
                </th>
                <th scope="col">
                  <Trans>Revenue</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <tr key={`${k.Kind}-${k.Currency}`}>
                  <th scope="row">{kindName(k.Kind)}</th>
                  <td>{k.Orders}</td>
                  <td>
                    <Price amount={k.Revenue} currency={k.Currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OpenRefunds({ refunds }: { refunds: Dashboard['OpenRefunds'] }) {
  const count = refunds.Count;
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-refunds">
      <h3 id="dashboard-refunds">
        <Trans>Refunds owed</Trans>
      </h3>
      {count === 0 ? (
        <p>
          <Trans>No refund is owed.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>{count} refund requests not yet paid out.</Trans>
          </p>
          <ul className="dashboard-plain-list">
            {refunds.PerCurrency.filter((c) => c.Count > 0).map(({ Currency: currency, Count: owed, Amount: amount }) => (
              <li key={currency}>
                <Trans>
                  {owed} in {currency}: <Price amount={amount} currency={currency} />
                </Trans>
              </li>
            ))}
          </ul>
          <Link to="/admin/{-$section}" params={{ section: 'refunds' }}>
            <Trans>Open the refunds</Trans>
          </Link>
        </>
      )}
    </section>
  );
}

function FailedPayments({ failed }: { failed: Dashboard['FailedPayments'] }) {
  const { t } = useLingui();
  const kindName = useKindName();
  const methodName = useMethodName();
  const { Count: count, Days: days } = failed;
  return (
    <section className="dashboard-card" aria-labelledby="dashboard-failed">
      <h3 id="dashboard-failed">
        <Trans>Failed payments</Trans>
      </h3>
      {count === 0 ? (
        <p>
          <Trans>No payment failed in the last {days} days.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>{count} orders placed in the last {days} days are unpaid after a failed payment.</Trans>
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>{t`Latest failed payments`}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Order</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Total</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Placed</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {failed.Latest.map((f) => (
                  <tr key={f.OrderID}>
                    <th scope="row">
                      <span className="admin-mono">{f.Reference}</span>
                      <br />
                      <span className="muted small">
                        {kindName(f.Kind)} · {methodName(f.PaymentMethod as PaymentMethod)} · {f.MemberEmail}
                      </span>
                    </th>
                    <td>
                      <Price amount={f.Total} currency={f.Currency} />
                    </td>
                    <td>{hongKongDateTime(f.CreatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** One chart per currency: revenue is never added across currencies. */
function RevenueCharts({ series }: { series: Dashboard['DailyRevenue'] }) {
  const { t, i18n } = useLingui();
  const money = (minor: number, currency: Currency) => formatMoney(minor, currency, i18n.locale);
  const dayFigures = (revenue: string, orders: number) => t`${revenue} (${orders} orders)`;
  return (
    <section className="dashboard-card dashboard-wide" aria-labelledby="dashboard-revenue">
      <h3 id="dashboard-revenue">
        <Trans>Revenue, last 30 days</Trans>
      </h3>
      {series.map(({ Currency: currency, Points: points }) => {
        const total = money(
          points.reduce((sum, p) => sum + p.Revenue, 0),
          currency,
        );
        const best = points.reduce<(typeof points)[number] | undefined>((top, p) => (p.Revenue > (top?.Revenue ?? 0) ? p : top), undefined);
        const days = points.length;
        const highest = best ? money(best.Revenue, currency) : '';
        const bestDay = best?.Date ?? '';
        const summary = best
          ? t`Revenue in ${currency} per day over the last ${days} days: ${total} in all, the highest ${highest} on ${bestDay}.`
          : t`Revenue in ${currency} per day over the last ${days} days: nothing paid.`;
        return (
          <section key={currency} aria-label={t`Revenue in ${currency}`}>
            <h4>
              <Trans>
                In {currency}: {total}
              </Trans>
            </h4>
            <BarChart
              summary={summary}
              caption={t`Revenue in ${currency} per day`}
              labelHeader={<Trans>Day</Trans>}
              valueHeader={<Trans>Revenue</Trans>}
              bars={points.map((p, i) => ({
                label: p.Date,
                // A date under every seventh bar and the last: enough to read the month by, without crowding.
                short: i === points.length - 1 || (points.length - 1 - i) % 7 === 0 ? p.Date.slice(5) : '',
                value: p.Revenue,
                shown: dayFigures(money(p.Revenue, currency), p.Orders),
              }))}
            />
          </section>
        );
      })}
    </section>
  );
}

function UpcomingSessions({ upcoming }: { upcoming: Dashboard['UpcomingSessions'] }) {
  const { t } = useLingui();
  const bilingual = useBilingual();
  const days = upcoming.Days;
  const listed = upcoming.Sessions.length;
  const all = upcoming.Count;
  return (
    <section className="dashboard-card dashboard-wide" aria-labelledby="dashboard-sessions">
      <h3 id="dashboard-sessions">
        <Trans>Sessions in the next {days} days</Trans>
      </h3>
      {upcoming.Sessions.length === 0 ? (
        <p>
          <Trans>No session in the next {days} days.</Trans>
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>{t`Upcoming sessions and their seats, soonest first`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Event</Trans>
                </th>
                <th scope="col">
                  <Trans>Starts</Trans>
                </th>
                <th scope="col">
                  <Trans>Seats</Trans>
                </th>
                <th scope="col">
                  <Trans>Fill</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {upcoming.Sessions.map((s) => {
                const percent = Math.round(s.Fill * 100);
                const { SeatsSold: sold, Capacity: capacity, SeatsHeld: held } = s;
                return (
                  <tr key={s.SessionID}>
                    <th scope="row">{bilingual(s.EventTitle)}</th>
                    <td>{hongKongDateTime(s.StartsAt)}</td>
                    <td>
                      <Trans>
                        {sold} of {capacity} sold
                      </Trans>
                      {held > 0 && (
                        <>
                          <br />
                          <span className="muted small">
                            <Trans>{held} held by orders being paid</Trans>
                          </span>
                        </>
                      )}
                    </td>
                    <td>
                      {/* The bar is for the eye; its percentage is said in words beside it. */}
                      <span className="fill-bar" aria-hidden="true">
                        <span style={{ width: `${Math.min(100, percent)}%` }} />
                      </span>
                      <span className="small">{percent}%</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {upcoming.Count > upcoming.Sessions.length && (
        <p className="muted small">
          <Trans>
            The first {listed} of {all} sessions.
          </Trans>
        </p>
      )}
    </section>
  );
}

function LowStock({ low }: { low: Dashboard['LowStock'] }) {
  const { t } = useLingui();
  const bilingual = useBilingual();
  const threshold = low.Threshold;
  const listed = low.Variances.length;
  const all = low.Count;
  return (
    <section className="dashboard-card dashboard-wide" aria-labelledby="dashboard-low-stock">
      <h3 id="dashboard-low-stock">
        <Trans>Low stock</Trans>
      </h3>
      {low.Variances.length === 0 ? (
        <p>
          <Trans>Nothing on sale is down to {threshold} or fewer.</Trans>
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>{t`On sale with ${threshold} or fewer left, fewest first`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Variance</Trans>
                </th>
                <th scope="col">
                  <Trans>In stock</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {low.Variances.map((v) => (
                <tr key={v.VarianceID}>
                  <th scope="row">{bilingual(v.ProductName)}</th>
                  <td>{bilingual(v.VarianceName)}</td>
                  <td>{v.Stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {low.Count > low.Variances.length && (
        <p className="muted small">
          <Trans>
            The first {listed} of {all}.
          </Trans>
        </p>
      )}
    </section>
  );
}
