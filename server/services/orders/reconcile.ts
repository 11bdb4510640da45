/**
 * Reconciliation: what the provider says of an unpaid order's payments, when the shop may not have
 * heard it (a notification lost with a crashed process, a payment the provider made just before the
 * shop could record it). Money that arrived pays the order through the one settle path (settle.ts),
 * so whichever of the webhook, the browser's return, the expiry and the sweep comes first pays it, once.
 *
 * - Before an order is given up (expire.ts), its payments are read: succeeded pays it; one still
 *   processing leaves it for a later run; the others are cancelled at the provider first, so nothing
 *   can take money for an order once it has expired.
 * - PAYMENT_RECONCILE_JOB sweeps every unpaid order against the provider: at start-up, and every few
 *   minutes while unpaid orders exist (placing an order makes sure the sweep is scheduled).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { scheduleJob, type JobHandler } from '../jobs/queue.ts';
import { isFinalStatus, type PaymentState } from '../payments/provider.ts';
import { isUnpaid, UNPAID, type OrderKinds, type OrderRow } from './kind.ts';
import { providerOf } from './provider.ts';
import { settleState } from './settle.ts';

/** The job that sweeps unpaid orders against the provider (one row, key SWEEP_KEY). */
export const PAYMENT_RECONCILE_JOB = 'payments.reconcile';
const SWEEP_KEY = 'unpaid-orders';
/** How often the sweep runs while unpaid orders exist: a lost notification is recovered within this. */
export const RECONCILE_EVERY_MS = 2 * 60_000;
const SWEEP_BATCH = 100;

/** The provider could not be asked: nothing is decided about the order's money until it can. */
export class ProviderUnreachable extends Error {
  constructor(orderId: string, code: string) {
    super(`payments of order ${orderId} could not be read from the provider (${code})`);
    this.name = 'ProviderUnreachable';
  }
}

/** Every payment the provider holds for the order: those of its reference, and its current one by id. */
async function paymentsOf(deps: Deps, order: OrderRow): Promise<PaymentState[]> {
  const provider = await providerOf(deps);
  const found = await provider.paymentsFor(order.reference);
  if (!found.ok) throw new ProviderUnreachable(order.id, found.code);
  const payments = found.payments.filter((p) => p.orderRef === order.reference);
  if (order.paymentId && !payments.some((p) => p.paymentId === order.paymentId)) {
    // (A search index may not list a payment made seconds ago; the order's own is read by id.)
    const current = await provider.confirmPayment(order.paymentId);
    if (current.ok) payments.push(current.payment);
    else if (current.code !== 'not_found') throw new ProviderUnreachable(order.id, current.code);
  }
  return payments;
}

export interface Reconciled {
  /** The order as it stands after settling what the provider said. */
  order: OrderRow;
  /** The order's payments that have not ended at the provider. */
  open: PaymentState[];
}

/**
 * Settles what the provider says of the order's payments: a succeeded one pays it (a second one is
 * recorded for refund by settling), the current one's failure marks it PaymentFailed. Throws
 * ProviderUnreachable when the provider cannot be asked.
 */
export async function reconcileOrder(deps: Deps, kinds: OrderKinds, order: OrderRow): Promise<Reconciled> {
  const payments = await paymentsOf(deps, order);
  let now = order;
  // Successes first: the money decides; then the current payment's own end.
  const succeeded = payments.filter((p) => p.status === 'succeeded');
  const current = payments.filter((p) => p.paymentId === order.paymentId && (p.status === 'failed' || p.status === 'canceled'));
  for (const payment of [...succeeded, ...current]) {
    const settled = await settleState(deps, kinds, { orderId: order.id }, payment);
    if (settled?.order) now = settled.order;
  }
  return { order: now, open: payments.filter((p) => !isFinalStatus(p.status)) };
}

/** What giving up on an overdue order came to. */
export type GivingUp = { outcome: 'paid' | 'waiting'; order: OrderRow } | { outcome: 'ready'; order: OrderRow };

/**
 * Before an overdue order expires: settles money that arrived, and cancels its open payments at the
 * provider. `ready` when nothing can pay it any more and it may expire; `paid` when it turned out
 * paid (or otherwise no longer unpaid); `waiting` while the provider is still deciding a payment.
 */
export async function prepareToExpire(deps: Deps, kinds: OrderKinds, order: OrderRow): Promise<GivingUp> {
  const reconciled = await reconcileOrder(deps, kinds, order);
  if (!isUnpaid(reconciled.order)) return { outcome: 'paid', order: reconciled.order };
  if (reconciled.open.some((p) => p.status === 'processing')) return { outcome: 'waiting', order: reconciled.order };
  const provider = await providerOf(deps);
  for (const payment of reconciled.open) {
    const cancelled = await provider.cancelPayment(payment.paymentId);
    if (cancelled.ok || cancelled.code === 'not_found') continue;
    if (cancelled.code !== 'invalid_state') throw new ProviderUnreachable(order.id, cancelled.code);
    // It succeeded between the read and the cancel: settle it as paid.
    const again = await reconcileOrder(deps, kinds, reconciled.order);
    return { outcome: isUnpaid(again.order) ? 'waiting' : 'paid', order: again.order };
  }
  return { outcome: 'ready', order: reconciled.order };
}

/** Makes sure the sweep runs within RECONCILE_EVERY_MS (an earlier due time stays). */
export async function ensureReconcileSweep(db: Db, now: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: PAYMENT_RECONCILE_JOB, key: SWEEP_KEY, dueAt: new Date(now.getTime() + RECONCILE_EVERY_MS), createdAt: now })
    .onConflictDoNothing();
}

/** At start-up: sweep now (a notification may have been lost with the process that stopped). */
export async function reconcileAtStart(deps: Deps, now: Date = deps.clock.now()): Promise<void> {
  await scheduleJob(deps.db, { kind: PAYMENT_RECONCILE_JOB, key: SWEEP_KEY, dueAt: now }, now);
}

/**
 * The sweep's handler: every unpaid order still in its payment window is reconciled (overdue ones
 * are their expiry's). Answers how many it found paid. It schedules itself again while unpaid orders
 * remain; an order the provider could not be asked about is left for that next run.
 */
export function reconcileSweepJob(kinds: OrderKinds): JobHandler {
  return async (deps, _job, now) => {
    let paid = 0;
    let after = '';
    for (;;) {
      const batch = await deps.db
        .select()
        .from(orders)
        .where(and(inArray(orders.paymentStatus, [...UNPAID]), gt(orders.payBefore, now), gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(SWEEP_BATCH);
      for (const order of batch) {
        try {
          const { order: settled } = await reconcileOrder(deps, kinds, order);
          if (settled.paymentStatus === 'Paid') paid += 1;
        } catch (err) {
          deps.log.warn({ err, orderId: order.id }, 'order could not be reconciled; the next sweep tries again');
        }
      }
      if (batch.length < SWEEP_BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    const [unpaid] = await deps.db.select({ id: orders.id }).from(orders).where(inArray(orders.paymentStatus, [...UNPAID])).limit(1);
    if (unpaid) await scheduleJob(deps.db, { kind: PAYMENT_RECONCILE_JOB, key: SWEEP_KEY, dueAt: new Date(now.getTime() + RECONCILE_EVERY_MS) }, now);
    return paid;
  };
}

/** Reads one order (no lock): the provider is asked outside any transaction. */
export async function orderById(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(eq(orders.id, orderId)))[0];
}
