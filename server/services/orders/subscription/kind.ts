/**
 * The subscription order (issue 18), the third order kind: one cycle of a box-set plan. Cycle 1 is placed by
 * create-subscription (the subscription is written Pending with it, and starts when it is paid); every later
 * cycle is placed by the renewal job (services/orders/subscription/renewals.ts). Either holds the box's stock (the
 * plan's box set variances) with a conditional update that never goes below zero, as the product kind does.
 *
 * One order per subscription and cycle: subscription_cycles' key (subscription_id, cycle) is written in the
 * placing transaction, after the subscription's row is locked, so a cycle is never placed (nor billed) twice.
 *
 * A renewal's payment window: an unpaid order expires at pay_before (the order core's expiry job, which asks
 * the provider first). A renewal is placed unpaid, with no payment, and its pay_before is the end of its grace
 * period (Held.payBefore), not the method's 30-minute (FPS 10-minute) window: the member pays it whenever they
 * follow the mailed link within the grace period, each time with a fresh Alipay payment or FPS QR (a QR still
 * lives 10 minutes). So the order core needs no change to expire, settle or pay it, and its expiry at the end
 * of the grace period is what ends an unpaid subscription (release below). Re-creating the order at each
 * payment would need a fresh cycle key or a delete, and would lose the billing history.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { SubscriptionDelivery } from '../../../../contract/subscriptions.ts';
import type { Db } from '../../../db/client.ts';
import { orderLines, orders, products, subscriptionCycles, subscriptions } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { lockCoupon, normaliseCouponCode, redeemCoupon } from '../coupons.ts';
import { addMonths, atSubscribedPrice, findPlan, totalHkdOfCycle, isAlcoholPlan, monthsOf, priceCycle, selectedDelivery, type BoxItem } from './plans.ts';
import { endSubscription, lockSubscription, refreshSubscribed, scheduleRenewal, type SubscriptionRow } from './lifecycle.ts';
import { mailSubscriptionPaid } from './mail.ts';
import { releaseHold } from '../hold.ts';
import { orderKinds, UNPAID, type OrderKind, type OrderRow } from '../kind.ts';
import { cancelQuietly } from '../provider.ts';
import { holdStock, releaseStock } from '../stock.ts';

export const SUBSCRIPTION_ORDER = 'subscription';

export interface FirstCycleRequest {
  /** The subscription's id, chosen by the caller so it can answer with it. */
  subscriptionId: string;
  planId: string;
  language: 'en' | 'zh';
  cardId?: string | undefined;
  couponCode?: string | undefined;
  ageConfirmed: boolean;
}

export interface RenewalRequest {
  subscriptionId: string;
  cycle: number;
  periodStart: Date;
  periodEnd: Date;
  /** The end of the grace period. */
  payBefore: Date;
}

export type SubscriptionOrderRequest = { first: FirstCycleRequest } | { renewal: RenewalRequest };

/** 96 random bits. */
export const newSubscriptionId = () => `sub_${randomBytes(12).toString('base64url')}`;

/** The cycle is placed already (another runner, an earlier run): nothing is placed. */
export class CycleAlreadyPlaced extends Error {
  constructor(readonly subscriptionId: string, readonly cycle: number) {
    super(`cycle ${cycle} of ${subscriptionId} is placed already`);
  }
}

/** The billing date the renewal was asked for is no longer the subscription's (its cycle was skipped meanwhile): nothing is placed. */
export class BillingDateMoved extends Error {
  constructor(readonly subscriptionId: string) {
    super(`the billing date of ${subscriptionId} has moved`);
  }
}

export const alreadySubscribed = () => new ApiError(400, ErrorCode.AlreadySubscribed, 'You already subscribe to this plan', 'SubscriptionID');
export const subscriptionEnded = () => new ApiError(400, ErrorCode.SubscriptionEnded, 'This subscription has ended');
const boxOutOfStock = () => new ApiError(400, ErrorCode.OutOfStock, 'This box is out of stock', 'SubscriptionID');

/** Takes the box's stock (orders/stock.ts: as every kind takes it, a stopped sale included). */
async function holdBox(tx: Db, items: readonly BoxItem[]) {
  if (!(await holdStock(tx, items))) throw boxOutOfStock();
}

/** The box as the order's lines: what it holds (the plan's price is the order's SubTotal, so each line is 0). */
async function recordBox(tx: Db, orderId: string, items: readonly BoxItem[]) {
  if (items.length === 0) return;
  await tx.insert(orderLines).values(
    items.map((i) => ({
      orderId,
      varianceId: i.varianceId,
      productId: i.productId,
      productTypeId: i.productTypeId,
      name: i.name,
      varianceName: i.varianceName,
      image: i.image,
      price: 0,
      quantity: i.quantity,
      lineTotal: 0,
      isAlcohol: i.isAlcohol,
    })),
  );
}

