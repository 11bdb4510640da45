/**
 * The product order (issue 5), the first order kind: placed from the member's bag, priced exactly as
 * getShoppingBag prices it (priceBag), holding each line's stock with a conditional update that never
 * goes below zero, with the coupon's use written and the bag emptied. A member keeps one unpaid product
 * order: a new checkout cancels the earlier one, gives its stock back and returns its lines to the bag.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { MAX_BAG_LINES, MAX_LINE_QUANTITY } from '../../../../contract/bag.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { Db } from '../../../db/client.ts';
import { bagItems, orderLines, products } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { invalidCoupon, lockCoupon, normaliseCouponCode, redeemCoupon } from '../coupons.ts';
import { memberDelivery } from '../delivery.ts';
import { mailOrderPaid } from '../fulfilment.ts';
import type { OrderKind, OrderRow } from '../kind.ts';
import { totalHkdOf } from '../pricing.ts';
import { holdStock, releaseStock } from '../stock.ts';
import { campaignsFor, priceBag, pricedLines, type PricedBag } from './bag.ts';
import { hkdLinesOf } from './reprice.ts';

export const PRODUCT_ORDER = 'product';

export interface ProductOrderRequest {
  couponCode?: string | undefined;
  ageConfirmed: boolean;
}

/** The lines the stock check took out of or cut down in the bag: the member sees them on the bag's next read. */
function bagNotices(bag: PricedBag) {
  return {
    outOfStockList: bag.reconciliation.outOfStock,
    stopSellList: bag.reconciliation.stopSell,
    reducedList: bag.reconciliation.kept
      .filter((l) => l.previousQuantity !== undefined)
      .map((l) => ({ VarianceID: l.row.varianceId, Quantity: l.quantity, PreviousQuantity: l.previousQuantity })),
  };
}

/** The lines of replaced orders go back into the bag, so a replaced order loses the member nothing. */
async function returnToBag(tx: Db, userId: string, replaced: readonly OrderRow[], now: Date) {
  if (replaced.length === 0) return;
  const lines = await tx
    .select({ varianceId: orderLines.varianceId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, replaced.map((o) => o.id)));
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.varianceId, Math.min(MAX_LINE_QUANTITY, (quantities.get(line.varianceId) ?? 0) + line.quantity));
  const rows = [...quantities].slice(0, MAX_BAG_LINES).map(([varianceId, quantity]) => ({ userId, varianceId, quantity, addedAt: now, updatedAt: now }));
  if (rows.length > 0) await tx.insert(bagItems).values(rows);
}

export const productOrderKind: OrderKind<ProductOrderRequest> = {
  name: PRODUCT_ORDER,
  // Unpaid orders each hold their lines for the payment window: more than one would let a member keep an item from everyone else.
  oneUnpaidPerMember: true,

  /**
   * Refusals, nothing placed: ShoppingBagEmpty, OutOfStock (the bag changed, or a hold failed to a
   * concurrent buyer), 70600, AgeConfirmationRequired, DeliveryAddressRequired.
   */
  async hold(tx, { userId, currency, now, request, replaced, afterCommit }) {
    const code = normaliseCouponCode(request.couponCode);
    await lockCoupon(tx, code);
    const bag = await priceBag(tx, { userId, currency, couponCode: code, now });
    const notices = bagNotices(bag);
    const changed = notices.outOfStockList.length + notices.stopSellList.length + notices.reducedList.length > 0;
    if (bag.reconciliation.kept.length === 0 && !changed) throw new ApiError(400, ErrorCode.ShoppingBagEmpty, 'Your shopping bag is empty');
    // Left unstored, so the bag's next read reports (and stores) the same notices.
    if (changed) throw new ApiError(400, ErrorCode.OutOfStock, 'Some items in your bag are out of stock', undefined, notices);
    if (bag.couponRefusal) throw invalidCoupon(bag.couponRefusal);
    if (bag.hasAlcohol && !request.ageConfirmed) {
      throw new ApiError(400, ErrorCode.AgeConfirmationRequired, 'Please confirm you are 18 or over to buy alcohol');
    }
    const { delivery, billing } = await memberDelivery(tx, userId);

    if (!(await holdStock(tx, bag.reconciliation.kept.map(({ row, quantity }) => ({ varianceId: row.varianceId, quantity }))))) {
      throw new ApiError(400, ErrorCode.OutOfStock, 'Some items in your bag are out of stock');
    }

    const totalHkd = await totalHkdOf(tx, {
      currency,
      total: bag.orderDetail.Total,
      countryId: bag.orderDetail.CountryID,
      hkdLines: () => pricedLines(bag.reconciliation.kept, 'HKD'),
      campaigns: bag.campaigns,
      coupon: bag.coupon,
      shipped: true,
    });
    // Their product pages show stock: read afresh.
    const productIds = bag.productList.map((line) => line.ProductID);
    afterCommit.push((deps) => deps.productCache.forget(productIds));

    const redeemed = bag.orderDetail.Coupon && code ? code : null;
    return {
      total: bag.orderDetail.Total,
      totalHkd,
      orderDetail: bag.orderDetail,
      couponCode: redeemed,
      deliveryAddress: delivery,
      billingAddress: billing,
      ageConfirmed: request.ageConfirmed,
      async record(tx, orderId) {
        await tx.insert(orderLines).values(
          bag.productList.map((line) => ({
            orderId,
            varianceId: line.VarianceID,
            productId: line.ProductID,
            productTypeId: line.ProductTypeID,
            name: line.Name,
            varianceName: line.VarianceName,
            image: line.Image,
            price: line.Price,
            quantity: line.SelectedQuantity,
            lineTotal: line.LineTotal,
            isAlcohol: line.IsAlcohol,
          })),
        );
        if (redeemed) await redeemCoupon(tx, { code: redeemed, userId, orderId, now });
        await tx.delete(bagItems).where(eq(bagItems.userId, userId));
        await returnToBag(tx, userId, replaced, now);
      },
    };
  },

  /** Its stock (in variance id order, as placing takes it) and its coupon use. */
  async release(tx, order, afterCommit) {
    await releaseStock(tx, order.id, afterCommit);
  },

  async paid(tx, order, afterCommit) {
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const line of lines) {
      await tx.update(products).set({ soldCount: sql`${products.soldCount} + ${line.quantity}` }).where(eq(products.id, line.productId));
    }
    afterCommit.push((deps) => mailOrderPaid(deps, order));
  },

  async repricing(tx, order, lines) {
    return { campaigns: await campaignsFor(tx, order.userId, order.createdAt), shipped: true, hkdLines: () => hkdLinesOf(tx, lines) };
  },

  confirmPath: (order) => `/order_product_confirm/${encodeURIComponent(order.id)}`,
};
