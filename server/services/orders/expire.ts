/**
 * Expiry of unpaid orders past pay_before: by the jobs runner (the order's ORDER_EXPIRY_JOB row, due at
 * its pay_before), and by any read that finds an overdue order before the runner does. Either way the
 * order's kind gives back its hold, then the order's payment is cancelled at the provider (an FPS QR
 * stops being honoured).
 */
import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { releaseHold } from './hold.ts';
import { inTransaction, isUnpaid, runAfterCommit, UNPAID, type AfterCommit, type OrderKinds, type OrderRow } from './kind.ts';
import { cancelQuietly } from './provider.ts';

async function expireLocked(tx: Db, kinds: OrderKinds, due: readonly OrderRow[], now: Date, afterCommit: AfterCommit) {
  for (const order of due) {
    await releaseHold(tx, kinds, order, 'Expired', now, afterCommit);
    if (order.paymentId) afterCommit.push((d) => cancelQuietly(d, order.paymentId!));
  }
}

/**
 * The runner's handler of ORDER_EXPIRY_JOB (key: the order id). It waits for a settlement holding the
 * order: skipping it would drop the job with the order still unpaid. Answers 1 when it expired the order.
 */
export function expireOrderJob(kinds: OrderKinds): JobHandler {
  return async (deps, job, now) => {
    const afterCommit: AfterCommit = [];
    const expired = await inTransaction(deps.db, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, job.key)).for('update');
      if (!order || !isUnpaid(order) || !order.payBefore || order.payBefore > now) return 0;
      await expireLocked(tx, kinds, [order], now, afterCommit);
      return 1;
    });
    await runAfterCommit(deps, afterCommit);
    return expired;
  };
}

const EXPIRY_BATCH = 50;

/**
 * Expires one member's or one order's overdue unpaid orders now, when a read finds them before the
 * runner: claimed FOR UPDATE SKIP LOCKED in batches (one being settled right now is left to that
 * settlement and the runner). Answers how many expired.
 */
export async function expireOverdueOrders(deps: Deps, kinds: OrderKinds, now: Date, only: { userId: string } | { orderId: string }): Promise<number> {
  let expired = 0;
  for (;;) {
    const afterCommit: AfterCommit = [];
    const due = await inTransaction(deps.db, async (tx) => {
      const conditions: SQL[] = [inArray(orders.paymentStatus, [...UNPAID]), lte(orders.payBefore, now)];
      conditions.push('userId' in only ? eq(orders.userId, only.userId) : eq(orders.id, only.orderId));
      const rows = await tx
        .select()
        .from(orders)
        .where(and(...conditions))
        .orderBy(asc(orders.payBefore))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      await expireLocked(tx, kinds, rows, now, afterCommit);
      return rows;
    });
    await runAfterCommit(deps, afterCommit);
    expired += due.length;
    if (due.length < EXPIRY_BATCH) return expired;
  }
}
