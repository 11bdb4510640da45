/**
 * An unpaid order's hold over its life: taken by its kind when placed (place.ts), with its expiry
 * scheduled as a job due at pay_before; kept when the order is paid; given back when the order is
 * cancelled, replaced or expired.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { scheduleJob, unscheduleJob } from '../jobs/queue.ts';
import type { AfterCommit, OrderKinds, OrderRow } from './kind.ts';

/** The job that expires an unpaid order at its pay_before (keyed by the order id; run by expire.ts). */
export const ORDER_EXPIRY_JOB = 'order.expire';

export async function scheduleExpiry(tx: Db, order: Pick<OrderRow, 'id' | 'payBefore'>, now: Date): Promise<void> {
  if (order.payBefore) await scheduleJob(tx, { kind: ORDER_EXPIRY_JOB, key: order.id, dueAt: order.payBefore }, now);
}

/** The order is paid: what it holds is sold, and nothing expires it. */
export async function keepHold(tx: Db, orderId: string): Promise<void> {
  await unscheduleJob(tx, ORDER_EXPIRY_JOB, orderId);
}

/** Closes an unpaid (locked) order and gives back what its kind held. */
export async function releaseHold(
  tx: Db,
  kinds: OrderKinds,
  order: OrderRow,
  status: 'Cancelled' | 'Expired',
  now: Date,
  afterCommit: AfterCommit,
): Promise<void> {
  await tx.update(orders).set({ paymentStatus: status, closedAt: now }).where(eq(orders.id, order.id));
  await kinds.of(order).release(tx, order, afterCommit);
  await unscheduleJob(tx, ORDER_EXPIRY_JOB, order.id);
}
