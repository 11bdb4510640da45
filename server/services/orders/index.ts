/**
 * The shop's orders: the order kinds this server knows, and the entry points that the HTTP routes and
 * the jobs runner reach without naming a kind (a webhook or a return from a provider's page finds the
 * order's kind from the order). A new order kind is a module implementing OrderKind (kind.ts; see
 * product/kind.ts) plus one entry in SHOP_ORDER_KINDS; placing, paying, settling, expiry and
 * cancelling need no change.
 *
 * Modules, one job each: kind.ts (what a kind brings; statuses), place.ts, hold.ts (expiry scheduled,
 * hold kept or given back), payments.ts (starting payments, checkout, returning from a provider),
 * settle.ts (every payment outcome, webhooks, refunds), reconcile.ts (asking the provider what it
 * holds: before expiry, at start-up, on a sweep), expire.ts, cancel.ts, read.ts, cards.ts, staff.ts (the back
 * office's order list, shipping and cancelling); what every kind prices with: totals.ts (the arithmetic), pricing.ts (shipping, taxes, the HKD total), coupons.ts; and
 * product/ (the product kind: the bag, re-pricing, ProductOrder descriptions) and event/
 * (the event kind: seats of a session, guests and tickets) and subscription/ (a box-set subscription's cycles)
 * and gathering/ (a gathering's product orders, and a walk-in's place at a gathering).
 */
import type { Deps } from '../../deps.ts';
import type { JobHandlers } from '../jobs/queue.ts';
import { expireOrderJob } from './expire.ts';
import { ORDER_EXPIRY_JOB } from './hold.ts';
import { orderKinds } from './kind.ts';
import { returnPath as returnPathOf } from './payments.ts';
import { eventOrderKind } from './event/kind.ts';
import { gatheringOrderKind } from './gathering/kind.ts';
import { gatheringPlaceOrderKind } from './gathering/place.ts';
import { productOrderKind } from './product/kind.ts';
import { subscriptionOrderKind } from './subscription/kind.ts';
import { PAYMENT_RECONCILE_JOB, reconcileSweepJob } from './reconcile.ts';
import { receiveWebhook as receiveWebhookOf } from './settle.ts';

export const SHOP_ORDER_KINDS = orderKinds([productOrderKind, eventOrderKind, subscriptionOrderKind, gatheringOrderKind, gatheringPlaceOrderKind]);

/** The jobs the order core schedules, for the shop's runner (services/jobs.ts). */
export const orderJobHandlers = (kinds = SHOP_ORDER_KINDS): JobHandlers => ({
  [ORDER_EXPIRY_JOB]: expireOrderJob(kinds),
  [PAYMENT_RECONCILE_JOB]: reconcileSweepJob(kinds),
});

/** POST /api/payments/webhook and the sandbox's deliveries. */
export const receiveWebhook = (deps: Deps, rawBody: string, header: (name: string) => string | undefined) =>
  receiveWebhookOf(deps, SHOP_ORDER_KINDS, rawBody, header);

/** GET PAYMENT_RETURN_PATH/:orderId. */
export const returnPath = (deps: Deps, orderId: string, paymentId: string | undefined) => returnPathOf(deps, SHOP_ORDER_KINDS, orderId, paymentId);

export { ORDER_EXPIRY_JOB } from './hold.ts';
export { PAYMENT_RECONCILE_JOB, reconcileAtStart } from './reconcile.ts';
export { PAYMENT_RETURN_PATH } from './provider.ts';
