import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { STAFF_SUBSCRIPTIONS_PAGE_MAX, type StaffSubscription, type StaffSubscriptionPlan, type SubscriptionStatus } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, Pager, useKeysetPages, type AdminColumn } from './AdminTable.tsx';
import { couponSubscriptionQueries } from './coupon-subscription-queries.ts';
import { FailedRenewals } from './FailedRenewals.tsx';
import { PlanDialog } from './PlanDialog.tsx';
import { useSubscriptionWords } from './subscription-admin-words.ts';
import './coupons-subscriptions.css';

const PAGE_SIZES = [10, 25, 50, STAFF_SUBSCRIPTIONS_PAGE_MAX] as const;
const STATUSES: SubscriptionStatus[] = ['Active', 'Pending', 'PastDue', 'Cancelled', 'Ended'];

/**
 * The back office's subscriptions (issue 32): the plans with their subscribers counted per status (staff make a
 * plan and change one: PlanDialog), the subscribers a page at a time (filtered by status and plan), and the
 * renewals that failed, where staff may try one waiting on stock again at once.
 */
export function SubscriptionsScreen() {
  const { api } = useServices();
  const plans = useQuery(couponSubscriptionQueries.plans(api));
  return (
    <section className="admin-screen" aria-labelledby="admin-subscriptions-title">
      <h2 id="admin-subscriptions-title">
        <Trans>Subscriptions</Trans>
      </h2>
      <Plans plans={plans.data} failed={plans.error} onRetry={() => void plans.refetch()} busy={plans.isFetching} />
      <Subscribers plans={plans.data ?? []} />
      <FailedRenewals />
    </section>
  );
}

type PlanAction = { type: 'new' } | { type: 'edit'; plan: StaffSubscriptionPlan };

function Plans({ plans, failed, onRetry, busy }: { plans: StaffSubscriptionPlan[] | undefined; failed: unknown; onRetry: () => void; busy: boolean }) {
  const { t, i18n } = useLingui();
  const words = useSubscriptionWords();
  const errorText = useAdminErrorText();
  const [action, setAction] = useState<PlanAction | null>(null);
  const [done, setDone] = useState('');
  const code = errorCode(failed);
  const reason = code ? errorText(code, 'load') : '';
  const nameOf = (p: StaffSubscriptionPlan) => (i18n.locale.startsWith('zh') ? p.Name.zh : p.Name.en);
  const finished = (message: string) => {
    setAction(null);
    setDone(message);
  };
  const columns = useMemo((): AdminColumn<StaffSubscriptionPlan>[] => {
    const col = adminColumns<StaffSubscriptionPlan>();
    const zh = i18n.locale.startsWith('zh');
    const count = (id: SubscriptionStatus, header: () => string) =>
      col.display({ id, header, cell: (c) => <span className="subscription-count">{formatNumber(c.row.original.Subscribers[id], i18n.locale)}</span> });
    return [
      col.accessor('Name', {
        header: () => t`Plan`,
        cell: (c) => (
          <>
            {zh ? c.getValue().zh : c.getValue().en}
            <br />
            <span className="muted small">{words.duration(c.row.original.Duration)}</span>
          </>
        ),
      }),
      col.display({
        id: 'price',
        header: () => t`Price per cycle`,
        cell: (c) => (
          <span className="coupon-prices">
            <Price amount={c.row.original.PriceHKD} currency="HKD" />
            <br />
            <Price amount={c.row.original.PriceUSD} currency="USD" />
          </span>
        ),
      }),
      col.accessor('OnSale', { header: () => t`On sale`, cell: (c) => (c.getValue() ? t`Yes` : t`No`) }),
      count('Active', () => t`Active`),
      count('Pending', () => t`Waiting for the first payment`),
      count('PastDue', () => t`Payment due`),
      count('Cancelled', () => t`Cancelled`),
      count('Ended', () => t`Ended`),
      col.accessor('WaitingOnStock', { header: () => t`Renewals waiting on stock`, cell: (c) => <span className="subscription-count">{formatNumber(c.getValue(), i18n.locale)}</span> }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const plan = c.row.original;
          const name = zh ? plan.Name.zh : plan.Name.en;
          return (
            <button type="button" className="button small" aria-label={t`Change plan ${name}`} onClick={() => setAction({ type: 'edit', plan })}>
              <Trans>Change</Trans>
            </button>
          );
        },
      }),
    ];
  }, [t, i18n.locale, words]);
  return (
    <div className="subscriptions-part">
      <div className="plans-heading">
        <h3>
          <Trans>Plans</Trans>
        </h3>
        <button type="button" className="button primary" onClick={() => setAction({ type: 'new' })}>
          <Trans>New plan</Trans>
        </button>
      </div>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={<Trans>Plans and their subscribers</Trans>}
        columns={columns}
        rows={plans}
        rowId={(p) => p.PlanID}
        empty={<Trans>The shop has no subscription plans.</Trans>}
        failed={code ? <Trans>The plans could not be loaded. {reason}</Trans> : undefined}
        onRetry={onRetry}
        busy={busy}
      />
      {action?.type === 'new' && (
        <PlanDialog
          onClose={() => setAction(null)}
          onSaved={(plan) => {
            const name = nameOf(plan);
            finished(t`Plan ${name} made.`);
          }}
        />
      )}
      {action?.type === 'edit' && (
        <PlanDialog
          plan={action.plan}
          onClose={() => setAction(null)}
          onSaved={(plan) => {
            const name = nameOf(plan);
            finished(t`Plan ${name} saved.`);
          }}
        />
      )}
    </div>
  );
}

