import * as v from 'valibot';
import { Bilingual, Currency, Money, defineCall, noBody } from './define.ts';
import { OrderPaymentStatus, PaymentMethod } from './orders.ts';

/**
 * Our addition (issue 29, 3; not a spec §7 call): the member's orders still waiting for payment, of every
 * kind, so that one left unpaid (an FPS booking whose page was closed) can be found again, paid (the same
 * order: create-product-payment, create-event-payment, create-subscription-payment or, for a walk-in's place at
 * a gathering, create-gathering-payment) or cancelled (cancelOrder) while its window is open. The kinds' own lists
 * keep their own orders.
 */

/**
 * The order kinds the shop sells (server/services/orders/index.ts), as the member knows them: a gathering's
 * product order is a product order; `gathering` is a walk-in's place at a gathering (paid on the Tonight page).
 */
export const UnpaidOrderKind = v.picklist(['product', 'event', 'subscription', 'gathering']);
export type UnpaidOrderKind = v.InferOutput<typeof UnpaidOrderKind>;

export const UnpaidOrder = v.object({
  Kind: UnpaidOrderKind,
  OrderID: v.string(),
  Reference: v.string(),
  /** What the order is for: its first product, the event (also of a gathering's place), or the subscription plan. */
  Title: Bilingual,
  Image: v.optional(v.string()),
  CreatedAt: v.string(),
  Total: Money,
  Currency,
  PaymentMethod,
  /** WaitForPayment, or PaymentFailed (the last attempt failed; it can be paid again). */
  PaymentStatus: OrderPaymentStatus,
  /** Until when it holds what it took and can be paid; after that it expires. */
  PayBefore: v.string(),
});
export type UnpaidOrder = v.InferOutput<typeof UnpaidOrder>;

/** The member's unpaid orders whose window is open, the one due first first. */
export const listUnpaidOrders = defineCall({
  name: 'list-unpaid-orders',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ OrderList: v.array(UnpaidOrder) }),
});
