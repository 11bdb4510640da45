/**
 * Expiry of unpaid orders past pay_before: by the jobs runner (the order's ORDER_EXPIRY_JOB row, due at
 * its pay_before), and by any read that finds an overdue order before the runner does. Either way the
 * provider is asked first (reconcile.ts): money that arrived while its notification was lost pays the
 * order instead, a payment the provider is still deciding keeps it waiting, and the order's open
 * payments are cancelled before it expires, so none can take money for an expired order. Then the
 * order's kind gives back its hold.
 */
import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { scheduleJob, type JobHandler } from '../jobs/queue.ts';
import { ORDER_EXPIRY_JOB, releaseHold } from './hold.ts';
import { inTransaction, isUnpaid, runAfterCommit, UNPAID, type AfterCommit, type OrderKinds, type OrderRow } from './kind.ts';
import { lockOrder } from './locks.ts';
import { cancelQuietly } from './provider.ts';
import { orderById, prepareToExpire, ProviderUnreachable } from './reconcile.ts';

/** While the provider is still deciding an overdue order's payment, it is asked again this much later. */
export const EXPIRY_RECHECK_MS = 60_000;

const overdue = (order: OrderRow, now: Date) => isUnpaid(order) && order.payBefore !== null && order.payBefore <= now;

/** What trying to expire an order came to. */
type Expiry = 'expired' | 'paid' | 'waiting' | 'not_due';

/**
 * Expires one overdue order once the provider says nothing can pay it any more. With `skipLocked`, an
 * order being settled right now is left to that settlement. Throws ProviderUnreachable when the
 * provider cannot be asked: the order is then not expired blindly.
 */
async function expireOrder(deps: Deps, kinds: OrderKinds, orderId: string, now: Date, skipLocked: boolean): Promise<Expiry> {
  const order = await orderById(deps.db, orderId);
  if (!order || !overdue(order, now)) return 'not_due';
  const prepared = await prepareToExpire(deps, kinds, order);
  if (prepared.outcome !== 'ready') return prepared.outcome;
  const afterCommit: AfterCommit = [];
  const expired = await inTransaction(deps.db, async (tx) => {
    const locked = await lockOrder(tx, { orderId }, { skipLocked });
    if (!locked || !overdue(locked, now)) return false;
    await releaseHold(tx, kinds, locked, 'Expired', now, afterCommit);
    // A payment started after the provider was asked (the payer at the last second) must not stay payable.
    if (locked.paymentId) afterCommit.push((d) => cancelQuietly(d, locked.paymentId!));
    return true;
  });
  await runAfterCommit(deps, afterCommit);
  return expired ? 'expired' : 'not_due';
}

/**
 * The runner's handler of ORDER_EXPIRY_JOB (key: the order id). It waits for a settlement holding the
 * order: skipping it would drop the job with the order still unpaid. A payment still being decided
 * moves the job EXPIRY_RECHECK_MS on; an unreachable provider fails the run, which is retried with
 * backoff. Answers 1 when it expired the order.
 */
export function expireOrderJob(kinds: OrderKinds): JobHandler {
  return async (deps, job, now) => {
    const expiry = await expireOrder(deps, kinds, job.key, now, false);
    if (expiry === 'waiting') {
      await scheduleJob(deps.db, { kind: ORDER_EXPIRY_JOB, key: job.key, dueAt: new Date(now.getTime() + EXPIRY_RECHECK_MS) }, now);
    }
    return expiry === 'expired' ? 1 : 0;
  };
}

const EXPIRY_BATCH = 50;

/**
 * Expires one member's or one order's overdue unpaid orders now, when a read finds them before the
 * runner (one being settled right now is left to that settlement and the runner; one whose provider
 * cannot be asked is left to the runner). Answers how many expired.
 */
export async function expireOverdueOrders(deps: Deps, kinds: OrderKinds, now: Date, only: { userId: string } | { orderId: string }): Promise<number> {
  const conditions: SQL[] = [inArray(orders.paymentStatus, [...UNPAID]), lte(orders.payBefore, now)];
  conditions.push('userId' in only ? eq(orders.userId, only.userId) : eq(orders.id, only.orderId));
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.payBefore))
    .limit(EXPIRY_BATCH);
  let expired = 0;
  for (const { id } of due) {
    try {
      if ((await expireOrder(deps, kinds, id, now, true)) === 'expired') expired += 1;
    } catch (err) {
      if (!(err instanceof ProviderUnreachable)) throw err;
      deps.log.warn({ err, orderId: id }, 'overdue order left to the jobs runner: the provider could not be asked');
    }
  }
  return expired;
}