function Subscribers({ plans }: { plans: StaffSubscriptionPlan[] }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const words = useSubscriptionWords();
  const errorText = useAdminErrorText();
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const [plan, setPlan] = useState('');
  const [size, setSize] = useState<number>(25);
  const pages = useKeysetPages();
  const ids = { status: useId(), plan: useId(), size: useId() };
  const filters = { ...(status ? { Status: status } : {}), ...(plan ? { PlanID: plan } : {}), Size: size };
  const list = useQuery(couponSubscriptionQueries.subscriptions(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;
  const zh = i18n.locale.startsWith('zh');

  const columns = useMemo((): AdminColumn<StaffSubscription>[] => {
    const col = adminColumns<StaffSubscription>();
    return [
      col.accessor('Member', {
        header: () => t`Member`,
        cell: (c) => (
          <>
            {c.getValue().Name}
            <br />
            <span className="muted small">{c.getValue().Email}</span>
          </>
        ),
      }),
      col.accessor('Plan', { header: () => t`Plan`, cell: (c) => (zh ? c.getValue().Name.zh : c.getValue().Name.en) }),
      col.accessor('Status', {
        header: () => t`Status`,
        cell: (c) => {
          const end = c.row.original.EndReason;
          return (
            <>
              {words.status(c.getValue())}
              {end && c.getValue() === 'Ended' && (
                <>
                  <br />
                  <span className="muted small">{words.endReason(end)}</span>
                </>
              )}
            </>
          );
        },
      }),
      col.display({
        id: 'payment',
        header: () => t`Paid by`,
        cell: (c) => (
          <>
            {words.method(c.row.original.PaymentMethod)}
            <br />
            <span className="muted small">{c.row.original.Currency}</span>
          </>
        ),
      }),
      col.display({
        id: 'next',
        header: () => t`Next billing (Hong Kong time)`,
        cell: (c) => {
          const s = c.row.original;
          const since = s.WaitingOnStockSince ? hongKongDateTime(s.WaitingOnStockSince) : '';
          return (
            <>
              {s.NextBillingDate ? hongKongDateTime(s.NextBillingDate) : '—'}
              {since && (
                <>
                  <br />
                  <span className="muted small">
                    <Trans>Waiting on stock since {since}</Trans>
                  </span>
                </>
              )}
            </>
          );
        },
      }),
      col.accessor('CreatedAt', { header: () => t`Subscribed`, cell: (c) => hongKongDateTime(c.getValue()) }),
    ];
  }, [t, zh, words]);

  return (
    <div className="subscriptions-part">
      <h3 id="admin-subscribers-title">
        <Trans>Subscribers</Trans>
      </h3>
      <div className="admin-filters" role="group" aria-labelledby="admin-subscribers-title">
        <div className="field">
          <label htmlFor={ids.status}>
            <Trans>Status</Trans>
          </label>
          <select
            id={ids.status}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as SubscriptionStatus | '');
              pages.reset();
            }}
          >
            <option value="">{t`Every status`}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {words.status(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.plan}>
            <Trans>Plan</Trans>
          </label>
          <select
            id={ids.plan}
            value={plan}
            onChange={(e) => {
              setPlan(e.target.value);
              pages.reset();
            }}
          >
            <option value="">{t`Every plan`}</option>
            {plans.map((p) => (
              <option key={p.PlanID} value={p.PlanID}>
                {zh ? p.Name.zh : p.Name.en}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.size}>
            <Trans>Per page</Trans>
          </label>
          <select
            id={ids.size}
            value={size}
            onChange={(e) => {
              setSize(Number(e.target.value));
              pages.reset();
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdminTable
        caption={<Trans>Subscribers, newest first</Trans>}
        columns={columns}
        rows={list.data?.SubscriptionList}
        rowId={(s) => s.SubscriptionID}
        empty={<Trans>No subscribers match these filters.</Trans>}
        failed={code ? <Trans>The subscribers could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
      />
      <Pager pages={pages} nextKey={list.isPlaceholderData ? undefined : list.data?.LastEvaluatedKey} busy={busy} label={t`Pages of subscribers`} />
    </div>
  );
}
