/** apply-product-coupon, cancel-product-coupon and a new coupon at create-product-payment: a product order priced again. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderDetail } from '../../../../contract/bag.ts';
import type { Currency } from '../../../../contract/define.ts';
import type { CouponOrderKind } from '../../../../contract/staff-coupon-fields.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { Db } from '../../../db/client.ts';
import { orderLines, variances } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { acceptCoupon } from '../coupons.ts';
import type { OrderKinds, OrderRow } from '../kind.ts';
import { priceOrder, totalHkdOf } from '../pricing.ts';
import { repriceUnpaid } from '../reprice.ts';
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
  const kind = kinds.of(order);
  if (!kind.repricing) throw new ApiError(400, ErrorCode.InvalidParameter, 'This order takes no coupon', 'OrderID');
  return repriceUnpaid(deps, kinds, order, code, 'OrderID', async (tx, locked, now) => {
    const lineRows = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.varianceId));
    const lines: PricedLine[] = lineRows.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: l.lineTotal }));
    const currency = locked.currency as Currency;
    // Checked for the order's own kind (a product order, or a gathering's): orders.kind names one of the coupon's kinds.
    const coupon = await acceptCoupon(tx, { code, userId: locked.userId, orderKind: locked.kind as CouponOrderKind, currency, lines, now });
    const countryId = (locked.orderDetail as OrderDetail).CountryID;
    const { campaigns, shipped, hkdLines } = await kind.repricing!(tx, locked, lineRows);
    const orderDetail = await priceOrder(tx, { currency, countryId, lines, campaigns, coupon, shipped });
    // Prices are not edited while orders wait: the lines' HKD basis is the one they were placed at.
    const totalHkd = await totalHkdOf(tx, { currency, total: orderDetail.Total, countryId, hkdLines, campaigns, coupon, shipped });
    return { orderDetail, totalHkd, couponTaken: coupon !== undefined };
  });
}
