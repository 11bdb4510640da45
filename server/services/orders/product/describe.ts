/** Product orders as the member reads them (get-product-order, list-user-product-order): spec §3's ProductOrder. */
import { and, desc, eq, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Address, DeliveryAddress } from '../../../../contract/account.ts';
import type { OrderDetail } from '../../../../contract/bag.ts';
import type { Currency } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { OrderTab, PaymentMethod, ProductOrder, SavedCard } from '../../../../contract/orders.ts';
import type { Db } from '../../../db/client.ts';
import { gatheringOrders, orderLines, orders } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { savedCards } from '../cards.ts';
import { expireOverdueOrders } from '../expire.ts';
import { isUnpaid, UNPAID, type OrderKinds, type OrderRow } from '../kind.ts';
import { ownOrder } from '../read.ts';
import { GATHERING_ORDER } from '../gathering/kind.ts';
import { PRODUCT_ORDER } from './kind.ts';

/** Product orders: from the bag, and from a gathering's cart (spec §7: a product order of the gathering kind). */
export const PRODUCT_ORDER_KINDS = [PRODUCT_ORDER, GATHERING_ORDER] as const;

type LineRow = typeof orderLines.$inferSelect;

/** Spec §3 order tabs: paid and being fulfilled, fulfilled, waiting for payment, cancelled or expired. */
export function tabOf(order: Pick<OrderRow, 'paymentStatus' | 'fulfilmentStatus'>): OrderTab {
  if (order.fulfilmentStatus === 'Completed') return 'Completed';
  if (order.paymentStatus === 'Paid') return 'InProcess';
  if (order.paymentStatus === 'WaitForPayment' || order.paymentStatus === 'PaymentFailed') return 'WaitForPayment';
  return 'Cancelled';
}

function tabCondition(tab: OrderTab): SQL {
  switch (tab) {
    case 'InProcess':
      return and(eq(orders.paymentStatus, 'Paid'), ne(orders.fulfilmentStatus, 'Completed'))!;
    case 'Completed':
      return eq(orders.fulfilmentStatus, 'Completed');
    case 'WaitForPayment':
      return and(inArray(orders.paymentStatus, [...UNPAID]), ne(orders.fulfilmentStatus, 'Completed'))!;
    case 'Cancelled':
      return and(inArray(orders.paymentStatus, ['Cancelled', 'Expired']), ne(orders.fulfilmentStatus, 'Completed'))!;
  }
}

export function toProductOrder(order: OrderRow, lines: readonly LineRow[], card?: SavedCard, gatheringId?: string): ProductOrder {
  return {
    OrderID: order.id,
    Reference: order.reference,
    CreatedAt: order.createdAt.toISOString(),
    Currency: order.currency as Currency,
    PaymentMethod: order.paymentMethod as PaymentMethod,
    PaymentStatus: order.paymentStatus,
    FulfilmentStatus: order.fulfilmentStatus,
    Tab: tabOf(order),
    ...(isUnpaid(order) && order.payBefore ? { PayBefore: order.payBefore.toISOString() } : {}),
    ...(order.paidAt ? { PaidAt: order.paidAt.toISOString() } : {}),
    ...(card ? { Card: card } : {}),
    ...(order.couponCode ? { CouponID: order.couponCode } : {}),
    ...(order.deliveryAddress ? { DeliveryAddress: order.deliveryAddress as DeliveryAddress } : {}),
    ...(order.billingAddress ? { BillingAddress: order.billingAddress as Address } : {}),
    ...(gatheringId ? { GatheringID: gatheringId } : {}),
    ...(order.trackingNumber ? { TrackingNumber: order.trackingNumber } : {}),
    ProductList: [...lines]
      .sort((a, b) => (a.varianceId < b.varianceId ? -1 : 1))
      .map((l) => ({
        ProductID: l.productId,
        VarianceID: l.varianceId,
        Name: l.name,
        VarianceName: l.varianceName,
        Image: l.image,
        Price: l.price,
        Quantity: l.quantity,
        LineTotal: l.lineTotal,
        IsAlcohol: l.isAlcohol,
      })),
    orderDetail: order.orderDetail as OrderDetail,
  };
}

async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  for (const line of await db.select().from(orderLines).where(inArray(orderLines.orderId, [...orderIds]))) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

/** The gathering each of these orders was placed at, for those ordered at a gathering's table. */
async function gatheringsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(gatheringOrders).where(inArray(gatheringOrders.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r.gatheringId]));
}

/** get-product-order: the order with its lines, and the card a paid order was paid with while it is still saved. */
export async function readOrder(deps: Deps, kinds: OrderKinds, userId: string, orderId: string): Promise<ProductOrder> {
  const order = await ownOrder(deps, kinds, userId, orderId, PRODUCT_ORDER_KINDS);
  return describeOrder(deps, order);
}

export async function describeOrder(deps: Deps, order: OrderRow): Promise<ProductOrder> {
  const lines = (await linesOf(deps.db, [order.id])).get(order.id) ?? [];
  let card: SavedCard | undefined;
  // Shown on the receipt of a paid order only: unpaid orders are polled, and each look-up may be a
  // call to the provider. An unreachable provider or a removed card leaves it out.
  if (order.paymentStatus === 'Paid' && order.paymentMethod === 'CreditCard' && order.cardId) {
    card = await savedCards(deps, order.userId).then(
      (cards) => cards.find((c) => c.id === order.cardId),
      () => undefined,
    );
  }
  const gatheringId = order.kind === GATHERING_ORDER ? (await gatheringsOf(deps.db, [order.id])).get(order.id) : undefined;
  return toProductOrder(order, lines, card, gatheringId);
}

/** The paging key: the last order's creation time and id (orders are listed newest first, id breaking ties). */
const encodeKey = (order: OrderRow) => Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.id])).toString('base64url');

function decodeKey(key: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (typeof id === 'string' && !Number.isNaN(date.getTime())) return { createdAt: date, id };
  } catch {
    // answered below
  }
  throw new ApiError(400, ErrorCode.InvalidParameter, 'LastEvaluatedKey is invalid', 'LastEvaluatedKey');
}

/**
 * list-user-product-order: the member's product orders newest first, a page at a time, optionally one tab;
 * list-user-gathering-order: the same of the gathering kind alone (`kinds`).
 */
export async function listOrders(
  deps: Deps,
  kinds: OrderKinds,
  userId: string,
  {
    tab,
    size,
    lastEvaluatedKey,
    kinds: listed = PRODUCT_ORDER_KINDS,
  }: { tab?: OrderTab | undefined; size: number; lastEvaluatedKey?: string | undefined; kinds?: readonly string[] },
): Promise<{ OrderList: ProductOrder[]; LastEvaluatedKey?: string }> {
  await expireOverdueOrders(deps, kinds, deps.clock.now(), { userId });
  const conditions: SQL[] = [eq(orders.userId, userId), inArray(orders.kind, [...listed])];
  if (tab) conditions.push(tabCondition(tab));
  if (lastEvaluatedKey) {
    const after = decodeKey(lastEvaluatedKey);
    conditions.push(or(lt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)))!);
  }
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const lines = await linesOf(deps.db, page.map((o) => o.id));
  const gatheringOf = await gatheringsOf(deps.db, page.filter((o) => o.kind === GATHERING_ORDER).map((o) => o.id));
  return {
    OrderList: page.map((o) => toProductOrder(o, lines.get(o.id) ?? [], undefined, gatheringOf.get(o.id))),
    ...(rows.length > size ? { LastEvaluatedKey: encodeKey(page.at(-1)!) } : {}),
  };
}
