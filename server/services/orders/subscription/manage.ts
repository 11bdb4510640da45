/**
 * What a member does with a subscription (issue 18): subscribe (the first cycle's order placed and paid
 * through the order core), pay a cycle waiting for them, change where boxes go and how renewals are paid,
 * cancel. Renewals themselves are renewals.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { DeliveryAddress } from '../../../../contract/account.ts';
import type { Currency } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { PaymentMethod, PaymentStart } from '../../../../contract/orders.ts';
import type { SubscriptionDelivery, SubscriptionDeliveryChange, SubscriptionRecord } from '../../../../contract/subscriptions.ts';
import { orders, subscriptionCycles, subscriptions } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { savedCards } from '../cards.ts';
import { cancelOrder } from '../cancel.ts';
import { SHOP_ORDER_KINDS as kinds } from '../index.ts';
import { inTransaction, isUnpaid } from '../kind.ts';
import { checkout, payOrder } from '../payments.ts';
import { ownOrder } from '../read.ts';
import { newSubscriptionId, SUBSCRIPTION_ORDER, subscriptionCycleOf, subscriptionEnded, subscriptionOrderKind } from './kind.ts';
import { describeSubscription, ownSubscription } from './describe.ts';
import { lockSubscription, scheduleRenewal } from './lifecycle.ts';
import { deliveryRequired, inServiceRange, recipientName } from './plans.ts';

/** A saved card of the member's, named by the field the call took it in. */
async function requireCard(deps: Deps, userId: string, cardId: string | undefined, field: string): Promise<string> {
  if (!cardId) throw new ApiError(400, ErrorCode.MissingParameter, `${field} is required to pay by card`, field);
  const cards = await savedCards(deps, userId);
  if (!cards.some((c) => c.id === cardId)) throw new ApiError(400, ErrorCode.InvalidParameter, `${field} is not one of your saved cards`, field);
  return cardId;
}

export interface SubscribeRequest {
  userId: string;
  language: 'en' | 'zh';
  currency: Currency;
  method: PaymentMethod;
  planId: string;
  cardId?: string | undefined;
  couponCode?: string | undefined;
  ageConfirmed: boolean;
}

/** create-subscription: the first cycle's order, placed and paid like any other; the subscription starts when it is paid. */
export async function subscribe(deps: Deps, r: SubscribeRequest): Promise<PaymentStart & { RecordID: string }> {
  const cardId = r.method === 'CreditCard' ? await requireCard(deps, r.userId, r.cardId, 'PaymentMethodID') : undefined;
  const subscriptionId = newSubscriptionId();
  const started = await checkout(deps, kinds, subscriptionOrderKind, {
    userId: r.userId,
    language: r.language,
    currency: r.currency,
    method: r.method,
    cardId,
    order: { first: { subscriptionId, planId: r.planId, language: r.language, cardId, couponCode: r.couponCode, ageConfirmed: r.ageConfirmed } },
  });
  // A repeat of an earlier request (orders/place.ts) answers the subscription that request placed.
  const placed = await subscriptionCycleOf(deps.db, started.OrderID);
  return { ...started, RecordID: placed?.subscriptionId ?? subscriptionId };
}

/** create-subscription-payment: pays a subscription order of the member's that waits for payment. */
export async function paySubscriptionOrder(deps: Deps, userId: string, orderId: string, method: PaymentMethod, cardId: string | undefined): Promise<PaymentStart> {
  await ownOrder(deps, kinds, userId, orderId, SUBSCRIPTION_ORDER);
  return payOrder(deps, kinds, { userId, orderId, method, cardId });
}

/** The subscription's orders that wait for payment (its first, or a renewal). */
async function waitingOrders(deps: Deps, subscriptionId: string) {
  return deps.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus })
    .from(subscriptionCycles)
    .innerJoin(orders, eq(orders.id, subscriptionCycles.orderId))
    .where(and(eq(subscriptionCycles.subscriptionId, subscriptionId), inArray(orders.paymentStatus, ['WaitForPayment', 'PaymentFailed'])));
}

/**
 * cancel-subscription: no further renewals. A subscription not started yet is its unpaid first order,
 * cancelled; a started one is marked cancelled and runs to its end date (its renewal job ends it then); a
 * renewal waiting for payment is cancelled (its release ends the subscription at once when its billing date
 * has passed).
 */
