/**
 * list-unpaid-orders (issue 29, 3): the member's orders of every kind still waiting for payment while their
 * window is open, each named by what it is for, so that an order left unpaid can be found, paid or cancelled.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Currency } from '../../../contract/define.ts';
import type { PaymentMethod } from '../../../contract/orders.ts';
import type { UnpaidOrder, UnpaidOrderKind } from '../../../contract/unpaid-orders.ts';
import type { Db } from '../../db/client.ts';
import {
  eventBookings,
  eventVariances,
  events,
  gatheringOrders,
  gatherings,
  orderLines,
  orders,
  subscriptionCycles,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { artworkUrl } from '../artwork.ts';
import { expireOverdueOrders } from './expire.ts';
import { GATHERING_ORDER } from './gathering/kind.ts';
import { GATHERING_PLACE_ORDER } from './gathering/place.ts';
import { UNPAID, type OrderKinds } from './kind.ts';

/** More than a member can have: one unpaid order per kind is the rule (oneUnpaidPerMember), renewals aside. */
const MOST_LISTED = 50;

type Named = { title: { en: string; zh: string }; image?: string };

export async function listUnpaidOrders(deps: Deps, kinds: OrderKinds, userId: string): Promise<UnpaidOrder[]> {
  const now = deps.clock.now();
  // An order whose window has closed is expired first (its hold given back), so it is not offered for paying.
  await expireOverdueOrders(deps, kinds, now, { userId });
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.paymentStatus, [...UNPAID]), gt(orders.payBefore, now)))
    .orderBy(asc(orders.payBefore), asc(orders.id))
    .limit(MOST_LISTED);
  const names = await namesOf(deps.db, rows);
  return rows.flatMap((order) => {
    const named = names.get(order.id);
    const kind = KIND_OF.get(order.kind);
    if (!named || !order.payBefore || !kind) return [];
    return [
      {
        Kind: kind,
        OrderID: order.id,
        Reference: order.reference,
        Title: named.title,
        ...(named.image ? { Image: named.image } : {}),
        CreatedAt: order.createdAt.toISOString(),
        Total: order.total,
        Currency: order.currency as Currency,
        PaymentMethod: order.paymentMethod as PaymentMethod,
        PaymentStatus: order.paymentStatus,
        PayBefore: order.payBefore.toISOString(),
      },
    ];
  });
}

/** The kind each order kind (orders.kind) is listed as: a gathering's product order is a product order. */
const KIND_OF: ReadonlyMap<string, UnpaidOrderKind> = new Map([
  ['product', 'product'],
  [GATHERING_ORDER, 'product'],
  ['event', 'event'],
  ['subscription', 'subscription'],
  [GATHERING_PLACE_ORDER, 'gathering'],
]);

/**
 * What each order is for, by order id: a product order's first line, an event order's event, a subscription
 * order's plan, a walk-in's place the event of its gathering.
 */
async function namesOf(db: Db, rows: ReadonlyArray<{ id: string; kind: string }>): Promise<Map<string, Named>> {
  const idsOf = (kind: UnpaidOrderKind) => rows.filter((r) => KIND_OF.get(r.kind) === kind).map((r) => r.id);
  const names = new Map<string, Named>();
  const productIds = idsOf('product');
  if (productIds.length > 0) {
    const lines = await db
      .select({ orderId: orderLines.orderId, name: orderLines.name, image: orderLines.image })
      .from(orderLines)
      .where(inArray(orderLines.orderId, productIds))
      .orderBy(asc(orderLines.orderId), asc(orderLines.varianceId));
    for (const line of lines) if (!names.has(line.orderId)) names.set(line.orderId, { title: line.name, image: line.image });
  }
  const eventIds = idsOf('event');
  if (eventIds.length > 0) {
    const booked = await db
      .select({ orderId: eventBookings.orderId, en: events.titleEn, zh: events.titleZh, image: events.image })
      .from(eventBookings)
      .innerJoin(eventVariances, eq(eventVariances.id, eventBookings.varianceId))
      .innerJoin(events, eq(events.id, eventVariances.eventId))
      .where(inArray(eventBookings.orderId, eventIds));
    for (const b of booked) names.set(b.orderId, { title: { en: b.en, zh: b.zh }, image: artworkUrl(b.image) });
  }
  const subscriptionIds = idsOf('subscription');
  if (subscriptionIds.length > 0) {
    const cycles = await db
      .select({ orderId: subscriptionCycles.orderId, en: subscriptionPlans.nameEn, zh: subscriptionPlans.nameZh, image: subscriptionPlans.image })
      .from(subscriptionCycles)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCycles.subscriptionId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(inArray(subscriptionCycles.orderId, subscriptionIds));
    for (const c of cycles) names.set(c.orderId, { title: { en: c.en, zh: c.zh }, image: artworkUrl(c.image) });
  }
  const placeIds = idsOf('gathering');
  if (placeIds.length > 0) {
    const places = await db
      .select({ orderId: gatheringOrders.orderId, en: events.titleEn, zh: events.titleZh, image: events.image })
      .from(gatheringOrders)
      .innerJoin(gatherings, eq(gatherings.id, gatheringOrders.gatheringId))
      .innerJoin(eventVariances, eq(eventVariances.id, gatherings.varianceId))
      .innerJoin(events, eq(events.id, eventVariances.eventId))
      .where(inArray(gatheringOrders.orderId, placeIds));
    for (const p of places) names.set(p.orderId, { title: { en: p.en, zh: p.zh }, image: artworkUrl(p.image) });
  }
  return names;
}
