/** apply-product-coupon, cancel-product-coupon and a new coupon at create-product-payment: a product order priced again. */
import { asc, eq, sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../../contract/bag.ts';
import type { Currency } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { couponRedemptions, coupons, orderLines, orders } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { campaignsFor, checkCoupon, shippingFor, taxesFor } from '../../bag.ts';
import { computeOrderDetail, type PricedLine } from '../../bag-totals.ts';
import { orderClosed } from '../errors.ts';
import { inTransaction, isUnpaid, type OrderKinds, type OrderRow } from '../kind.ts';
import { lockOrder } from '../locks.ts';
import { releasePayment } from '../payments.ts';
import { invalidCoupon } from './kind.ts';
import { hkdLinesOf, hkdTotalOf } from './totals.ts';

/**
 * Prices an unpaid order again with a coupon (or none): its lines as placed, the campaigns that were
 * on when it was placed, the coupon checked now, shipping and taxes of its delivery country. Its
 * current payment, for the old amount, is cancelled first.
 */
export async function repriceOrder(deps: Deps, kinds: OrderKinds, order: OrderRow, code: string | undefined): Promise<OrderRow> {
  if (!isUnpaid(order)) throw orderClosed(order);
  if (await releasePayment(deps, kinds, order)) throw new ApiError(400, ErrorCode.InvalidParameter, 'This order is already paid', 'OrderID');
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const locked = await lockOrder(tx, { orderId: order.id });
    if (!locked || !isUnpaid(locked)) throw orderClosed(locked ?? order);
    if (code) await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).for('update');
    // The order's own redemption does not count against the coupon it is re-priced with.
    await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
    const lineRows = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.varianceId));
    const lines: PricedLine[] = lineRows.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: l.lineTotal }));
    const currency = locked.currency as Currency;
    const coupon = code ? await checkCoupon(tx, { code, userId: locked.userId, currency, lines, now }) : undefined;
    if (coupon && !coupon.ok) throw invalidCoupon(coupon.refusal);
    const countryId = (locked.orderDetail as OrderDetail).CountryID;
    // One after another: a transaction's queries share one connection.
    const campaigns = await campaignsFor(tx, locked.userId, locked.createdAt);
    const shipping = await shippingFor(tx, countryId, currency);
    const taxes = await taxesFor(tx, countryId);
    const orderDetail = computeOrderDetail({ currency, countryId, lines, campaigns, ...(coupon?.ok ? { coupon: coupon.rule } : {}), shipping, taxes });
    // The lines as placed, at the variances' HKD prices (prices are not edited while orders wait).
    const totalHkd =
      currency === 'HKD'
        ? orderDetail.Total
        : await hkdTotalOf(tx, { countryId, lines: await hkdLinesOf(tx, lineRows), campaigns, coupon: coupon?.ok ? coupon.rule : undefined, taxes });
    if (coupon?.ok && code) await tx.insert(couponRedemptions).values({ couponCode: code, userId: locked.userId, orderId: order.id, createdAt: now });
    const [repriced] = await tx
      .update(orders)
      .set({ orderDetail, total: orderDetail.Total, totalHkd, couponCode: coupon?.ok ? code : null, paymentId: null, paymentStatus: 'WaitForPayment', priceRevision: sql`${orders.priceRevision} + 1` })
      .where(eq(orders.id, order.id))
      .returning();
    return repriced!;
  });
}
