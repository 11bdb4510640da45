/**
 * The gathering order (issue 31; spec §7 create-product-order): a product order placed from the member's cart
 * at a gathering they are in, at the gathering's prices, holding tonight's pours (never the web shop's stock)
 * with conditional updates that never go below zero, and picked up at the venue. Paid, expired, cancelled and
 * reconciled by the order core like every kind; read with the product-order calls.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../../contract/errors.ts';
import { gatheringCartItems, gatheringOrders, gatheringPours, orderLines, products } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireInRoom } from '../../gatherings/info.ts';
import { pourRows, toGatheringProduct } from '../../gatherings/pours.ts';
import type { Db } from '../../../db/client.ts';
import { memberDelivery } from '../delivery.ts';
import type { OrderKind, RepricedLine } from '../kind.ts';
import { HONG_KONG_COUNTRY_ID, priceOrder, totalHkdOf } from '../pricing.ts';
import type { PricedLine } from '../totals.ts';

export const GATHERING_ORDER = 'gathering';

export interface GatheringOrderRequest {
  gatheringId: string;
  ageConfirmed: boolean;
  /** Sent to the member's selected delivery address (with its shipping) instead of picked up at the venue. */
  delivery?: boolean | undefined;
}

/** The order's lines at tonight's HKD prices: what an FPS transfer pays. */
async function hkdPourLines(tx: Db, gatheringId: string, lines: readonly RepricedLine[]): Promise<PricedLine[]> {
  const rows = await tx
    .select({ productId: gatheringPours.productId, priceHkd: gatheringPours.priceHkd })
    .from(gatheringPours)
    .where(eq(gatheringPours.gatheringId, gatheringId));
  const priceOf = new Map(rows.map((r) => [r.productId, r.priceHkd]));
  return lines.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: (priceOf.get(l.productId) ?? 0) * l.quantity }));
}

const soldOut = () => new ApiError(400, ErrorCode.OutOfStock, 'Not that many left tonight', 'product');

