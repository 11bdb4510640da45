/**
 * Variances in the back office (issue 32, contract/staff-catalogue.ts): made and changed under their
 * product's row lock (so the product's lowest price is worked out from what is committed), and their stock
 * adjusted by a signed delta in one conditional update, as checkout takes stock (services/orders/stock.ts):
 * adjustments and checkouts at the same moment all count, and stock never goes below zero.
 */
import { and, eq, max, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffProduct, StaffVariance } from '../../../contract/staff-catalogue.ts';
import { variances } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { appendAudit } from './audit.ts';
import {
  changedOnly,
  lockProduct,
  newVarianceId,
  published,
  readStaffProducts,
  refreshMinPrice,
  toStaffVariance,
  type CatalogueDeps,
  type NewVariance,
} from './catalogue.ts';

/** The audit log's actions for variances and their stock. */
export const CREATE_VARIANCE_ACTION = 'variance.create';
export const UPDATE_VARIANCE_ACTION = 'variance.update';
export const ADJUST_STOCK_ACTION = 'stock.adjust';

const noVariance = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No variance has this id', 'VarianceID');

/** staff-create-variance: the variance added last to its product, with one audit row. */
export async function createVariance(deps: CatalogueDeps, actorUserId: string, productId: string, v: NewVariance): Promise<StaffProduct> {
  const now = deps.clock.now();
  const product = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [last] = await tx.select({ sort: max(variances.sort) }).from(variances).where(eq(variances.productId, productId));
    const [made] = await tx
      .insert(variances)
      .values({
        id: newVarianceId(productId, v.name.en),
        productId,
        nameEn: v.name.en,
        nameZh: v.name.zh,
        priceHkd: v.price.HKD,
        priceUsd: v.price.USD,
        stock: v.stock,
        stopSell: v.stopSell,
        sort: (last?.sort ?? -1) + 1,
      })
      .returning();
    await refreshMinPrice(tx, productId);
    await appendAudit(tx, { at: now, actorUserId, action: CREATE_VARIANCE_ACTION, target: `variance:${made!.id}`, before: null, after: { ProductID: productId, ...toStaffVariance(made!) } });
    return (await readStaffProducts(tx, [productId]))[0]!;
  });
  published(deps, [productId]);
  return product;
}

/** What staff may change of a variance; undefined: unchanged. Stock moves only through adjustStock. */
export interface VarianceEdit {
  varianceId: string;
  name?: { en: string; zh: string } | undefined;
  price?: { HKD: number; USD: number } | undefined;
  stopSell?: boolean | undefined;
}

/** staff-update-variance: the changes applied under the product's lock, with one audit row; nothing changed, nothing written. */
export async function updateVariance(deps: CatalogueDeps, actorUserId: string, e: VarianceEdit): Promise<StaffProduct> {
  const now = deps.clock.now();
  const { product, productId, changed } = await deps.db.transaction(async (tx) => {
    // The variance, then its product: the order a paid order's transaction takes them in (stock, then the
    // product's sold count), so the two never wait on each other in a cycle. The product's lock makes two
    // changes of its variances work out its lowest price one after the other.
    const [before] = await tx.select().from(variances).where(eq(variances.id, e.varianceId)).for('update');
    if (!before) throw noVariance();
    await lockProduct(tx, before.productId);
    const change = changedOnly(before, {
      ...(e.name ? { nameEn: e.name.en, nameZh: e.name.zh } : {}),
      ...(e.price ? { priceHkd: e.price.HKD, priceUsd: e.price.USD } : {}),
      ...(e.stopSell !== undefined ? { stopSell: e.stopSell } : {}),
    });
    const changed = Object.keys(change).length > 0;
    if (changed) {
      const [after] = await tx.update(variances).set(change).where(eq(variances.id, e.varianceId)).returning();
      await refreshMinPrice(tx, before.productId);
      await appendAudit(tx, {
        at: now,
        actorUserId,
        action: UPDATE_VARIANCE_ACTION,
        target: `variance:${e.varianceId}`,
        before: { ProductID: before.productId, ...toStaffVariance(before) },
        after: { ProductID: before.productId, ...toStaffVariance(after!) },
      });
    }
    return { product: (await readStaffProducts(tx, [before.productId]))[0]!, productId: before.productId, changed };
  });
  if (changed) published(deps, [productId]);
  return product;
}

export interface StockAdjustment {
  varianceId: string;
  /** Signed units, never 0. */
  delta: number;
  reason: string;
}

/**
 * staff-adjust-stock: stock + delta in one statement that holds only while the result is not below zero,
 * so concurrent adjustments (and checkouts) each apply to the stock the one before left; the audit row's
 * before is what this statement found (after − delta), not an earlier read.
 */
export async function adjustStock(deps: CatalogueDeps, actorUserId: string, a: StockAdjustment): Promise<StaffVariance> {
  const now = deps.clock.now();
  const adjusted = await deps.db.transaction(async (tx) => {
    const [after] = await tx
      .update(variances)
      .set({ stock: sql`${variances.stock} + ${a.delta}` })
      .where(and(eq(variances.id, a.varianceId), sql`${variances.stock} + ${a.delta} >= 0`))
      .returning();
    if (!after) {
      const [current] = await tx.select({ stock: variances.stock }).from(variances).where(eq(variances.id, a.varianceId));
      if (!current) throw noVariance();
      throw new ApiError(400, ErrorCode.StockBelowZero, `Only ${current.stock} in stock: ${-a.delta} cannot be taken off`, 'Delta', { Stock: current.stock });
    }
    await appendAudit(tx, {
      at: now,
      actorUserId,
      action: ADJUST_STOCK_ACTION,
      target: `variance:${a.varianceId}`,
      before: { ProductID: after.productId, VarianceID: after.id, Stock: after.stock - a.delta },
      after: { ProductID: after.productId, VarianceID: after.id, Stock: after.stock, Delta: a.delta, Reason: a.reason },
    });
    return after;
  });
  // Product pages show stock status: read afresh (the taste index keeps no stock).
  deps.productCache.forget([adjusted.productId]);
  return toStaffVariance(adjusted);
}