export async function cancelSubscription(deps: Deps, userId: string, id: string): Promise<SubscriptionRecord> {
  const { sub } = await ownSubscription(deps, userId, id);
  if (sub.status !== 'Ended') {
    if (sub.status === 'Active') {
      const now = deps.clock.now();
      await inTransaction(deps.db, async (tx) => {
        const locked = await lockSubscription(tx, sub.id);
        if (!locked || locked.status !== 'Active' || locked.cancelledAt) return;
        const [cancelled] = await tx.update(subscriptions).set({ cancelledAt: now }).where(eq(subscriptions.id, sub.id)).returning();
        await scheduleRenewal(tx, cancelled!, now);
      });
    }
    for (const order of await waitingOrders(deps, sub.id)) {
      try {
        await cancelOrder(deps, kinds, userId, order.id);
      } catch (err) {
        // Paid meanwhile: that cycle is the member's; the subscription still ends at its (new) end date.
        if (!(err instanceof ApiError) || err.code !== ErrorCode.InvalidParameter) throw err;
      }
    }
  }
  return describeSubscription(deps, (await ownSubscription(deps, userId, sub.id)).sub);
}

/** The spec's recipient fields and any address field over the stored address; a valid delivery address in the service range. */
async function mergedDelivery(deps: Deps, current: SubscriptionDelivery, change: SubscriptionDeliveryChange): Promise<SubscriptionDelivery> {
  const { name, ...fields } = change;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const { name: _old, ...address } = { ...current, ...defined };
  const parsed = v.safeParse(DeliveryAddress, address);
  if (!parsed.success) {
    const key = parsed.issues[0]?.path?.[0]?.key;
    throw new ApiError(400, ErrorCode.InvalidParameter, parsed.issues[0]?.message ?? 'Invalid delivery address', `DeliveryAddress${typeof key === 'string' ? `.${key}` : ''}`);
  }
  if (!(await inServiceRange(deps.db, parsed.output.CountryID))) throw deliveryRequired();
  const recipient = name ?? (change.firstName !== undefined || change.lastName !== undefined ? recipientName(parsed.output) : current.name);
  return { ...parsed.output, name: recipient || recipientName(parsed.output) };
}

/** update-subscription-delivery: where the next boxes go (and the renewal waiting for payment, if any). */
export async function updateDelivery(deps: Deps, userId: string, id: string, change: SubscriptionDeliveryChange): Promise<SubscriptionRecord> {
  const { sub } = await ownSubscription(deps, userId, id);
  if (sub.status === 'Ended') throw subscriptionEnded();
  const delivery = await mergedDelivery(deps, sub.deliveryAddress as SubscriptionDelivery, change);
  await inTransaction(deps.db, async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || locked.status === 'Ended') throw subscriptionEnded();
    await tx.update(subscriptions).set({ deliveryAddress: delivery }).where(eq(subscriptions.id, sub.id));
  });
  const waiting = (await waitingOrders(deps, sub.id)).map((o) => o.id);
  if (waiting.length > 0) await deps.db.update(orders).set({ deliveryAddress: delivery }).where(inArray(orders.id, waiting));
  return describeSubscription(deps, (await ownSubscription(deps, userId, sub.id)).sub);
}

/**
 * update-subscription-peyment: how renewals are paid. With a card and a renewal already billed and waiting,
 * the new card is charged at once (off-session, outside the retry schedule, which goes on if it is declined
 * too); the renewal job then looks at the subscription again at once.
 */
export async function updatePayment(
  deps: Deps,
  userId: string,
  id: string,
  method: PaymentMethod,
  paymentMethodId: string | undefined,
): Promise<SubscriptionRecord> {
  const { sub } = await ownSubscription(deps, userId, id);
  if (sub.status === 'Ended') throw subscriptionEnded();
  const cardId = method === 'CreditCard' ? await requireCard(deps, userId, paymentMethodId, 'PaymentMethodID') : null;
  const now = deps.clock.now();
  const updated = await inTransaction(deps.db, async (tx) => {
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || locked.status === 'Ended') throw subscriptionEnded();
    const [row] = await tx.update(subscriptions).set({ paymentMethod: method, cardId }).where(eq(subscriptions.id, sub.id)).returning();
    if (row!.status === 'Active') await scheduleRenewal(tx, row!, now, now);
    return row!;
  });
  if (cardId && updated.status === 'Active' && updated.currentPeriodEnd && now >= updated.currentPeriodEnd) {
    for (const order of await waitingOrders(deps, sub.id)) {
      if (!isUnpaid(order)) continue;
      await payOrder(deps, kinds, { userId, orderId: order.id, method: 'CreditCard', cardId, offSession: { attempt: 100 + Math.floor(now.getTime() / 1000) } }).catch(
        (err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
        },
      );
    }
  }
  return describeSubscription(deps, (await ownSubscription(deps, userId, sub.id)).sub);
}
