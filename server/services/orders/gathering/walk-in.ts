/**
 * A walk-in's place at a gathering as the member deals with it (spec §7 create-gathering-order,
 * cancel-gathering-order, create-gathering-payment, apply-gathering-coupon, cancel-gathering-coupon): the
 * calls name the gathering, and each finds the member's own unpaid place order there (another member's is
 * never found), then places, pays, cancels or prices it again through the order core like any order.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Currency } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { Gathering, GatheringPlaceOrder } from '../../../../contract/gatherings.ts';
import type { EventOrderDetail } from '../../../../contract/event-orders.ts';
import type { PaymentMethod, PaymentStart } from '../../../../contract/orders.ts';
import { gatheringOrders, orders } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { cancelOrder } from '../cancel.ts';
import { normaliseCouponCode } from '../coupons.ts';
import { orderNotFound } from '../errors.ts';
import { priceSeats, seatLines } from '../event/pricing.ts';
import { expireOverdueOrders } from '../expire.ts';
import { isUnpaid, UNPAID, type OrderKinds, type OrderRow } from '../kind.ts';
import { payOrder } from '../payments.ts';
import { placeOrder } from '../place.ts';
import { HONG_KONG_COUNTRY_ID, totalHkdOf } from '../pricing.ts';
import { repriceUnpaid } from '../reprice.ts';
import { ownOrder } from '../read.ts';
import { GATHERING_PLACE_ORDER, gatheringPlaceOrderKind, placeGatheringOf, placeSessionOf } from './place.ts';

export function toGatheringPlaceOrder(order: OrderRow, gatheringId: string): GatheringPlaceOrder {
  return {
    OrderID: order.id,
    Reference: order.reference,
    GatheringID: gatheringId,
    Currency: order.currency as Currency,
    PaymentMethod: order.paymentMethod as PaymentMethod,
    PaymentStatus: order.paymentStatus,
    ...(isUnpaid(order) && order.payBefore ? { PayBefore: order.payBefore.toISOString() } : {}),
    ...(order.paidAt ? { PaidAt: order.paidAt.toISOString() } : {}),
    ...(order.couponCode ? { CouponID: order.couponCode } : {}),
    orderDetail: order.orderDetail as EventOrderDetail,
    CreatedAt: order.createdAt.toISOString(),
  };
}

/** The id of the member's latest unpaid place order at the gathering (`now`: only one still within its window). */
async function latestUnpaidPlace(deps: Deps, userId: string, gatheringId: string, now?: Date): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: orders.id })
    .from(gatheringOrders)
    .innerJoin(orders, eq(orders.id, gatheringOrders.orderId))
    .where(
      and(
        eq(gatheringOrders.gatheringId, gatheringId),
        eq(orders.userId, userId),
        eq(orders.kind, GATHERING_PLACE_ORDER),
        inArray(orders.paymentStatus, [...UNPAID]),
        now ? gt(orders.payBefore, now) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.id;
}

/**
 * The member's unpaid place order at the gathering (an overdue one is expired first, and then is none):
 * ObjectNotFound naming `field` otherwise.
 */
async function unpaidPlaceOrder(deps: Deps, kinds: OrderKinds, userId: string, gatheringId: string, field: string): Promise<OrderRow> {
  const id = await latestUnpaidPlace(deps, userId, gatheringId);
  const order = id ? await ownOrder(deps, kinds, userId, id, GATHERING_PLACE_ORDER) : undefined;
  if (!order || !isUnpaid(order)) throw new ApiError(400, ErrorCode.ObjectNotFound, 'You have no place waiting for payment at this gathering', field);
  return order;
}

/** create-gathering-order: places (or, asked again, finds) the member's place; no payment is started. */
export async function placeGatheringPlace(
  deps: Deps,
  kinds: OrderKinds,
  userId: string,
  request: { gatheringId: string; language: 'en' | 'zh'; currency: Currency; method: PaymentMethod; ageConfirmed: boolean },
): Promise<GatheringPlaceOrder> {
  const { order } = await placeOrder(deps, kinds, gatheringPlaceOrderKind, {
    userId,
    language: request.language,
    currency: request.currency,
    method: request.method,
    order: { gatheringId: request.gatheringId, ageConfirmed: request.ageConfirmed },
  });
  return toGatheringPlaceOrder(order, request.gatheringId);
}

/**
 * get-gathering-order: the member's own place order by id (an overdue one expired first); another member's, or
 * an order of another kind, is not found.
 */
export async function readGatheringPlace(deps: Deps, kinds: OrderKinds, userId: string, orderId: string): Promise<GatheringPlaceOrder> {
  const order = await ownOrder(deps, kinds, userId, orderId, GATHERING_PLACE_ORDER);
  const link = await placeGatheringOf(deps.db, order.id);
  if (!link) throw orderNotFound();
  return toGatheringPlaceOrder(order, link.gatheringId);
}

/** cancel-gathering-order: the member's unpaid place cancelled, its seat given back. */
export async function cancelGatheringPlace(deps: Deps, kinds: OrderKinds, userId: string, gatheringId: string): Promise<GatheringPlaceOrder> {
  const order = await unpaidPlaceOrder(deps, kinds, userId, gatheringId, 'gatheringID');
  return toGatheringPlaceOrder(await cancelOrder(deps, kinds, userId, order.id), gatheringId);
}

/**
 * Prices an unpaid place again with a coupon (or none), as the event order prices a seat: the coupon checked
 * now (70600 when refused). Its current payment, for the old amount, is cancelled first.
 */
function repricePlace(deps: Deps, kinds: OrderKinds, order: OrderRow, code: string | undefined): Promise<OrderRow> {
  return repriceUnpaid(deps, kinds, order, code, 'GatheringID', async (tx, locked, now) => {
    const found = await placeSessionOf(tx, order.id);
    const currency = locked.currency as Currency;
    const priced = await priceSeats(tx, { found, seats: 1, currency, couponCode: code, userId: locked.userId, orderKind: 'gathering-place', now });
    const totalHkd = await totalHkdOf(tx, {
      currency,
      total: priced.orderDetail.Total,
      countryId: HONG_KONG_COUNTRY_ID,
      hkdLines: () => seatLines(found, 1, 'HKD'),
      coupon: priced.coupon,
      shipped: false,
    });
    return { orderDetail: priced.orderDetail, totalHkd, couponTaken: priced.coupon !== undefined };
  });
}

/** apply-gathering-coupon: the unpaid place priced with the coupon; an empty code, or the one it has, changes nothing. */
export async function applyPlaceCoupon(deps: Deps, kinds: OrderKinds, userId: string, gatheringId: string, couponId: string): Promise<GatheringPlaceOrder> {
  const order = await unpaidPlaceOrder(deps, kinds, userId, gatheringId, 'GatheringID');
  const code = normaliseCouponCode(couponId);
  if (!code || code === order.couponCode) return toGatheringPlaceOrder(order, gatheringId);
  return toGatheringPlaceOrder(await repricePlace(deps, kinds, order, code), gatheringId);
}

/** cancel-gathering-coupon: the unpaid place priced without its coupon. */
export async function cancelPlaceCoupon(deps: Deps, kinds: OrderKinds, userId: string, gatheringId: string): Promise<GatheringPlaceOrder> {
  const order = await unpaidPlaceOrder(deps, kinds, userId, gatheringId, 'gatheringID');
  if (!order.couponCode) return toGatheringPlaceOrder(order, gatheringId);
  return toGatheringPlaceOrder(await repricePlace(deps, kinds, order, undefined), gatheringId);
}

/** create-gathering-payment: pays the member's unpaid place (as create-product-payment pays an order), a new coupon applied first. */
export async function payGatheringPlace(
  deps: Deps,
  kinds: OrderKinds,
  request: { userId: string; gatheringId: string; method: PaymentMethod; cardId?: string | undefined; couponId?: string | undefined },
): Promise<PaymentStart> {
  const order = await unpaidPlaceOrder(deps, kinds, request.userId, request.gatheringId, 'GatheringID');
  const code = normaliseCouponCode(request.couponId);
  return payOrder(deps, kinds, {
    userId: request.userId,
    orderId: order.id,
    method: request.method,
    cardId: request.cardId,
    beforePaying: async (unpaid) => (code && code !== unpaid.couponCode ? repricePlace(deps, kinds, unpaid, code) : unpaid),
  });
}

/**
 * A gathering as `read` answers it, with the member's unpaid place there (MyPlaceOrder). The member's overdue
 * orders are expired first, so neither the place nor the seats left count a hold that has run out.
 */
export async function withMyPlaceOrder(
  deps: Deps,
  kinds: OrderKinds,
  userId: string,
  read: () => Promise<Gathering | undefined>,
): Promise<Gathering | undefined> {
  const now = deps.clock.now();
  await expireOverdueOrders(deps, kinds, now, { userId });
  const gathering = await read();
  if (!gathering) return undefined;
  const id = await latestUnpaidPlace(deps, userId, gathering.GatheringID, now);
  const [order] = id ? await deps.db.select().from(orders).where(eq(orders.id, id)) : [];
  return order ? { ...gathering, MyPlaceOrder: toGatheringPlaceOrder(order, gathering.GatheringID) } : gathering;
}
