import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { STAFF_ORDERS_PAGE_MAX, StaffOrderKind, StaffOrderSort, type StaffOrder } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useMethodName, useOrderStatusText } from '../../ui/order-words.ts';
import { useAdminErrorText, useKindName } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, ListSearchField, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { CancelOrderDialog, ShipOrderDialog } from './OrderActions.tsx';
import { adminQueries, type OrderFilters } from './queries.ts';

/** "To pack" and the other statuses staff look for, as staff-list-orders filters them. */
const STATUS_FILTERS = {
  all: {},
  toPack: { PaymentStatus: 'Paid', FulfilmentStatus: 'InProcess' },
  shipped: { FulfilmentStatus: 'Completed' },
  waiting: { PaymentStatus: 'WaitForPayment' },
  failed: { PaymentStatus: 'PaymentFailed' },
  cancelled: { PaymentStatus: 'Cancelled' },
  expired: { PaymentStatus: 'Expired' },
} as const satisfies Record<string, Pick<OrderFilters, 'PaymentStatus' | 'FulfilmentStatus'>>;
type StatusFilter = keyof typeof STATUS_FILTERS;

/** staff-list-orders's order without a Sort. */
const NEWEST_FIRST: StaffOrderSort = { Field: 'CreatedAt', Direction: 'desc' };

/** Kinds that are never a parcel: the server refuses to ship them, so the button is not offered. */
const NOT_PARCELS: ReadonlySet<string> = new Set(['event', 'gathering-place']);
const canShip = (o: StaffOrder) => o.PaymentStatus === 'Paid' && o.FulfilmentStatus === 'InProcess' && !NOT_PARCELS.has(o.Kind);
const canCancel = (o: StaffOrder) => o.PaymentStatus === 'WaitForPayment' || o.PaymentStatus === 'PaymentFailed';

type Action = { type: 'ship' | 'cancel'; order: StaffOrder };

/** The back office's orders (issue 32): every kind in one table, filtered and paged on the server; ship and cancel. */
export function OrdersScreen() {
  const { api } = useServices();
  const { t } = useLingui();
  const kindName = useKindName();
  const statusText = useOrderStatusText();
  const methodName = useMethodName();
  const errorText = useAdminErrorText();
  const [kind, setKind] = useState<StaffOrderKind | ''>('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [size, setSize] = useState<number>(25);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState('');
  const pages = useKeysetPages();
  const sort = useListSort<StaffOrderSort['Field']>(pages);

  const filters: OrderFilters = { ...(kind ? { Kind: kind } : {}), ...STATUS_FILTERS[status], ...(query ? { Query: query } : {}), Size: size, ...sort.body };
  const list = useQuery(adminQueries.orders(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;

  const columns = useMemo((): AdminColumn<StaffOrder>[] => {
    const col = adminColumns<StaffOrder>();
    return [
      col.accessor('Reference', { header: () => t`Reference`, cell: (c) => <span className="admin-mono">{c.getValue()}</span> }),
      col.accessor('Kind', { header: () => t`Kind`, cell: (c) => kindName(c.getValue()) }),
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
      col.accessor('CreatedAt', { header: () => t`Placed`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.accessor('Total', { header: () => t`Total`, sortDescFirst: true, cell: (c) => <Price amount={c.getValue()} currency={c.row.original.Currency} /> }),
      col.accessor('PaymentMethod', { header: () => t`Paid by`, cell: (c) => methodName(c.getValue()) }),
      col.display({
        id: 'status',
        header: () => t`Status`,
        cell: (c) => {
          const o = c.row.original;
          const tracking = o.TrackingNumber;
          return (
            <>
              {statusText(o)}
              {tracking && (
                <>
                  <br />
                  <span className="muted small">
                    <Trans>Tracking: {tracking}</Trans>
                  </span>
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
          const o = c.row.original;
          const reference = o.Reference;
          return (
            <div className="admin-actions">
              {canShip(o) && (
                <button type="button" className="button small" aria-label={t`Ship order ${reference}`} onClick={() => setAction({ type: 'ship', order: o })}>
                  <Trans>Ship</Trans>
                </button>
              )}
              {canCancel(o) && (
                <button type="button" className="button small danger-text" aria-label={t`Cancel order ${reference}`} onClick={() => setAction({ type: 'cancel', order: o })}>
                  <Trans>Cancel</Trans>
                </button>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, kindName, statusText, methodName]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery(typed.trim());
    pages.reset();
  };
  const finished = (message: string) => {
    setAction(null);
    setDone(message);
  };

  return (
    <section className="admin-screen" aria-labelledby="admin-orders-title">
      <h2 id="admin-orders-title">
        <Trans>Orders</Trans>
      </h2>
      <form className="admin-filters" onSubmit={search} role="search" aria-label={t`Find orders`}>
        <FilterSelect
          label={<Trans>Kind</Trans>}
          value={kind}
          onChange={setKind}
          pages={pages}
          options={[{ value: '', label: t`Every kind` }, ...StaffOrderKind.options.map((k) => ({ value: k, label: kindName(k) }))]}
        />
        <FilterSelect
          label={<Trans>Status</Trans>}
          value={status}
          onChange={setStatus}
          pages={pages}
          options={[
            { value: 'all', label: t`Every status` },
            { value: 'toPack', label: t`To pack (paid, not shipped)` },
            { value: 'shipped', label: t`Shipped` },
            { value: 'waiting', label: t`Waiting for payment` },
            { value: 'failed', label: t`Payment failed` },
            { value: 'cancelled', label: t`Cancelled` },
            { value: 'expired', label: t`Expired` },
          ]}
        />
        <PageSizeField value={size} max={STAFF_ORDERS_PAGE_MAX} onChange={setSize} pages={pages} />
        <ListSearchField label={<Trans>Reference or e-mail</Trans>} value={typed} maxLength={254} onChange={setTyped} />
      </form>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={sort.chosen ? <Trans>Orders</Trans> : <Trans>Orders, newest first</Trans>}
        columns={columns}
        rows={list.data?.OrderList}
        rowId={(o) => o.OrderID}
        empty={<Trans>No orders match these filters.</Trans>}
        failed={code ? <Trans>The orders could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffOrderSort.entries.Field.options, NEWEST_FIRST)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of orders`} />
      {action?.type === 'ship' && (
        <ShipOrderDialog
          order={action.order}
          onClose={() => setAction(null)}
          onShipped={({ Reference: reference, TrackingNumber: tracking = '' }) => finished(t`Order ${reference} shipped with tracking number ${tracking}.`)}
        />
      )}
      {action?.type === 'cancel' && (
        <CancelOrderDialog order={action.order} onClose={() => setAction(null)} onCancelled={({ Reference: reference }) => finished(t`Order ${reference} cancelled.`)} />
      )}
    </section>
  );
}
