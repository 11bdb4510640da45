import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as contract from '../../contract/bag.ts';
import { MAX_BAG_LINES, MAX_LINE_QUANTITY } from '../../contract/bag.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { bagItems, products, users, variances } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { checkCoupon, invalidCoupon, normaliseCouponCode, toCoupon, usableCoupons } from '../services/orders/coupons.ts';
import { persistReconciliation, priceBag, pricedLines, readBagRows, reconcile } from '../services/orders/product/bag.ts';
import { checkingCoupon } from '../services/limits.ts';
import { implement } from './handler.ts';

/** The variance's stock, refusing what cannot go into a bag: unknown, sale stopped, none left. */
async function saleableStock(db: Db, varianceId: string): Promise<number> {
  const [row] = await db
    .select({ stock: variances.stock, varianceStopSell: variances.stopSell, productStopSell: products.stopSell })
    .from(variances)
    .innerJoin(products, eq(products.id, variances.productId))
    .where(eq(variances.id, varianceId));
  if (!row) throw notFound('Variance');
  if (row.varianceStopSell || row.productStopSell) throw new ApiError(400, ErrorCode.StopSell, 'This item is no longer on sale');
  if (row.stock <= 0) throw new ApiError(400, ErrorCode.OutOfStock, 'This item is out of stock');
  return row.stock;
}

/**
 * Writes a line in one transaction. The member's row is locked first (FOR NO KEY UPDATE: it does not
 * block foreign-key checks), so one member's writes run one after another: the line count checked
 * against MAX_BAG_LINES and the quantity read stay true until commit. The upsert's ON CONFLICT
 * still reckons from the stored row. `change` gives the quantity for a new line and, in SQL, from
 * the stored one.
 */
async function writeLine(
  db: Db,
  { userId, varianceId, now }: { userId: string; varianceId: string; now: Date },
  change: { fresh: number; fromStored: SQL },
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [existing] = await tx
      .select({ quantity: bagItems.quantity })
      .from(bagItems)
      .where(and(eq(bagItems.userId, userId), eq(bagItems.varianceId, varianceId)));
    if (!existing) {
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(bagItems).where(eq(bagItems.userId, userId));
      if ((count?.n ?? 0) >= MAX_BAG_LINES) {
        throw new ApiError(400, ErrorCode.LimitError, `A bag holds at most ${MAX_BAG_LINES} different items`);
      }
    }
    const [stored] = await tx
      .insert(bagItems)
      .values({ userId, varianceId, quantity: change.fresh, addedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [bagItems.userId, bagItems.varianceId], set: { quantity: change.fromStored, updatedAt: now } })
      .returning({ quantity: bagItems.quantity });
    return { before: existing?.quantity ?? 0, quantity: stored!.quantity };
  });
}

export const bagHandlers = implement(contract, {
  async getShoppingBag({ body, deps, userId, clientIp }) {
    const { db, clock } = deps;
    const bag = await checkingCoupon(deps, { userId: userId, clientIp }, body.CouponID, async () => {
      const priced = await priceBag(db, { userId: userId, currency: body.Currency, couponCode: body.CouponID, now: clock.now() });
      // Refused before anything is stored, so the next read still reports the stock notices.
      if (priced.couponRefusal) throw invalidCoupon(priced.couponRefusal);
      return priced;
    });
    await persistReconciliation(db, userId, bag.reconciliation);
    return {
      productList: bag.productList,
      outOfStockList: bag.reconciliation.outOfStock,
      stopSellList: bag.reconciliation.stopSell,
      orderDetail: bag.orderDetail,
      HasAlcohol: bag.hasAlcohol,
    };
  },

  async addShoppingBag({ body, deps: { db, clock }, userId }) {
    const stock = await saleableStock(db, body.VarianceID);
    const { before, quantity } = await writeLine(
      db,
      { userId: userId, varianceId: body.VarianceID, now: clock.now() },
      {
        fresh: Math.min(body.Quantity, stock, MAX_LINE_QUANTITY),
        fromStored: sql`least(${bagItems.quantity} + ${body.Quantity}, ${stock}, ${MAX_LINE_QUANTITY})`,
      },
    );
    return { VarianceID: body.VarianceID, Quantity: quantity, Requested: before + body.Quantity };
  },

  async setShoppingBag({ body, deps: { db, clock }, userId }) {
    if (body.Quantity === 0) {
      await db.delete(bagItems).where(and(eq(bagItems.userId, userId), eq(bagItems.varianceId, body.VarianceID)));
      return { VarianceID: body.VarianceID, Quantity: 0, Requested: 0 };
    }
    const stock = await saleableStock(db, body.VarianceID);
    const quantity = Math.min(body.Quantity, stock);
    await writeLine(
      db,
      { userId: userId, varianceId: body.VarianceID, now: clock.now() },
      { fresh: quantity, fromStored: sql`${quantity}` },
    );
    return { VarianceID: body.VarianceID, Quantity: quantity, Requested: body.Quantity };
  },

  async couponApply({ body, deps, userId, clientIp }) {
    const { db, clock } = deps;
    const code = normaliseCouponCode(body.CouponID) ?? '';
    return checkingCoupon(deps, { userId: userId, clientIp }, code, async () => {
      // Checked against the bag as the next read will see it; nothing is stored here.
      const lines = pricedLines(reconcile(await readBagRows(db, userId)).kept, body.Currency);
      const check = await checkCoupon(db, { code, userId: userId, orderKind: 'product', currency: body.Currency, lines, now: clock.now() });
      if (!check.ok) throw invalidCoupon(check.refusal);
      return { Coupon: toCoupon(check.row, check.usage.member) };
    });
  },

  async couponList({ deps: { db, clock }, userId }) {
    return { CouponList: await usableCoupons(db, userId, clock.now()) };
  },
});
