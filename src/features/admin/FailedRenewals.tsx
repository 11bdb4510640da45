import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { FailedRenewalReason, FailedRenewalSort, staffRetryRenewal, STAFF_SUBSCRIPTIONS_PAGE_MAX, type FailedRenewal } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { couponSubscriptionQueries, SUBSCRIPTIONS_KEY } from './coupon-subscription-queries.ts';
import { useSubscriptionWords } from './subscription-admin-words.ts';

/** staff-list-failed-renewals's order without a Sort. */
const NEWEST_FIRST: FailedRenewalSort = { Field: 'At', Direction: 'desc' };

/** What a press of Retry now came to, said above the table (the row may leave it once renewed). */
type Said = { text: string; failed: boolean };

/** Renewals that failed, newest first, filtered by why; a renewal waiting on stock may be tried again now. */
export function FailedRenewals() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const words = useSubscriptionWords();
  const errorText = useAdminErrorText();
  const [reason, setReason] = useState<FailedRenewalReason | ''>('');
  const [size, setSize] = useState<number>(25);
  const [said, setSaid] = useState<Said | null>(null);
  const pages = useKeysetPages();
  const sort = useListSort<FailedRenewalSort['Field']>(pages);
  const filters = { ...(reason ? { Reason: reason } : {}), Size: size, ...sort.body };
  const list = useQuery(couponSubscriptionQueries.failedRenewals(api, filters, pages.key));
  const code = errorCode(list.error);
  const loadReason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;
  const zh = i18n.locale.startsWith('zh');

  const columns = useMemo((): AdminColumn<FailedRenewal>[] => {
    const col = adminColumns<FailedRenewal>();
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
      col.accessor('Reason', {
        header: () => t`Why`,
        cell: (c) => {
          const attempts = c.row.original.Attempts;
          return (
            <>
              {words.reason(c.getValue())}
              {attempts !== undefined && (
                <>
                  <br />
                  <span className="muted small">
                    <Trans>Tries: {attempts}</Trans>
                  </span>
                </>
              )}
            </>
          );
        },
      }),
      col.accessor('BillingDate', { header: () => t`Billing date`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.accessor('At', { header: () => t`Failed on`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.display({
        id: 'then',
        header: () => t`What happens next`,
        cell: (c) => {
          const r = c.row.original;
          const giveUp = r.GiveUpAt ? hongKongDateTime(r.GiveUpAt) : '';
          const next = r.NextBillingDate ? hongKongDateTime(r.NextBillingDate) : '';
          const ended = hongKongDateTime(r.At);
          if (giveUp) return <Trans>Skipped on {giveUp} if still out of stock</Trans>;
          if (next) return <Trans>Goes on to {next}</Trans>;
          return <Trans>Ended on {ended}</Trans>;
        },
      }),
      col.accessor('Status', { header: () => t`Subscription`, cell: (c) => words.status(c.getValue()) }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => (c.row.original.Reason === 'OutOfStockWaiting' ? <RetryButton renewal={c.row.original} onSaid={setSaid} /> : null),
      }),
    ];
  }, [t, zh, words]);

  return (
    <div className="subscriptions-part">
      <h3 id="admin-failed-renewals-title">
        <Trans>Failed renewals</Trans>
      </h3>
      <div className="admin-filters" role="group" aria-labelledby="admin-failed-renewals-title">
        <FilterSelect
          label={<Trans>Why it failed</Trans>}
          value={reason}
          onChange={setReason}
          pages={pages}
          options={[{ value: '', label: t`Every reason` }, ...FailedRenewalReason.options.map((r) => ({ value: r, label: words.reason(r) }))]}
        />
        <PageSizeField value={size} max={STAFF_SUBSCRIPTIONS_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <p className={said?.failed ? 'form-error' : 'admin-done'} role="status">
        {said?.text}
      </p>
      <AdminTable
        caption={sort.chosen ? <Trans>Failed renewals</Trans> : <Trans>Failed renewals, newest first</Trans>}
        columns={columns}
        rows={list.data?.RenewalList}
        rowId={(r) => `${r.Reason}:${r.SubscriptionID}:${r.BillingDate}`}
        empty={<Trans>No renewals have failed.</Trans>}
        failed={code ? <Trans>The failed renewals could not be loaded. {loadReason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(FailedRenewalSort.entries.Field.options, NEWEST_FIRST)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of failed renewals`} />
    </div>
  );
}

/**
 * Tries a renewal waiting on stock again now. One press at a time: a second click while the first is on its way
 * sends nothing (the server would answer InProgress, harmlessly, but staff should see one answer).
 */
function RetryButton({ renewal, onSaid }: { renewal: FailedRenewal; onSaid: (said: Said) => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const words = useSubscriptionWords();
  const errorText = useAdminErrorText();
  // A ref, not the mutation's state: two clicks in one frame both see isPending false.
  const sending = useRef(false);
  const email = renewal.Member.Email;
  const retry = useMutation({
    mutationFn: () => api.call(staffRetryRenewal, { SubscriptionID: renewal.SubscriptionID }),
    onSuccess: ({ Outcome }) => {
      const outcome = words.outcome(Outcome);
      onSaid({ text: t`${email}: ${outcome}`, failed: false });
    },
    onError: (error) => {
      const code = errorCode(error);
      const why =
        code === 'InvalidParameter' ? t`This renewal is no longer waiting on stock.` : code === 'ObjectNotFound' ? t`This subscription no longer exists.` : errorText(code ?? 'UnknownError', 'load');
      onSaid({ text: t`${email}: ${why}`, failed: true });
    },
    onSettled: async () => {
      sending.current = false;
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
    },
    meta: { handlesErrors: true },
  });
  const press = () => {
    if (sending.current) return;
    sending.current = true;
    retry.mutate();
  };
  return (
    <button type="button" className="button small" aria-label={t`Retry the renewal of ${email} now`} disabled={retry.isPending} aria-busy={retry.isPending} onClick={press}>
      {retry.isPending ? <Trans>Retrying…</Trans> : <Trans>Retry now</Trans>}
    </button>
  );
}
