/** Reading one order of a member, whatever its kind. */
import { and, eq, inArray } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { orderNotFound } from './errors.ts';
import { expireOverdueOrders } from './expire.ts';
import { isUnpaid, type OrderKinds, type OrderRow } from './kind.ts';

/**
 * The member's order; another member's reads as not found, and so does one of another kind than `kind`
 * (a product call does not reach an event order). An overdue unpaid order is expired first.
 */
export async function ownOrder(deps: Deps, kinds: OrderKinds, userId: string, orderId: string, kind?: string | readonly string[]): Promise<OrderRow> {
  const read = async () =>
    (await deps.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId), kind === undefined ? undefined : typeof kind === 'string' ? eq(orders.kind, kind) : inArray(orders.kind, [...kind]))))[0];
  const order = await read();
  if (!order) throw orderNotFound();
  const now = deps.clock.now();
  if (isUnpaid(order) && order.payBefore && order.payBefore <= now) {
    await expireOverdueOrders(deps, kinds, now, { orderId });
    return (await read())!;
  }
  return order;
}
