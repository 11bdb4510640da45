/**
 * The back office's orders (issue 32, contract/staff-orders.ts): every kind in one list, shipping a parcel with
 * its tracking number (the fulfilment desk's shipOrder, as `npm run orders -- ship`), and cancelling an unpaid
 * order through the order core's cancel. Each change writes its audit row in the change's own transaction.
 */
import { and, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { PaymentMethod } from '../../../contract/orders.ts';
import type { StaffOrder, StaffOrderKind, StaffOrderSort } from '../../../contract/staff-orders.ts';
import type { Db } from '../../db/client.ts';
import { eventBookings, orderLines, orders, users } from '../../db/schema.ts';
import type { Clock, Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { cancelOrder } from './cancel.ts';
import { shipOrder, type ShipOptions } from './fulfilment.ts';
import { SHOP_ORDER_KINDS } from './index.ts';
import type { OrderRow } from './kind.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart, type SortKeyset } from '../keyset-pages.ts';
import { appendAudit } from '../staff/audit.ts';

/** The audit log's actions for an order shipped and an order cancelled through the back office. */
export const SHIP_ORDER_ACTION = 'order.ship';
export const CANCEL_ORDER_ACTION = 'order.cancel';

const orderColumns = {
  id: orders.id,
  reference: orders.reference,
  kind: orders.kind,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  userId: orders.userId,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  currency: orders.currency,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  fulfilmentStatus: orders.fulfilmentStatus,
  trackingNumber: orders.trackingNumber,
  // Bottles and boxes on its lines, and an event order's seats (each found by its order's key).
  itemCount: sql<number>`(coalesce((select sum(${orderLines.quantity}) from ${orderLines} where ${orderLines.orderId} = ${orders.id}), 0)
    + coalesce((select sum(${eventBookings.seats}) from ${eventBookings} where ${eventBookings.orderId} = ${orders.id}), 0))::int`,
};

type ListedRow = Awaited<ReturnType<typeof selectOrders>>[number];

const toStaffOrder = (r: ListedRow): StaffOrder => ({
  OrderID: r.id,
  Reference: r.reference,
  Kind: r.kind as StaffOrderKind,
  CreatedAt: r.createdAt.toISOString(),
  ...(r.paidAt ? { PaidAt: r.paidAt.toISOString() } : {}),
  Member: { UserID: r.userId, Email: r.email, Name: `${r.givenName} ${r.familyName}`.trim() },
  Currency: r.currency as Currency,
  Total: r.total,
  PaymentMethod: r.paymentMethod as PaymentMethod,
  PaymentStatus: r.paymentStatus,
  FulfilmentStatus: r.fulfilmentStatus,
  ...(r.trackingNumber ? { TrackingNumber: r.trackingNumber } : {}),
  ItemCount: Number(r.itemCount),
});

/** The order of staff-list-orders under each sort (contract StaffOrderSort): ties broken by creation, then id. */
const ORDER_SORTS: Record<StaffOrderSort['Field'], KeyPart[]> = {
  CreatedAt: [],
  Reference: [{ expr: orders.reference, type: 'text' }],
  Kind: [{ expr: orders.kind, type: 'text' }],
  Member: [{ expr: users.email, type: 'text' }],
  Total: [
    { expr: orders.currency, type: 'text' },
    { expr: orders.total, type: 'integer' },
  ],
  PaymentMethod: [{ expr: orders.paymentMethod, type: 'text' }],
};

const orderKeyset = (sort: StaffOrderSort) =>
  sortKeyset(sort.Field, sort.Direction, [
    ...ORDER_SORTS[sort.Field],
    { expr: orders.createdAt, type: 'timestamptz' },
    { expr: orders.id, type: 'text' },
  ]);

const NEWEST_FIRST = orderKeyset({ Field: 'CreatedAt', Direction: 'desc' });

const selectOrders = (db: Db, where: SQL | undefined, limit: number, keyset: SortKeyset = NEWEST_FIRST) =>
  db
    .select({ ...orderColumns, pageKey: keysetColumn(keyset) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...keysetOrder(keyset))
    .limit(limit);

/** One order as staff see it. */
export async function describeStaffOrder(db: Db, orderId: string): Promise<StaffOrder> {
  const [row] = await selectOrders(db, eq(orders.id, orderId), 1);
  if (!row) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Order not found', 'OrderID');
  return toStaffOrder(row);
}

/** A LIKE pattern matching what begins with `text` (its own % _ and \ taken literally). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface StaffOrderQuery {
  kind?: StaffOrderKind | undefined;
  paymentStatus?: OrderRow['paymentStatus'] | undefined;
  fulfilmentStatus?: OrderRow['fulfilmentStatus'] | undefined;
  /** A reference or a member's e-mail, whole or its beginning. */
  query?: string | undefined;
  size: number;
  /** Newest first when absent. */
  sort?: StaffOrderSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/**
 * staff-list-orders: newest first by default (created_at, id descending: orders_created_idx, or
 * orders_kind_created_idx for one kind), or as `sort` asks; filtered and paged on the server. The query finds
 * references by their beginning (stored upper-case) and members by their e-mail's beginning (stored lower-case).
 */
export async function listStaffOrders(db: Db, q: StaffOrderQuery): Promise<{ OrderList: StaffOrder[]; LastEvaluatedKey?: string }> {
  const conditions: SQL[] = [];
  if (q.kind) conditions.push(eq(orders.kind, q.kind));
  if (q.paymentStatus) conditions.push(eq(orders.paymentStatus, q.paymentStatus));
  if (q.fulfilmentStatus) conditions.push(eq(orders.fulfilmentStatus, q.fulfilmentStatus));
  if (q.query) {
    const members = db.select({ id: users.id }).from(users).where(like(users.email, prefixPattern(q.query.toLowerCase())));
    conditions.push(or(like(orders.reference, prefixPattern(q.query.toUpperCase())), inArray(orders.userId, members))!);
  }
  const keyset = q.sort ? orderKeyset(q.sort) : NEWEST_FIRST;
  const after = afterPageKey(keyset, q.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await selectOrders(db, and(...conditions), q.size + 1, keyset);
  const next = nextPageKey(keyset, rows, q.size);
  return { OrderList: rows.slice(0, q.size).map(toStaffOrder), ...(next ? { LastEvaluatedKey: next } : {}) };
}

/** What an audit row keeps of an order: enough to see the change. */
const auditView = (o: OrderRow, extra: Record<string, unknown> = {}) => ({
  Reference: o.reference,
  Kind: o.kind,
  PaymentStatus: o.paymentStatus,
  FulfilmentStatus: o.fulfilmentStatus,
  TrackingNumber: o.trackingNumber ?? null,
  ...extra,
});

/** The audit row of a shipment, in its transaction; actorUserId null: the command line (npm run orders -- ship). */
export const auditShipped =
  (clock: Clock, actorUserId: string | null): NonNullable<ShipOptions['onShipped']> =>
  (tx, shipped, before) =>
    appendAudit(tx, { at: clock.now(), actorUserId, action: SHIP_ORDER_ACTION, target: `order:${shipped.id}`, before: auditView(before), after: auditView(shipped) });

/** staff-ship-order: the paid parcel shipped with its tracking number, the member mailed and pushed once. */
export async function staffShipOrder(deps: Deps, actorUserId: string, orderId: string, trackingNumber: string): Promise<StaffOrder> {
  const { outcome } = await shipOrder(deps, { orderId }, { trackingNumber, onShipped: auditShipped(deps.clock, actorUserId) });
  switch (outcome) {
    case 'shipped':
      return describeStaffOrder(deps.db, orderId);
    case 'alreadyShipped':
      throw new ApiError(400, ErrorCode.OrderAlreadyShipped, 'This order has already been shipped', 'OrderID');
    case 'notPaid':
      throw new ApiError(400, ErrorCode.InvalidParameter, 'Only a paid order can be shipped: this one is unpaid, cancelled or expired', 'OrderID');
    case 'notParcel':
      throw new ApiError(400, ErrorCode.InvalidParameter, 'This order has nothing to ship (event seats, or picked up at a gathering)', 'OrderID');
    case 'notFound':
      throw new ApiError(400, ErrorCode.ObjectNotFound, 'Order not found', 'OrderID');
  }
}

const paidOrderRefused = () =>
  new ApiError(400, ErrorCode.InvalidParameter, 'This order is paid: it cannot be cancelled here. Its money goes back through a refund', 'OrderID');

/**
 * staff-cancel-order: an unpaid order cancelled through the order core's cancel (its hold given back), with its
 * audit row in the cancelling transaction. A closed order is answered as it is; a paid one is refused.
 */
export async function staffCancelOrder(deps: Deps, actorUserId: string, orderId: string, reason: string): Promise<StaffOrder> {
  const [order] = await deps.db.select({ userId: orders.userId, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Order not found', 'OrderID');
  if (order.paymentStatus === 'Paid') throw paidOrderRefused();
  try {
    await cancelOrder(deps, SHOP_ORDER_KINDS, order.userId, orderId, (tx, before, after) =>
      appendAudit(tx, {
        at: deps.clock.now(),
        actorUserId,
        action: CANCEL_ORDER_ACTION,
        target: `order:${orderId}`,
        before: auditView(before),
        after: auditView(after, { Reason: reason }),
      }),
    );
  } catch (err) {
    // Its payment went through while it was being cancelled: paid after all.
    if (err instanceof ApiError && err.field === 'orderID') throw paidOrderRefused();
    throw err;
  }
  return describeStaffOrder(deps.db, orderId);
}
