/**
 * Renewals (issue 18): the 'subscription.renew' job, one row per subscription (keyed by its id), due at the
 * next step of its renewal. Jobs are claimed with FOR UPDATE SKIP LOCKED (jobs/queue.ts), so two runners
 * never run one row at once; and whatever runs, a cycle's order is placed once (subscription_cycles' key,
 * written with the subscription's row locked) and each card charge is claimed first with a conditional update
 * of the cycle's attempts, so no cycle is billed twice.
 *
 * At each run, for an Active subscription whose current period ends at billingAt:
 * - cancelled: at billingAt it ends (Cancelled);
 * - CreditCard: at billingAt the next cycle's order is placed and the saved card is charged off-session. A
 *   decline is mailed and tried again RENEWAL_RETRY_DAYS (1, 3, 7) after billingAt; the last decline ends the
 *   subscription (PaymentFailed, mailed) and cancels the order. The order waits until billingAt + 8 days, so
 *   its own expiry never comes before the last try;
 * - Alipay / FPS: RENEWAL_LINK_DAYS_BEFORE (3) days before billingAt the next cycle's order is placed unpaid,
 *   waiting until billingAt + RENEWAL_GRACE_DAYS, and the link to pay it is mailed. Paid (through
 *   create-subscription-payment), the cycle starts as any paid order does (the kind's paid). Unpaid, the order
 *   core expires it at the end of the grace period (asking the provider first) and the kind's release ends the
 *   subscription (Unpaid, mailed).
 * A renewal whose box is out of stock is tried again a day later; the member is mailed that it is delayed once
 * per cycle (subscriptions.stock_delay_mailed_for holds the billing date mailed about). Still out of stock
 * OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS after the billing date, the cycle is skipped (skipOutOfStockCycle): no order,
 * nothing billed, the period moves on to the next billing date, the member is mailed once and an audit_log row
 * (action SKIP_CYCLE_ACTION, by no person) is the record staff read (staff-list-failed-renewals). No column is
 * needed: the give-up moment derives from the billing date. A cycle whose order is placed late because of stock
 * counts its grace and card retries from when it is placed (countFrom).
 */
import { and, desc, eq, gte, isNull, ne, or } from 'drizzle-orm';
import { ErrorCode } from '../../../../contract/errors.ts';
import { OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS, RENEWAL_GRACE_DAYS, RENEWAL_LINK_DAYS_BEFORE, RENEWAL_RETRY_DAYS } from '../../../../contract/subscriptions.ts';
import type { PaymentMethod } from '../../../../contract/orders.ts';
import { orders, subscriptionCycles, subscriptions } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { appendAudit } from '../../staff/audit.ts';
import { releaseHold } from '../hold.ts';
import { lockMember } from '../locks.ts';
import { SHOP_ORDER_KINDS as kinds } from '../index.ts';
import { inTransaction, isClosed, isUnpaid, runAfterCommit, type AfterCommit, type OrderRow } from '../kind.ts';
import { payOrder } from '../payments.ts';
import { placeOrder } from '../place.ts';
import { BillingDateMoved, CycleAlreadyPlaced, subscriptionOrderKind } from './kind.ts';
import { DAY_MS, endSubscription, lockSubscription, scheduleRenewal, SUBSCRIPTION_RENEW_JOB, type SubscriptionRow } from './lifecycle.ts';
import { mailBoxDelayed, mailBoxSkipped, mailCardDeclined, mailPaymentLink } from './mail.ts';
import { addMonths, findPlan, monthsOf } from './plans.ts';

/** A card renewal's order waits this long after the billing date: past the last retry. */
const CARD_RENEWAL_WAIT_DAYS = RENEWAL_RETRY_DAYS[RENEWAL_RETRY_DAYS.length - 1]! + 1;

const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS);

/** The audit log's action for a renewal cycle skipped because its box stayed out of stock (by no person: the renewal job). */
export const SKIP_CYCLE_ACTION = 'subscription.cycle-skipped';

/** When a renewal billed at billingAt and still out of stock is given up (its cycle skipped). */
export const outOfStockGiveUpAt = (billingAt: Date) => at(billingAt, OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS);

const laterOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Where a renewal's waiting and card retries count from: its billing date, or, for a cycle delayed by stock
 * (mailed about for this billing date), when its order is placed (`placedAt`) if that is later, so a box back in
 * stock days late still leaves the member the whole grace to pay, and a declined card its retries a day apart
 * rather than all at once.
 */
const countFrom = (sub: SubscriptionRow, billingAt: Date, placedAt: Date) =>
  sub.stockDelayMailedFor?.getTime() === billingAt.getTime() ? laterOf(billingAt, placedAt) : billingAt;

type CycleRow = typeof subscriptionCycles.$inferSelect;

async function lastCycle(deps: Deps, subscriptionId: string): Promise<CycleRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(subscriptionCycles)
    .where(eq(subscriptionCycles.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionCycles.cycle))
    .limit(1);
  return row;
}

async function orderOf(deps: Deps, orderId: string): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

/** Tells the member their box is delayed, once per cycle (its billing date), whoever gets here first. */
async function mailDelayOnce(deps: Deps, sub: SubscriptionRow, billingAt: Date) {
  const marked = await deps.db
    .update(subscriptions)
    .set({ stockDelayMailedFor: billingAt })
    .where(and(eq(subscriptions.id, sub.id), or(isNull(subscriptions.stockDelayMailedFor), ne(subscriptions.stockDelayMailedFor, billingAt))))
    .returning({ id: subscriptions.id });
  if (marked.length > 0) await mailBoxDelayed(deps, sub, billingAt, outOfStockGiveUpAt(billingAt));
}

/**
 * Gives up the cycle billed at billingAt (its box out of stock past the limit): the current period moves on to
 * the next billing date, unbilled, with its audit row in the same transaction. Conditional on the billing date
 * still being billingAt with no order placed for it (under the subscription's lock, which placing a renewal
 * takes too), so whoever gets here second does nothing and the member is mailed once.
 */
async function skipOutOfStockCycle(deps: Deps, sub: SubscriptionRow, billingAt: Date, months: number, now: Date): Promise<void> {
  const afterCommit: AfterCommit = [];
  await inTransaction(deps.db, async (tx) => {
    await lockMember(tx, sub.userId);
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || locked.status !== 'Active' || locked.cancelledAt || locked.currentPeriodEnd?.getTime() !== billingAt.getTime()) return;
    const [placed] = await tx
      .select({ cycle: subscriptionCycles.cycle })
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.subscriptionId, sub.id), gte(subscriptionCycles.periodStart, billingAt)))
      .limit(1);
    if (placed) return;
    const nextBillingAt = addMonths(billingAt, months);
    const [moved] = await tx
      .update(subscriptions)
      .set({ currentPeriodStart: billingAt, currentPeriodEnd: nextBillingAt })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await scheduleRenewal(tx, moved!, now);
    await appendAudit(tx, {
      at: now,
      actorUserId: null,
      action: SKIP_CYCLE_ACTION,
      target: `subscription:${sub.id}`,
      before: { NextBillingDate: billingAt.toISOString() },
      // What staff-list-failed-renewals reads back (orders/subscription/staff.ts).
      after: { SubscriptionID: sub.id, SkippedBillingDate: billingAt.toISOString(), NextBillingDate: nextBillingAt.toISOString(), Reason: 'OutOfStock' },
    });
    afterCommit.push((d) => mailBoxSkipped(d, moved!, billingAt, nextBillingAt));
  });
  await runAfterCommit(deps, afterCommit);
}

/**
 * The order of the cycle after the current period: the one placed already, or a new one placed now (unpaid,
 * waiting until payBefore). Undefined when the box is out of stock (tried again a day later, or its cycle
 * skipped once past the give-up limit) or its billing date moved meanwhile.
 */
