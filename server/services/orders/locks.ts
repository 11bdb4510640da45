/**
 * Row locks of the order core, taken in one order everywhere (DESIGN §7): the member's row, then the
 * order's, then what the order holds (coupon, stock, subscription). Placing locks the member first (one
 * checkout per member at a time); settling, expiring, cancelling and re-pricing lock an order, so they
 * lock its member first too. Two transactions that lock the same rows then queue on the member's row
 * and can never deadlock (before, placing locked member → order and settling order → member).
 */
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import type { OrderRow } from './kind.ts';

/** Locks the member's row: everything that changes the member's orders queues here first. */
export async function lockMember(tx: Db, userId: string, options: { skipLocked?: boolean } = {}): Promise<boolean> {
  const query = tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  const [member] = await (options.skipLocked ? query.for('no key update', { skipLocked: true }) : query.for('no key update'));
  return member !== undefined;
}

/**
 * Locks an order for update, its member's row first. Undefined when there is no such order, or (with
 * skipLocked) when the member or the order is being changed by another transaction right now.
 */
export async function lockOrder(tx: Db, where: { orderId: string } | { reference: string }, options: { skipLocked?: boolean } = {}): Promise<OrderRow | undefined> {
  const condition: SQL = 'orderId' in where ? eq(orders.id, where.orderId) : eq(orders.reference, where.reference);
  // An order's member never changes, so reading it unlocked is enough to know which member to lock.
  const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(condition);
  if (!owner) return undefined;
  if (!(await lockMember(tx, owner.userId, options))) return undefined;
  const query = tx.select().from(orders).where(condition);
  const [locked] = await (options.skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  return locked;
}
