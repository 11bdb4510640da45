import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { STAFF_ORDERS_PAGE_MAX, StaffOrderKind, type StaffOrder } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useMethodName, useOrderStatusText } from '../../ui/order-words.ts';
import { useAdminErrorText, useKindName } from './admin-words.ts';
import { adminColumns, AdminTable, Pager, useKeysetPages, type AdminColumn } from './AdminTable.tsx';
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

export const PAGE_SIZES = [10, 25, 50, STAFF_ORDERS_PAGE_MAX] as const;

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
  const ids = { kind: useId(), status: useId(), size: useId(), query: useId() };

  const filters: OrderFilters = { ...(kind ? { Kind: kind } : {}), ...STATUS_FILTERS[status], ...(query ? { Query: query } : {}), Size: size };
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
      col.accessor('CreatedAt', { header: () => t`Placed`, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.display({ id: 'total', header: () => t`Total`, cell: (c) => <Price amount={c.row.original.Total} currency={c.row.original.Currency} /> }),
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
        <div className="field">
          <label htmlFor={ids.kind}>
            <Trans>Kind</Trans>
          </label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as StaffOrderKind | '');
              pages.reset();
            }}
          >
            <option value="">{t`Every kind`}</option>
            {StaffOrderKind.options.map((k) => (
              <option key={k} value={k}>
                {kindName(k)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>
            <Trans>Status</Trans>
          </label>
          <select
            id={ids.status}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              pages.reset();
            }}
          >
            <option value="all">{t`Every status`}</option>
            <option value="toPack">{t`To pack (paid, not shipped)`}</option>
            <option value="shipped">{t`Shipped`}</option>
            <option value="waiting">{t`Waiting for payment`}</option>
            <option value="failed">{t`Payment failed`}</option>
            <option value="cancelled">{t`Cancelled`}</option>
            <option value="expired">{t`Expired`}</option>
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
        <div className="field admin-search">
          <label htmlFor={ids.query}>
            <Trans>Reference or e-mail</Trans>
          </label>
          <input id={ids.query} type="search" value={typed} maxLength={254} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
      </form>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={<Trans>Orders, newest first</Trans>}
        columns={columns}
        rows={list.data?.OrderList}
        rowId={(o) => o.OrderID}
        empty={<Trans>No orders match these filters.</Trans>}
        failed={code ? <Trans>The orders could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
      />
      <Pager pages={pages} nextKey={list.isPlaceholderData ? undefined : list.data?.LastEvaluatedKey} busy={busy} label={t`Pages of orders`} />
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
