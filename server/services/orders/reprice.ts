/**
 * Pricing an unpaid order again with another coupon (or none), for every kind that takes one: its payment for the
 * old amount released first, the order and the coupon locked, the order's own redemption given back and the new
 * one written, the order's totals replaced. The kind brings only how it is priced (`price`).
 */
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { lockCoupon, redeemCoupon, returnCouponUse } from './coupons.ts';
import { orderClosed } from './errors.ts';
import { inTransaction, isUnpaid, type OrderKinds, type OrderRow } from './kind.ts';
import { lockOrder } from './locks.ts';
import { releasePayment } from './payments.ts';

/** What a kind's pricing answers: the order's new detail and totals, and whether the coupon was taken. */
export interface Repriced {
  orderDetail: { Total: number };
  totalHkd: number;
  couponTaken: boolean;
}

/**
 * `field`: the request's field the refusals name (OrderID, or the gathering of a walk-in's place). `price` runs in
 * the transaction, with the locked order; it throws 70600 for a coupon it refuses.
 */
export async function repriceUnpaid(
  deps: Deps,
  kinds: OrderKinds,
  order: OrderRow,
  code: string | undefined,
  field: string,
  price: (tx: Db, locked: OrderRow, now: Date) => Promise<Repriced>,
): Promise<OrderRow> {
  if (!isUnpaid(order)) throw orderClosed(order);
  if (await releasePayment(deps, kinds, order)) throw new ApiError(400, ErrorCode.InvalidParameter, 'This order is already paid', field);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const locked = await lockOrder(tx, { orderId: order.id });
    if (!locked || !isUnpaid(locked)) throw orderClosed(locked ?? order);
    await lockCoupon(tx, code);
    // The order's own redemption does not count against the coupon it is re-priced with.
    await returnCouponUse(tx, order.id);
    const { orderDetail, totalHkd, couponTaken } = await price(tx, locked, now);
    if (couponTaken && code) await redeemCoupon(tx, { code, userId: locked.userId, orderId: order.id, now });
    const [repriced] = await tx
      .update(orders)
      .set({
        orderDetail,
        total: orderDetail.Total,
        totalHkd,
        couponCode: couponTaken ? code : null,
        paymentId: null,
        paymentStatus: 'WaitForPayment',
        priceRevision: sql`${orders.priceRevision} + 1`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    return repriced!;
  });
}
