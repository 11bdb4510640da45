/**
 * Subscriptions as the member reads them (get-subscription-record, get-subscription-order): the record with
 * its plan, dates, status and billing history (every cycle's order), and one cycle's order with its box.
 */
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { OrderDetail } from '../../../../contract/bag.ts';
import type { Currency } from '../../../../contract/define.ts';
import type { PaymentMethod, SavedCard } from '../../../../contract/orders.ts';
import type {
  SubscriptionBill,
  SubscriptionDelivery,
  SubscriptionOrder,
  SubscriptionRecord,
  SubscriptionStatus,
  SubscriptionTab,
} from '../../../../contract/subscriptions.ts';
import { orderLines, orders, subscriptionCycles, subscriptions } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { notFound } from '../../../http/errors.ts';
import { savedCards } from '../cards.ts';
import { expireOverdueOrders } from '../expire.ts';
import { SHOP_ORDER_KINDS as kinds } from '../index.ts';
import { isUnpaid, type OrderRow } from '../kind.ts';
import { SUBSCRIPTION_ORDER } from './kind.ts';
import type { SubscriptionRow } from './lifecycle.ts';
import { atSubscribedPrice, plansById, toPlan, type PlanFound } from './plans.ts';

type CycleRow = typeof subscriptionCycles.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

export const subscriptionNotFound = () => notFound('Subscription');

/**
 * The member's subscription named by its id (sub_…) or by one of its orders' ids; ObjectNotFound for
 * another member's or an unknown one.
 */
export async function ownSubscription(deps: Deps, userId: string, id: string): Promise<{ sub: SubscriptionRow; orderId?: string }> {
  const [byId] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (byId) return { sub: byId };
  const [byOrder] = await deps.db
    .select({ sub: subscriptions })
    .from(subscriptionCycles)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCycles.subscriptionId))
    .where(and(eq(subscriptionCycles.orderId, id), eq(subscriptions.userId, userId)));
  if (byOrder) return { sub: byOrder.sub, orderId: id };
  throw subscriptionNotFound();
}

/** The status shown: Cancelled while a cancelled one runs to its end date, PastDue while a billed renewal waits. */
export function statusOf(sub: SubscriptionRow, latest: { cycle: CycleRow; order: OrderRow } | undefined, now: Date): SubscriptionStatus {
  if (sub.status === 'Ended') return 'Ended';
  if (sub.status === 'Pending') return 'Pending';
  if (sub.cancelledAt) return 'Cancelled';
  if (latest && latest.cycle.cycle > 1 && isUnpaid(latest.order) && now >= latest.cycle.periodStart) return 'PastDue';
  return 'Active';
}

const tabOf = (sub: SubscriptionRow): SubscriptionTab => (sub.status === 'Ended' ? 'ended' : 'ongoing');

function toBill(cycle: CycleRow, order: OrderRow): SubscriptionBill {
  return {
    OrderID: order.id,
    Reference: order.reference,
    Cycle: cycle.cycle,
    PeriodStart: cycle.periodStart.toISOString(),
    PeriodEnd: cycle.periodEnd.toISOString(),
    CreatedAt: order.createdAt.toISOString(),
    PaymentMethod: order.paymentMethod as PaymentMethod,
    PaymentStatus: order.paymentStatus,
    FulfilmentStatus: order.fulfilmentStatus,
    Currency: order.currency as Currency,
    Total: order.total,
    ...(order.paidAt ? { PaidAt: order.paidAt.toISOString() } : {}),
    ...(isUnpaid(order) && order.payBefore ? { PayBefore: order.payBefore.toISOString() } : {}),
    Attempts: cycle.attempts,
  };
}

async function cyclesOf(deps: Deps, subscriptionIds: readonly string[]) {
  const bySub = new Map<string, Array<{ cycle: CycleRow; order: OrderRow }>>(subscriptionIds.map((id) => [id, []]));
  if (subscriptionIds.length === 0) return bySub;
  const rows = await deps.db
    .select({ cycle: subscriptionCycles, order: orders })
    .from(subscriptionCycles)
    .innerJoin(orders, eq(orders.id, subscriptionCycles.orderId))
    .where(inArray(subscriptionCycles.subscriptionId, [...subscriptionIds]))
    .orderBy(desc(subscriptionCycles.cycle));
  for (const row of rows) bySub.get(row.cycle.subscriptionId)?.push(row);
  return bySub;
}