/** The member's other subscriptions to the plan whose first order waits for payment: a new one replaces them. */
async function replacePending(tx: Db, userId: string, planId: string, now: Date, afterCommit: Parameters<OrderKind['release']>[2]) {
  const pending = await tx
    .select({ orderId: subscriptions.firstOrderId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId), eq(subscriptions.status, 'Pending')));
  if (pending.length === 0) return;
  const unpaid = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.id, pending.map((p) => p.orderId)), inArray(orders.paymentStatus, [...UNPAID])))
    .for('update');
  const kinds = orderKinds([subscriptionOrderKind]);
  for (const order of unpaid) {
    await releaseHold(tx, kinds, order, 'Cancelled', now, afterCommit);
    // After the commit, as placing does for replaced orders: a payment that succeeds anyway is refunded by settle().
    if (order.paymentId) afterCommit.push((d) => cancelQuietly(d, order.paymentId!));
  }
}

async function cycleOf(tx: Db, orderId: string) {
  const [cycle] = await tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.orderId, orderId));
  return cycle;
}

export const subscriptionOrderKind: OrderKind<SubscriptionOrderRequest> = {
  name: SUBSCRIPTION_ORDER,
  // A member's unpaid renewal must not be cancelled by their next subscription: replacing is done per plan (replacePending).
  oneUnpaidPerMember: false,
  // A first cycle asked for again (the same plan, coupon and answers) is the same subscription; its id is chosen
  // per request, so it is left out. Renewals are never repeats: each cycle is placed once by its key.
  repeatKey: (request) =>
    'first' in request
      ? { planId: request.first.planId, coupon: normaliseCouponCode(request.first.couponCode) ?? null, ageConfirmed: request.first.ageConfirmed }
      : undefined,

  /**
   * First cycle refusals, nothing placed: ObjectNotFound (plan), AlreadySubscribed, AgeConfirmationRequired,
   * DeliveryAddressRequired, 70600, OutOfStock. A renewal: SubscriptionEnded, OutOfStock, CycleAlreadyPlaced.
   */
  async hold(tx, { userId, currency, method, now, request, afterCommit }) {
    if ('first' in request) {
      const first = request.first;
      // Shared until placed: staff changing the plan (its price, its interval) wait, then see this subscriber.
      const found = await findPlan(tx, first.planId, { share: true });
      const [active] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, first.planId), eq(subscriptions.status, 'Active')))
        .limit(1);
      if (active) throw alreadySubscribed();
      if (isAlcoholPlan(found) && !first.ageConfirmed) {
        throw new ApiError(400, ErrorCode.AgeConfirmationRequired, 'Please confirm you are 18 or over to subscribe to a box with spirits');
      }
      const delivery = await selectedDelivery(tx, userId);
      const code = normaliseCouponCode(first.couponCode);
      await lockCoupon(tx, code);
      const priced = await priceCycle(tx, { found, currency, countryId: delivery.CountryID, couponCode: code, userId, now });
      await replacePending(tx, userId, first.planId, now, afterCommit);
      await holdBox(tx, found.items);
      const totalHkd = await totalHkdOfCycle(tx, { found, currency, countryId: delivery.CountryID, priced });
      const redeemed = priced.coupon ? code! : null;
      const months = monthsOf(found.plan);
      afterCommit.push((deps) => deps.productCache.forget(found.items.map((i) => i.productId)));
      return {
        total: priced.orderDetail.Total,
        totalHkd,
        orderDetail: priced.orderDetail,
        couponCode: redeemed,
        deliveryAddress: delivery,
        ageConfirmed: first.ageConfirmed,
        async record(tx, orderId) {
          await tx.insert(subscriptions).values({
            id: first.subscriptionId,
            userId,
            planId: found.plan.id,
            status: 'Pending',
            language: first.language,
            currency,
            paymentMethod: method,
            cardId: method === 'CreditCard' ? (first.cardId ?? null) : null,
            // The price this member subscribed at: what every renewal charges (atSubscribedPrice).
            priceHkd: found.plan.priceHkd,
            priceUsd: found.plan.priceUsd,
            deliveryAddress: delivery,
            firstOrderId: orderId,
            createdAt: now,
          });
          // Its period is set again when it is paid: the subscription starts then.
          await tx.insert(subscriptionCycles).values({ subscriptionId: first.subscriptionId, cycle: 1, orderId, periodStart: now, periodEnd: addMonths(now, months), createdAt: now });
          await recordBox(tx, orderId, found.items);
          if (redeemed) await redeemCoupon(tx, { code: redeemed, userId, orderId, now });
        },
      };
    }

    const renewal = request.renewal;
    const sub = await lockSubscription(tx, renewal.subscriptionId);
    if (!sub || sub.userId !== userId || sub.status !== 'Active') throw subscriptionEnded();
    const [placed] = await tx
      .select({ orderId: subscriptionCycles.orderId })
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.subscriptionId, sub.id), eq(subscriptionCycles.cycle, renewal.cycle)));
    if (placed) throw new CycleAlreadyPlaced(sub.id, renewal.cycle);
    if (sub.currentPeriodEnd?.getTime() !== renewal.periodStart.getTime()) throw new BillingDateMoved(sub.id);
    // The plan's box now, at the price the member subscribed at (a later price change is for new subscribers).
    const found = atSubscribedPrice(await findPlan(tx, sub.planId, { onSale: false }), sub);
    const delivery = sub.deliveryAddress as SubscriptionDelivery;
    const priced = await priceCycle(tx, { found, currency, countryId: delivery.CountryID, userId, now });
    await holdBox(tx, found.items);
    const totalHkd = await totalHkdOfCycle(tx, { found, currency, countryId: delivery.CountryID, priced });
    afterCommit.push((deps) => deps.productCache.forget(found.items.map((i) => i.productId)));
    return {
      total: priced.orderDetail.Total,
      totalHkd,
      orderDetail: priced.orderDetail,
      deliveryAddress: delivery,
      payBefore: renewal.payBefore,
      async record(tx, orderId) {
        await tx.insert(subscriptionCycles).values({
          subscriptionId: sub.id,
          cycle: renewal.cycle,
          orderId,
          periodStart: renewal.periodStart,
          periodEnd: renewal.periodEnd,
          createdAt: now,
        });
        await recordBox(tx, orderId, found.items);
      },
    };
  },

  /**
   * The box's stock and the coupon's use. A first order closed unpaid: its subscription never started. A
   * renewal closed unpaid: past the billing date the subscription ends (expired at the end of its grace
   * period: Unpaid; cancelled by the member: Cancelled); before it, cancelling the renewal cancels the
   * subscription, which then ends at its end date.
   */
  async release(tx, order, afterCommit) {
    await releaseStock(tx, order.id, afterCommit);

    const cycle = await cycleOf(tx, order.id);
    if (!cycle) return;
    const sub = await lockSubscription(tx, cycle.subscriptionId);
    if (!sub || sub.status === 'Ended') return;
    // releaseHold wrote the order's closing status and time before calling here.
    const [closed] = await tx.select({ status: orders.paymentStatus, closedAt: orders.closedAt }).from(orders).where(eq(orders.id, order.id));
    const now = closed?.closedAt ?? new Date();
    if (sub.status === 'Pending') {
      if (cycle.cycle === 1) await endSubscription(tx, sub, 'NotStarted', now, afterCommit);
      return;
    }
    if (sub.currentPeriodEnd && now < sub.currentPeriodEnd) {
      if (!sub.cancelledAt) {
        const [cancelled] = await tx.update(subscriptions).set({ cancelledAt: now }).where(eq(subscriptions.id, sub.id)).returning();
        await scheduleRenewal(tx, cancelled!, now);
      }
      return;
    }
    await endSubscription(tx, sub, closed?.status === 'Expired' ? 'Unpaid' : 'Cancelled', now, afterCommit);
  },

  /** The subscription starts (cycle 1) or moves to the paid cycle; the box's products count as sold; the next renewal is scheduled. */
  async paid(tx, order, afterCommit) {
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const line of lines) {
      await tx.update(products).set({ soldCount: sql`${products.soldCount} + ${line.quantity}` }).where(eq(products.id, line.productId));
    }
    const cycle = await cycleOf(tx, order.id);
    if (!cycle) return;
    const sub = await lockSubscription(tx, cycle.subscriptionId);
    if (!sub || sub.status === 'Ended') return;
    const now = order.paidAt ?? new Date();
    let started: SubscriptionRow;
    if (cycle.cycle === 1) {
      const months = monthsOf((await findPlan(tx, sub.planId, { onSale: false })).plan);
      const periodEnd = addMonths(now, months);
      await tx
        .update(subscriptionCycles)
        .set({ periodStart: now, periodEnd })
        .where(and(eq(subscriptionCycles.subscriptionId, sub.id), eq(subscriptionCycles.cycle, 1)));
      [started] = (await tx
        .update(subscriptions)
        // Renewals are paid as the first cycle was (it may have been paid again with another method or card).
        .set({
          status: 'Active',
          startedAt: now,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          paymentMethod: order.paymentMethod,
          cardId: order.paymentMethod === 'CreditCard' ? order.cardId : null,
        })
        .where(eq(subscriptions.id, sub.id))
        .returning()) as [SubscriptionRow];
    } else {
      [started] = (await tx
        .update(subscriptions)
        .set({ status: 'Active', currentPeriodStart: cycle.periodStart, currentPeriodEnd: cycle.periodEnd })
        .where(eq(subscriptions.id, sub.id))
        .returning()) as [SubscriptionRow];
    }
    await scheduleRenewal(tx, started, now);
    await refreshSubscribed(tx, sub.userId);
    afterCommit.push((deps) => mailSubscriptionPaid(deps, sub.id, order, cycle.cycle === 1));
  },

  confirmPath: (order) => `/order_subscription_confirm/${encodeURIComponent(order.id)}`,
};

/** Reads an order's cycle (and subscription id), for callers outside the placing transaction. */
export const subscriptionCycleOf = (db: Db, orderId: string) => cycleOf(db, orderId);
export type { OrderRow };
