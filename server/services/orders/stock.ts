/**
 * Stock an order holds, for every kind that sells variances (a bag's lines, a box's): taken when it is
 * placed, given back with its coupon use when it closes unpaid. Written once so every kind takes stock
 * the same way: in variance id order (two checkouts sharing variances never wait on each other in a
 * cycle), never below zero, and never from a variance whose sale is stopped.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, variances } from '../../db/schema.ts';
import { returnCouponUse } from './coupons.ts';
import type { AfterCommit } from './kind.ts';

export type StockLine = { varianceId: string; quantity: number };

/** Takes each line's stock; false (nothing to keep: the caller's transaction rolls back) when one cannot be had. */
export async function holdStock(tx: Db, lines: readonly StockLine[]): Promise<boolean> {
  for (const line of [...lines].sort((a, b) => (a.varianceId < b.varianceId ? -1 : 1))) {
    const held = await tx
      .update(variances)
      .set({ stock: sql`${variances.stock} - ${line.quantity}` })
      .where(and(eq(variances.id, line.varianceId), sql`${variances.stock} >= ${line.quantity}`, eq(variances.stopSell, false)))
      .returning({ id: variances.id });
    if (held.length === 0) return false;
  }
  return true;
}

/** Gives back the stock of an order's lines (in the order placing took it) and its coupon use. */
export async function releaseStock(tx: Db, orderId: string, afterCommit: AfterCommit): Promise<void> {
  const lines = await tx
    .select({ varianceId: orderLines.varianceId, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.varianceId));
  for (const line of lines) {
    await tx.update(variances).set({ stock: sql`${variances.stock} + ${line.quantity}` }).where(eq(variances.id, line.varianceId));
  }
  await returnCouponUse(tx, orderId);
  // Their product pages show stock: read afresh.
  afterCommit.push((deps) => deps.productCache.forget(lines.map((line) => line.productId)));
}