/** Records of the member's subscriptions, with the card renewals charge (one look-up at the provider, if any pays by card). */
export async function describeSubscriptions(deps: Deps, subs: readonly SubscriptionRow[]): Promise<SubscriptionRecord[]> {
  const now = deps.clock.now();
  const plans = await plansById(deps.db, subs.map((s) => s.planId));
  const cycles = await cyclesOf(deps, subs.map((s) => s.id));
  let cards: SavedCard[] = [];
  const withCard = subs.find((s) => s.paymentMethod === 'CreditCard' && s.cardId && s.status !== 'Ended');
  if (withCard) cards = await savedCards(deps, withCard.userId).catch(() => []);
  return subs.map((sub) => {
    const history = cycles.get(sub.id) ?? [];
    const latest = history[0];
    const status = statusOf(sub, latest, now);
    const card = sub.paymentMethod === 'CreditCard' ? cards.find((c) => c.id === sub.cardId) : undefined;
    const due = latest && sub.status !== 'Ended' && isUnpaid(latest.order) ? toBill(latest.cycle, latest.order) : undefined;
    return {
      RecordID: sub.id,
      OrderID: sub.firstOrderId,
      Tab: tabOf(sub),
      Status: status,
      ...(sub.endReason ? { EndReason: sub.endReason } : {}),
      // At the member's own price (a price staff set later is for new subscribers).
      Plan: toPlan(atSubscribedPrice(plans.get(sub.planId) as PlanFound, sub), sub.currency as Currency),
      Currency: sub.currency as Currency,
      PaymentMethod: sub.paymentMethod as PaymentMethod,
      ...(card ? { Card: card } : {}),
      DeliveryAddress: sub.deliveryAddress as SubscriptionDelivery,
      CreatedAt: sub.createdAt.toISOString(),
      ...(sub.startedAt ? { StartDate: sub.startedAt.toISOString() } : {}),
      ...(sub.currentPeriodStart ? { CurrentPeriodStart: sub.currentPeriodStart.toISOString() } : {}),
      ...(sub.status === 'Active' && !sub.cancelledAt && sub.currentPeriodEnd ? { NextBillingDate: sub.currentPeriodEnd.toISOString() } : {}),
      ...(sub.status === 'Ended' && sub.endedAt
        ? { EndDate: sub.endedAt.toISOString() }
        : sub.currentPeriodEnd
          ? { EndDate: sub.currentPeriodEnd.toISOString() }
          : {}),
      ...(sub.cancelledAt ? { CancelledAt: sub.cancelledAt.toISOString() } : {}),
      BillingHistory: history.map((h) => toBill(h.cycle, h.order)),
      ...(due ? { DuePayment: due } : {}),
      CanCancel: sub.status !== 'Ended' && !sub.cancelledAt,
      CanUpdate: sub.status !== 'Ended',
    };
  });
}

export async function describeSubscription(deps: Deps, sub: SubscriptionRow): Promise<SubscriptionRecord> {
  return (await describeSubscriptions(deps, [sub]))[0]!;
}

/**
 * get-subscription-record: the member's started subscriptions, ongoing first, newest first; a tab narrows.
 * includePending: also those whose first order waits for payment (not started yet).
 */
export async function subscriptionRecords(deps: Deps, userId: string, tab?: SubscriptionTab, includePending = false): Promise<SubscriptionRecord[]> {
  await expireOverdueOrders(deps, kinds, deps.clock.now(), { userId });
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        includePending ? or(isNotNull(subscriptions.startedAt), eq(subscriptions.status, 'Pending')) : isNotNull(subscriptions.startedAt),
        tab === 'ongoing' ? eq(subscriptions.status, 'Active') : tab === 'ended' ? eq(subscriptions.status, 'Ended') : undefined,
      ),
    )
    .orderBy(asc(subscriptions.status), desc(subscriptions.createdAt));
  return describeSubscriptions(deps, rows);
}

function toSubscriptionOrder(order: OrderRow, cycle: CycleRow, plan: PlanFound, lines: readonly LineRow[]): SubscriptionOrder {
  return {
    OrderID: order.id,
    Reference: order.reference,
    RecordID: cycle.subscriptionId,
    Cycle: cycle.cycle,
    PeriodStart: cycle.periodStart.toISOString(),
    PeriodEnd: cycle.periodEnd.toISOString(),
    CreatedAt: order.createdAt.toISOString(),
    Currency: order.currency as Currency,
    PaymentMethod: order.paymentMethod as PaymentMethod,
    PaymentStatus: order.paymentStatus,
    FulfilmentStatus: order.fulfilmentStatus,
    ...(isUnpaid(order) && order.payBefore ? { PayBefore: order.payBefore.toISOString() } : {}),
    ...(order.paidAt ? { PaidAt: order.paidAt.toISOString() } : {}),
    ...(order.couponCode ? { CouponID: order.couponCode } : {}),
    Plan: toPlan(plan, order.currency as Currency),
    ...(order.deliveryAddress ? { DeliveryAddress: order.deliveryAddress as SubscriptionDelivery } : {}),
    ProductList: lines.map((l) => ({
      ProductID: l.productId,
      VarianceID: l.varianceId,
      Name: l.name,
      VarianceName: l.varianceName,
      Image: l.image,
      Price: l.price,
      Quantity: l.quantity,
      LineTotal: l.lineTotal,
      IsAlcohol: l.isAlcohol,
    })),
    orderDetail: order.orderDetail as OrderDetail,
  };
}

/**
 * get-subscription-order: the order named (or, for a RecordID, the subscription's order waiting for payment,
 * else its latest) with its subscription's record. An overdue unpaid order is expired first.
 */
export async function subscriptionOrder(deps: Deps, userId: string, id: string): Promise<{ Order: SubscriptionOrder; Record: SubscriptionRecord }> {
  await expireOverdueOrders(deps, kinds, deps.clock.now(), { userId });
  const { sub, orderId } = await ownSubscription(deps, userId, id);
  const history = (await cyclesOf(deps, [sub.id])).get(sub.id) ?? [];
  const chosen = orderId ? history.find((h) => h.order.id === orderId) : (history.find((h) => isUnpaid(h.order)) ?? history[0]);
  if (!chosen || chosen.order.kind !== SUBSCRIPTION_ORDER) throw subscriptionNotFound();
  const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, chosen.order.id)).orderBy(asc(orderLines.varianceId));
  const plan = (await plansById(deps.db, [sub.planId])).get(sub.planId)!;
  return { Order: toSubscriptionOrder(chosen.order, chosen.cycle, atSubscribedPrice(plan, sub), lines), Record: await describeSubscription(deps, sub) };
}
