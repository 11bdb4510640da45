import * as v from 'valibot';
import { Currency, defineCall, Id } from './define.ts';
import { FulfilmentStatus, OrderPaymentStatus, PaymentMethod } from './orders.ts';
import { CancelReason, TrackingNumber } from './staff-fields.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * The back office's orders (issue 32): every kind in one list, filtered by kind and status and paged on the
 * server; staff ship a parcel with its tracking number (the member is mailed and pushed, as
 * `npm run orders -- ship` does) and cancel an unpaid order. Each change is one audit_log row.
 */

/** The order kinds (orders.kind): the bag's, an event's seats, a subscription's box, a gathering's cart, a walk-in's place. */
export const StaffOrderKind = v.picklist(['product', 'event', 'subscription', 'gathering', 'gathering-place']);
export type StaffOrderKind = v.InferOutput<typeof StaffOrderKind>;

/** An order as staff see it. */
export const StaffOrder = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  Kind: StaffOrderKind,
  /** ISO 8601. */
  CreatedAt: v.string(),
  PaidAt: v.optional(v.string()),
  Member: v.object({ UserID: v.string(), Email: v.string(), Name: v.string() }),
  Currency,
  /** In the order's currency, minor units. */
  Total: v.number(),
  PaymentMethod,
  PaymentStatus: OrderPaymentStatus,
  FulfilmentStatus,
  /** The courier's, once shipped by staff. */
  TrackingNumber: v.optional(v.string()),
  /** Bottles and boxes on its lines, plus an event order's seats. */
  ItemCount: v.number(),
});
export type StaffOrder = v.InferOutput<typeof StaffOrder>;

export const STAFF_ORDERS_PAGE_MAX = 100;

/**
 * How staff-list-orders sorts (contract/staff-sort.ts): CreatedAt (the default, newest first), Reference, Kind
 * (then by CreatedAt), Member (the member's e-mail, then CreatedAt), Total (by Currency, then the amount),
 * PaymentMethod (then CreatedAt).
 */
export const StaffOrderSort = sortOf(['CreatedAt', 'Reference', 'Kind', 'Member', 'Total', 'PaymentMethod']);
export type StaffOrderSort = v.InferOutput<typeof StaffOrderSort>;

/**
 * Orders of every kind, newest first unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from
 * the previous page of the same sort continues). Query finds a reference or a member's e-mail, exactly or by its
 * beginning. "To pack": PaymentStatus 'Paid' and FulfilmentStatus 'InProcess'; shipped: FulfilmentStatus
 * 'Completed'; cancelled: PaymentStatus 'Cancelled'.
 */
export const staffListOrders = defineCall({
  name: 'staff-list-orders',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Kind: v.optional(StaffOrderKind),
    PaymentStatus: v.optional(OrderPaymentStatus),
    FulfilmentStatus: v.optional(FulfilmentStatus),
    Query: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254))),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_ORDERS_PAGE_MAX)), 50),
    Sort: v.optional(StaffOrderSort, { Field: 'CreatedAt', Direction: 'desc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ OrderList: v.array(StaffOrder), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Ships a paid parcel (a product order, a subscription's box, a gathering order being delivered) with the
 * courier's tracking number: FulfilmentStatus Completed, the member mailed and pushed once. Shipped already:
 * 400 OrderAlreadyShipped; not paid, cancelled, or nothing to ship: 400 InvalidParameter naming OrderID.
 */
export const staffShipOrder = defineCall({
  name: 'staff-ship-order',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    OrderID: Id,
    TrackingNumber,
  }),
  response: v.object({ Order: StaffOrder }),
});

/**
 * Cancels an unpaid order through the order core (what it held goes back: stock, seats, pours). A cancelled or
 * expired order is answered as it is. A paid order is refused 400 InvalidParameter naming OrderID: its money
 * goes back through the refund path.
 */
export const staffCancelOrder = defineCall({
  name: 'staff-cancel-order',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    OrderID: Id,
    Reason: CancelReason,
  }),
  response: v.object({ Order: StaffOrder }),
});
