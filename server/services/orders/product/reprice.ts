/** apply-product-coupon, cancel-product-coupon and a new coupon at create-product-payment: a product order priced again. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../../contract/bag.ts';
import type { Currency } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { Db } from '../../../db/client.ts';
import { orderLines, orders, variances } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { acceptCoupon, lockCoupon, redeemCoupon, returnCouponUse } from '../coupons.ts';
import { orderClosed } from '../errors.ts';
import { inTransaction, isUnpaid, type OrderKinds, type OrderRow } from '../kind.ts';
import { lockOrder } from '../locks.ts';
import { releasePayment } from '../payments.ts';
import { priceOrder, totalHkdOf } from '../pricing.ts';
import type { PricedLine } from '../totals.ts';

/** An order's lines at the variances' HKD prices, in the order given (the product kind's FPS basis). */
export async function hkdLinesOf(tx: Db, lines: readonly { varianceId: string; productTypeId: string; quantity: number }[]): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const rows = await tx
    .select({ id: variances.id, priceHkd: variances.priceHkd })
    .from(variances)
    .where(inArray(variances.id, lines.map((l) => l.varianceId)));
  const priceOf = new Map(rows.map((r) => [r.id, r.priceHkd]));
  return lines.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: priceOf.get(l.varianceId)! * l.quantity }));
}

/**
 * Prices an unpaid order again with a coupon (or none): its lines as placed, the coupon checked now, and what
 * its kind keeps (the campaigns that were on when it was placed, shipping, the HKD basis), with the taxes
 * of its country. Its current payment, for the old amount, is cancelled first.
 */
export async function repriceOrder(deps: Deps, kinds: OrderKinds, order: OrderRow, code: string | undefined): Promise<OrderRow> {
  if (!isUnpaid(order)) throw orderClosed(order);
  const kind = kinds.of(order);
  if (!kind.repricing) throw new ApiError(400, ErrorCode.InvalidParameter, 'This order takes no coupon', 'OrderID');
  if (await releasePayment(deps, kinds, order)) throw new ApiError(400, ErrorCode.InvalidParameter, 'This order is already paid', 'OrderID');
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const locked = await lockOrder(tx, { orderId: order.id });
    if (!locked || !isUnpaid(locked)) throw orderClosed(locked ?? order);
    await lockCoupon(tx, code);
    // The order's own redemption does not count against the coupon it is re-priced with.
    await returnCouponUse(tx, order.id);
    const lineRows = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.varianceId));
    const lines: PricedLine[] = lineRows.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: l.lineTotal }));
    const currency = locked.currency as Currency;
    const coupon = await acceptCoupon(tx, { code, userId: locked.userId, currency, lines, now });
    const countryId = (locked.orderDetail as OrderDetail).CountryID;
    const { campaigns, shipped, hkdLines } = await kind.repricing!(tx, locked, lineRows);
    const orderDetail = await priceOrder(tx, { currency, countryId, lines, campaigns, coupon, shipped });
    // Prices are not edited while orders wait: the lines' HKD basis is the one they were placed at.
    const totalHkd = await totalHkdOf(tx, { currency, total: orderDetail.Total, countryId, hkdLines, campaigns, coupon, shipped });
    if (coupon && code) await redeemCoupon(tx, { code, userId: locked.userId, orderId: order.id, now });
    const [repriced] = await tx
      .update(orders)
      .set({ orderDetail, total: orderDetail.Total, totalHkd, couponCode: coupon ? code : null, paymentId: null, paymentStatus: 'WaitForPayment', priceRevision: sql`${orders.priceRevision} + 1` })
      .where(eq(orders.id, order.id))
      .returning();
    return repriced!;
  });
}