async function renewalOrder(deps: Deps, sub: SubscriptionRow, now: Date, payBefore: Date): Promise<{ cycle: CycleRow; order: OrderRow; placedNow: boolean } | undefined> {
  const last = await lastCycle(deps, sub.id);
  const billingAt = sub.currentPeriodEnd!;
  if (last && last.periodStart.getTime() >= billingAt.getTime()) return { cycle: last, order: await orderOf(deps, last.orderId), placedNow: false };
  const cycle = (last?.cycle ?? 0) + 1;
  const months = monthsOf((await findPlan(deps.db, sub.planId, { onSale: false })).plan);
  try {
    const { order } = await placeOrder(deps, kinds, subscriptionOrderKind, {
      userId: sub.userId,
      language: sub.language === 'zh' ? 'zh' : 'en',
      currency: sub.currency as 'HKD' | 'USD',
      method: sub.paymentMethod as PaymentMethod,
      cardId: sub.cardId ?? undefined,
      order: { renewal: { subscriptionId: sub.id, cycle, periodStart: billingAt, periodEnd: addMonths(billingAt, months), payBefore } },
    });
    const [row] = await deps.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.orderId, order.id));
    return { cycle: row!, order, placedNow: true };
  } catch (err) {
    if (err instanceof CycleAlreadyPlaced) {
      const placed = (await lastCycle(deps, sub.id))!;
      return { cycle: placed, order: await orderOf(deps, placed.orderId), placedNow: false };
    }
    // Its cycle was skipped while this run looked: the one that moved it rescheduled the job.
    if (err instanceof BillingDateMoved) return undefined;
    if (err instanceof ApiError && err.code === ErrorCode.OutOfStock) {
      if (now.getTime() >= outOfStockGiveUpAt(billingAt).getTime()) {
        deps.log.warn({ subscriptionId: sub.id, cycle }, 'renewal box out of stock past the limit: cycle skipped');
        await skipOutOfStockCycle(deps, sub, billingAt, months, now);
        return undefined;
      }
      deps.log.warn({ subscriptionId: sub.id, cycle }, 'renewal box out of stock: tried again in a day');
      await scheduleRenewal(deps.db, sub, now, at(now, 1));
      await mailDelayOnce(deps, sub, billingAt);
      return undefined;
    }
    throw err;
  }
}

/** Ends the subscription with its reason and, in the same transaction, closes its renewal order if unpaid. */
async function endWithOrder(deps: Deps, sub: SubscriptionRow, order: OrderRow | undefined, reason: 'PaymentFailed' | 'Cancelled', now: Date) {
  const afterCommit: AfterCommit = [];
  await inTransaction(deps.db, async (tx) => {
    // The member's row first, as everything that locks their orders does (orders/locks.ts).
    await lockMember(tx, sub.userId);
    const locked = await lockSubscription(tx, sub.id);
    if (!locked || locked.status === 'Ended') return;
    // Ended first: the order's release then leaves the subscription as it is.
    await endSubscription(tx, locked, reason, now, afterCommit);
    if (!order) return;
    const [lockedOrder] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (lockedOrder && isUnpaid(lockedOrder)) await releaseHold(tx, kinds, lockedOrder, 'Cancelled', now, afterCommit);
  });
  await runAfterCommit(deps, afterCommit);
}

/** How many card charges are due by now for a renewal whose retries count from `from`: the first, then one per retry day passed. */
const chargesDue = (from: Date, now: Date) => 1 + RENEWAL_RETRY_DAYS.filter((d) => now.getTime() >= at(from, d).getTime()).length;