export const gatheringOrderKind: OrderKind<GatheringOrderRequest> = {
  name: GATHERING_ORDER,
  // An unpaid order holds pours the room is waiting for: a member's new order replaces their unpaid one.
  oneUnpaidPerMember: true,
  // The room's pours are few: an order left unpaid gives them back within ten minutes at most.
  maxHoldMs: 10 * 60_000,

  /** Refusals, nothing placed: NotInGathering, GatheringClosed, ShoppingBagEmpty, OutOfStock, AgeConfirmationRequired. */
  async hold(tx, { userId, currency, request, afterCommit }) {
    await requireInRoom(tx, userId, request.gatheringId);
    const cart = await tx
      .select({ productId: gatheringCartItems.productId, quantity: gatheringCartItems.quantity })
      .from(gatheringCartItems)
      .where(and(eq(gatheringCartItems.userId, userId), eq(gatheringCartItems.gatheringId, request.gatheringId)))
      .orderBy(asc(gatheringCartItems.productId));
    if (cart.length === 0) throw new ApiError(400, ErrorCode.ShoppingBagEmpty, 'Your cart at this gathering is empty');
    const pours = new Map((await pourRows(tx, eq(gatheringPours.gatheringId, request.gatheringId))).map((p) => [p.productId, p]));
    const lines = cart.map((c) => {
      const pour = pours.get(c.productId);
      if (!pour) throw soldOut();
      return { pour, quantity: c.quantity, shown: toGatheringProduct(pour, currency) };
    });
    if (lines.some((l) => l.pour.isAlcohol) && !request.ageConfirmed) {
      throw new ApiError(400, ErrorCode.AgeConfirmationRequired, 'Please confirm you are 18 or over to buy alcohol');
    }
    // In product order, as every order takes them: two orders never wait on each other's rows crosswise.
    for (const line of lines) {
      const taken = await tx
        .update(gatheringPours)
        .set({ remaining: sql`${gatheringPours.remaining} - ${line.quantity}` })
        .where(and(eq(gatheringPours.gatheringId, request.gatheringId), eq(gatheringPours.productId, line.pour.productId), gte(gatheringPours.remaining, line.quantity)))
        .returning({ remaining: gatheringPours.remaining });
      if (taken.length === 0) throw soldOut();
    }
    const typeRows = await tx.select({ id: products.id, typeId: products.typeId }).from(products).where(inArray(products.id, lines.map((l) => l.pour.productId)));
    const typeOf = new Map(typeRows.map((p) => [p.id, p.typeId]));
    const priced = lines.map((l) => ({ varianceId: l.pour.varianceId, productTypeId: typeOf.get(l.pour.productId)!, lineTotal: l.shown.Price * l.quantity }));
    // Picked up at the venue (no shipping; Hong Kong levies no sales tax), or shipped to the member's address.
    const shipped = request.delivery === true;
    const address = shipped ? await memberDelivery(tx, userId) : undefined;
    const countryId = address?.delivery.CountryID ?? HONG_KONG_COUNTRY_ID;
    const orderDetail = await priceOrder(tx, { currency, countryId, lines: priced, campaigns: [], coupon: undefined, shipped });
    const hkdLines = priced.map((p, i) => ({ ...p, lineTotal: lines[i]!.pour.priceHkd * lines[i]!.quantity }));
    const totalHkd = await totalHkdOf(tx, { currency, total: orderDetail.Total, countryId, hkdLines: () => hkdLines, campaigns: [], coupon: undefined, shipped });
    // The host's screen and the room's pour lists: an order, and fewer left.
    afterCommit.push((deps) => deps.gatheringEvents.publish(request.gatheringId));
    return {
      total: orderDetail.Total,
      totalHkd,
      orderDetail,
      ageConfirmed: request.ageConfirmed,
      ...(address ? { deliveryAddress: address.delivery, billingAddress: address.billing } : {}),
      async record(tx, orderId) {
        await tx.insert(orderLines).values(
          lines.map((l, i) => ({
            orderId,
            varianceId: l.pour.varianceId,
            productId: l.pour.productId,
            productTypeId: priced[i]!.productTypeId,
            name: l.shown.Name,
            varianceName: l.shown.VarianceName,
            image: l.shown.Image,
            price: l.shown.Price,
            quantity: l.quantity,
            lineTotal: priced[i]!.lineTotal,
            isAlcohol: l.pour.isAlcohol,
          })),
        );
        await tx.insert(gatheringOrders).values({ orderId, gatheringId: request.gatheringId });
        await tx.delete(gatheringCartItems).where(and(eq(gatheringCartItems.userId, userId), eq(gatheringCartItems.gatheringId, request.gatheringId)));
      },
    };
  },

  /** Its pours go back to the room. */
  async release(tx, order, afterCommit) {
    const [link] = await tx.select({ gatheringId: gatheringOrders.gatheringId }).from(gatheringOrders).where(eq(gatheringOrders.orderId, order.id));
    if (!link) return;
    afterCommit.push((deps) => deps.gatheringEvents.publish(link.gatheringId));
    const lines = await tx
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.productId));
    for (const line of lines) {
      await tx
        .update(gatheringPours)
        .set({ remaining: sql`${gatheringPours.remaining} + ${line.quantity}` })
        .where(and(eq(gatheringPours.gatheringId, link.gatheringId), eq(gatheringPours.productId, line.productId)));
    }
  },

  async paid(tx, order, afterCommit) {
    const [link] = await tx.select({ gatheringId: gatheringOrders.gatheringId }).from(gatheringOrders).where(eq(gatheringOrders.orderId, order.id));
    if (link) afterCommit.push((deps) => deps.gatheringEvents.publish(link.gatheringId));
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const line of lines) await tx.update(products).set({ soldCount: sql`${products.soldCount} + ${line.quantity}` }).where(eq(products.id, line.productId));
  },

  /** A coupon re-prices it at tonight's prices, without the web shop's campaigns; shipped only when delivered. */
  async repricing(tx, order, lines) {
    const [link] = await tx.select({ gatheringId: gatheringOrders.gatheringId }).from(gatheringOrders).where(eq(gatheringOrders.orderId, order.id));
    return { campaigns: [], shipped: order.deliveryAddress !== null, hkdLines: () => hkdPourLines(tx, link?.gatheringId ?? '', lines) };
  },

  confirmPath: (order) => `/order_product_confirm/${encodeURIComponent(order.id)}`,
};
