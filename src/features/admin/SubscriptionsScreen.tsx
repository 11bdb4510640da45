import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { STAFF_SUBSCRIPTIONS_PAGE_MAX, StaffSubscriptionSort, type StaffSubscription, type StaffSubscriptionPlan, type SubscriptionStatus } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { couponSubscriptionQueries } from './coupon-subscription-queries.ts';
import { FailedRenewals } from './FailedRenewals.tsx';
import { PlanDialog } from './PlanDialog.tsx';
import { useSubscriptionWords } from './subscription-admin-words.ts';
import './coupons-subscriptions.css';

/** staff-list-subscriptions's order without a Sort. */
const NEWEST_FIRST: StaffSubscriptionSort = { Field: 'CreatedAt', Direction: 'desc' };
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
  const sort = useListSort<StaffSubscriptionSort['Field']>(pages);
  const filters = { ...(status ? { Status: status } : {}), ...(plan ? { PlanID: plan } : {}), Size: size, ...sort.body };
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
      col.accessor('NextBillingDate', {
        header: () => t`Next billing (Hong Kong time)`,
        sortDescFirst: true,
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
      col.accessor('CreatedAt', { header: () => t`Subscribed`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
    ];
  }, [t, zh, words]);

  return (
    <div className="subscriptions-part">
      <h3 id="admin-subscribers-title">
        <Trans>Subscribers</Trans>
      </h3>
      <div className="admin-filters" role="group" aria-labelledby="admin-subscribers-title">
        <FilterSelect
          label={<Trans>Status</Trans>}
          value={status}
          onChange={setStatus}
          pages={pages}
          options={[{ value: '', label: t`Every status` }, ...STATUSES.map((s) => ({ value: s, label: words.status(s) }))]}
        />
        <FilterSelect
          label={<Trans>Plan</Trans>}
          value={plan}
          onChange={setPlan}
          pages={pages}
          options={[{ value: '', label: t`Every plan` }, ...plans.map((p) => ({ value: p.PlanID, label: zh ? p.Name.zh : p.Name.en }))]}
        />
        <PageSizeField value={size} max={STAFF_SUBSCRIPTIONS_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <AdminTable
        caption={sort.chosen ? <Trans>Subscribers</Trans> : <Trans>Subscribers, newest first</Trans>}
        columns={columns}
        rows={list.data?.SubscriptionList}
        rowId={(s) => s.SubscriptionID}
        empty={<Trans>No subscribers match these filters.</Trans>}
        failed={code ? <Trans>The subscribers could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffSubscriptionSort.entries.Field.options, NEWEST_FIRST)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of subscribers`} />
    </div>
  );
}