async function renewByCard(deps: Deps, sub: SubscriptionRow, now: Date): Promise<number> {
  const billingAt = sub.currentPeriodEnd!;
  if (now < billingAt) {
    await scheduleRenewal(deps.db, sub, now, billingAt);
    return 0;
  }
  const renewal = await renewalOrder(deps, sub, now, at(countFrom(sub, billingAt, now), CARD_RENEWAL_WAIT_DAYS));
  if (!renewal) return 0;
  const { cycle, order } = renewal;
  if (order.paymentStatus === 'Paid' || isClosed(order)) return 0;
  const retriesFrom = countFrom(sub, billingAt, cycle.createdAt);
  const due = chargesDue(retriesFrom, now);
  if (cycle.attempts >= due) {
    // Tried as often as is due by now: the next try (or the end) is later.
    const next = RENEWAL_RETRY_DAYS[cycle.attempts - 1];
    await scheduleRenewal(deps.db, sub, now, next !== undefined ? at(retriesFrom, next) : now);
    return 0;
  }
  // The charge is claimed first: whoever else looks at this cycle now finds it tried.
  const attempt = cycle.attempts + 1;
  const claimed = await deps.db
    .update(subscriptionCycles)
    .set({ attempts: attempt })
    .where(and(eq(subscriptionCycles.subscriptionId, sub.id), eq(subscriptionCycles.cycle, cycle.cycle), eq(subscriptionCycles.attempts, cycle.attempts)))
    .returning({ attempts: subscriptionCycles.attempts });
  if (claimed.length === 0) return 0;

  let outcome: 'paid' | 'declined' | 'waiting';
  try {
    if (!sub.cardId) throw new ApiError(400, ErrorCode.MissingParameter, 'no card saved for renewals');
    const answer = await payOrder(deps, kinds, { userId: sub.userId, orderId: order.id, method: 'CreditCard', cardId: sub.cardId, offSession: { attempt } });
    outcome = answer.PaymentStatus === 'succeeded' ? 'paid' : 'waiting';
  } catch (err) {
    // A decline, a card no longer saved, a provider refusing: each counts as this try's decline.
    if (!(err instanceof ApiError)) throw err;
    deps.log.info({ subscriptionId: sub.id, cycle: cycle.cycle, attempt, code: err.code }, 'renewal charge declined');
    outcome = 'declined';
  }
  if (outcome === 'paid') return 1;
  if (outcome === 'waiting') {
    // The provider is still deciding: its notification settles the order; look again in an hour.
    await scheduleRenewal(deps.db, sub, now, new Date(now.getTime() + 3_600_000));
    return 0;
  }
  const nextRetry = RENEWAL_RETRY_DAYS[attempt - 1];
  if (nextRetry === undefined) {
    await endWithOrder(deps, sub, order, 'PaymentFailed', now);
    return 0;
  }
  const nextTry = at(retriesFrom, nextRetry);
  await scheduleRenewal(deps.db, sub, now, nextTry);
  await mailCardDeclined(deps, sub.id, order, nextTry);
  return 0;
}

async function renewByLink(deps: Deps, sub: SubscriptionRow, now: Date): Promise<number> {
  const billingAt = sub.currentPeriodEnd!;
  const linkAt = at(billingAt, -RENEWAL_LINK_DAYS_BEFORE);
  if (now < linkAt) {
    await scheduleRenewal(deps.db, sub, now, linkAt);
    return 0;
  }
  const renewal = await renewalOrder(deps, sub, now, at(countFrom(sub, billingAt, now), RENEWAL_GRACE_DAYS));
  if (!renewal || !isUnpaid(renewal.order)) return 0;
  // Mailed once per cycle, whoever gets here first.
  const marked = await deps.db
    .update(subscriptionCycles)
    .set({ linkMailedAt: now })
    .where(and(eq(subscriptionCycles.orderId, renewal.order.id), isNull(subscriptionCycles.linkMailedAt)))
    .returning({ cycle: subscriptionCycles.cycle });
  if (marked.length > 0) await mailPaymentLink(deps, sub.id, renewal.order, billingAt);
  return renewal.placedNow ? 1 : 0;
}

/** The job: what is due for the subscription now (see the module comment). Answers 1 when it renewed a cycle. */
export const renewSubscriptionJob: JobHandler = async (deps, job, now) => {
  const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, job.key));
  if (!sub || sub.status !== 'Active' || !sub.currentPeriodEnd) return 0;
  if (sub.cancelledAt) {
    if (now < sub.currentPeriodEnd) {
      await scheduleRenewal(deps.db, sub, now, sub.currentPeriodEnd);
      return 0;
    }
    const last = await lastCycle(deps, sub.id);
    const waiting = last && last.periodStart.getTime() >= sub.currentPeriodEnd.getTime() ? await orderOf(deps, last.orderId) : undefined;
    await endWithOrder(deps, sub, waiting, 'Cancelled', now);
    return 0;
  }
  return sub.paymentMethod === 'CreditCard' ? renewByCard(deps, sub, now) : renewByLink(deps, sub, now);
};

export const subscriptionJobHandlers = { [SUBSCRIPTION_RENEW_JOB]: renewSubscriptionJob };
