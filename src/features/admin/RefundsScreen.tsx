import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { REFUND_PAGE_MAX, RefundSort, type StaffRefund } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useMethodName } from '../../ui/order-words.ts';
import { useAdminErrorText, useKindName, useRefundReason } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { PayoutDialog } from './PayoutDialog.tsx';
import { adminQueries, type RefundFilters } from './queries.ts';

type Shown = NonNullable<RefundFilters['Status']>;

/** list-refund-requests's order without a Sort: what is owed oldest first (a queue), the rest newest first. */
const defaultSort = (shown: Shown): RefundSort => ({ Field: 'CreatedAt', Direction: shown === 'open' ? 'asc' : 'desc' });

/** Refunds owed and paid (issue 32): the open ones oldest first, a queue to work through; each paid out once. */
export function RefundsScreen() {
  const { api } = useServices();
  const { t } = useLingui();
  const kindName = useKindName();
  const methodName = useMethodName();
  const reasonText = useRefundReason();
  const errorText = useAdminErrorText();
  const [shown, setShown] = useState<Shown>('open');
  const [size, setSize] = useState(25);
  const [paying, setPaying] = useState<StaffRefund | null>(null);
  const pages = useKeysetPages();
  const sort = useListSort<RefundSort['Field']>(pages);
  const list = useQuery(adminQueries.refunds(api, { Status: shown, Size: size, ...sort.body }, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';

  const columns = useMemo((): AdminColumn<StaffRefund>[] => {
    const col = adminColumns<StaffRefund>();
    return [
      col.accessor('Reference', { header: () => t`Order`, cell: (c) => <span className="admin-mono">{c.getValue() || '—'}</span> }),
      col.accessor('Kind', { header: () => t`Kind`, cell: (c) => kindName(c.getValue()) }),
      col.accessor('Amount', { header: () => t`Amount`, sortDescFirst: true, cell: (c) => <Price amount={c.getValue()} currency={c.row.original.Currency} /> }),
      col.accessor('PaymentMethod', { header: () => t`Goes back by`, cell: (c) => (c.getValue() ? methodName(c.getValue()!) : t`As it was paid`) }),
      col.accessor('Reason', { header: () => t`Why`, cell: (c) => reasonText(c.getValue()) }),
      col.accessor('CreatedAt', { header: () => t`Owed since`, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.display({
        id: 'status',
        header: () => t`Status`,
        cell: (c) => {
          const r = c.row.original;
          if (r.Status === 'open') return t`Open`;
          if (r.Status === 'paying') return t`Being paid out`;
          const when = r.PaidAt ? hongKongDateTime(r.PaidAt) : '';
          return (
            <>
              <Trans>Paid {when}</Trans>
              {(r.ProviderRefundID ?? r.BankReference) && (
                <>
                  <br />
                  <span className="muted small admin-mono">{r.ProviderRefundID ?? r.BankReference}</span>
                </>
              )}
            </>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const r = c.row.original;
          if (r.Status === 'paid') return null;
          const reference = r.Reference || r.OrderID;
          return (
            <button type="button" className="button small primary" aria-label={t`Pay out the refund of order ${reference}`} onClick={() => setPaying(r)}>
              <Trans>Pay out</Trans>
            </button>
          );
        },
      }),
    ];
  }, [t, kindName, methodName, reasonText]);

  return (
    <section className="admin-screen" aria-labelledby="admin-refunds-title">
      <h2 id="admin-refunds-title">
        <Trans>Refunds</Trans>
      </h2>
      <div className="admin-filters">
        <FilterSelect
          label={<Trans>Show</Trans>}
          value={shown}
          onChange={setShown}
          pages={pages}
          options={[
            { value: 'open', label: t`Owed` },
            { value: 'paid', label: t`Paid` },
            { value: 'all', label: t`All` },
          ]}
        />
        <PageSizeField value={size} max={REFUND_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <AdminTable
        caption={
          sort.chosen ? (
            shown === 'open' ? <Trans>Refunds owed</Trans> : <Trans>Refunds</Trans>
          ) : shown === 'open' ? (
            <Trans>Refunds owed, oldest first</Trans>
          ) : (
            <Trans>Refunds, newest first</Trans>
          )
        }
        columns={columns}
        rows={list.data?.RefundList}
        rowId={(r) => r.RefundID}
        empty={shown === 'open' ? <Trans>No refund is owed.</Trans> : <Trans>No refunds here.</Trans>}
        failed={code ? <Trans>The refunds could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
        sort={sort.table(RefundSort.entries.Field.options, defaultSort(shown))}
      />
      <Pager pages={pages} list={list} busy={list.isFetching} label={t`Pages of refunds`} />
      {paying && <PayoutDialog refund={paying} onClose={() => setPaying(null)} />}
    </section>
  );
}
