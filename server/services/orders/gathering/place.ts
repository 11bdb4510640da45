/**
 * A walk-in's place at a gathering (issue 31; spec §7 create-gathering-order), an order kind of its own: a member
 * with no ticket of the session buys one seat of the gathering's session while it is going on, at the session's
 * seat price (priced as the event order prices seats, a coupon included), holding the seat with the event
 * order's conditional update of seats_left that never goes below zero. Paid, the member is checked in (a
 * gathering_attendees row without a ticket). Linked to its gathering in gathering_orders, as a gathering's
 * product order is; the product-order reads keep to the product kinds, so this kind never reads as one.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { Db } from '../../../db/client.ts';
import { eventVariances, gatheringAttendees, gatheringOrders, gatherings, orders } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { gatheringClosed, gatheringInfo } from '../../gatherings/info.ts';
import { returnCouponUse } from '../coupons.ts';
import type { OrderKind } from '../kind.ts';
import { findSession, priceSeats, seatLines, type SessionFound } from '../event/pricing.ts';
import { HONG_KONG_COUNTRY_ID, totalHkdOf } from '../pricing.ts';

export const GATHERING_PLACE_ORDER = 'gathering-place';

/** How long an unpaid place holds its seat, whatever the payment method: the gathering is going on now. */
export const PLACE_HOLD_MS = 10 * 60_000;

export interface GatheringPlaceRequest {
  gatheringId: string;
  ageConfirmed: boolean;
}

const alreadyIn = (message: string) => new ApiError(400, ErrorCode.UserAlreadyJoinedTheEvent, message, 'gatheringID');
/** The event order's sold-out answer (OutOfStock with SpacesLeft), naming this call's field. */
const noPlaceLeft = () => new ApiError(400, ErrorCode.OutOfStock, 'There is no place left at this gathering', 'gatheringID', { SpacesLeft: 0 });

/** The gathering an order of this kind is a place at, or undefined (an order of another kind). */
export async function placeGatheringOf(db: Db, orderId: string): Promise<{ gatheringId: string; varianceId: string } | undefined> {
  const [link] = await db
    .select({ gatheringId: gatheringOrders.gatheringId, varianceId: gatherings.varianceId })
    .from(gatheringOrders)
    .innerJoin(gatherings, eq(gatherings.id, gatheringOrders.gatheringId))
    .where(eq(gatheringOrders.orderId, orderId));
  return link;
}

/** The session an order of this kind holds a seat of, for pricing it (again). */
export async function placeSessionOf(db: Db, orderId: string): Promise<SessionFound & { gatheringId: string }> {
  const link = await placeGatheringOf(db, orderId);
  if (!link) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Gathering not found', 'gatheringID');
  return { ...(await findSession(db, link.varianceId)), gatheringId: link.gatheringId };
}

/** The member has bought a place at the gathering already (and may have left since). */
async function hasPaidPlace(db: Db, userId: string, gatheringId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(gatheringOrders)
    .innerJoin(orders, eq(orders.id, gatheringOrders.orderId))
    .where(and(eq(gatheringOrders.gatheringId, gatheringId), eq(orders.userId, userId), eq(orders.kind, GATHERING_PLACE_ORDER), eq(orders.paymentStatus, 'Paid')))
    .limit(1);
  return row !== undefined;
}

export const gatheringPlaceOrderKind: OrderKind<GatheringPlaceRequest> = {
  name: GATHERING_PLACE_ORDER,
  // An unpaid place holds a seat of a room going on now: a member's new one replaces their unpaid one.
  oneUnpaidPerMember: true,
  maxHoldMs: PLACE_HOLD_MS,
  // A double tap of create-gathering-order is the same place (currency and method are part of the core's key).
  repeatKey: (request) => ({ gatheringId: request.gatheringId, ageConfirmed: request.ageConfirmed }),

  /**
   * Refusals, nothing placed: ObjectNotFound, GatheringClosed (not going on), UserAlreadyJoinedTheEvent (in the
   * room, holding a ticket of the session, or a place bought already), AgeConfirmationRequired, OutOfStock (no
   * seat left, also when a concurrent order took the last).
   */
  async hold(tx, { userId, currency, now, request, afterCommit }) {
    const gathering = await gatheringInfo(tx, userId, request.gatheringId);
    if (gathering.Status !== 'Ongoing') throw gatheringClosed();
    if (gathering.IAmIn) throw alreadyIn('You are in this gathering already');
    if (gathering.HasTicket) throw alreadyIn('You have a ticket of this session: show it at the door');
    // The member's row is locked by the core for this order, so their orders cannot change meanwhile.
    if (await hasPaidPlace(tx, userId, request.gatheringId)) throw alreadyIn('You have bought your place at this gathering already');
    const found = await findSession(tx, gathering.VarianceID);
    if (found.isAlcohol && !request.ageConfirmed) {
      throw new ApiError(400, ErrorCode.AgeConfirmationRequired, 'Please confirm you are 18 or over to join a spirits tasting');
    }
    // Coupons come later (apply-gathering-coupon, create-gathering-payment): a place is priced without one.
    const priced = await priceSeats(tx, { found, seats: 1, currency, couponCode: undefined, userId, orderKind: 'gathering-place', now });

    // The hold, as the event order takes seats: never below zero, whoever else is taking seats of this session now.
    const [held] = await tx
      .update(eventVariances)
      .set({ seatsLeft: sql`${eventVariances.seatsLeft} - 1` })
      .where(and(eq(eventVariances.id, found.session.id), gte(eventVariances.seatsLeft, 1)))
      .returning({ seatsLeft: eventVariances.seatsLeft });
    if (!held) throw noPlaceLeft();

    const totalHkd = await totalHkdOf(tx, {
      currency,
      total: priced.orderDetail.Total,
      countryId: HONG_KONG_COUNTRY_ID,
      hkdLines: () => seatLines(found, 1, 'HKD'),
      coupon: undefined,
      shipped: false,
    });
    // The room's screens: one place fewer left.
    afterCommit.push((deps) => deps.gatheringEvents.publish(request.gatheringId));
    return {
      total: priced.orderDetail.Total,
      totalHkd,
      orderDetail: priced.orderDetail,
      ageConfirmed: request.ageConfirmed,
      async record(tx, orderId) {
        await tx.insert(gatheringOrders).values({ orderId, gatheringId: request.gatheringId });
      },
    };
  },

  /** Its seat and its coupon use. */
  async release(tx, order, afterCommit) {
    const link = await placeGatheringOf(tx, order.id);
    if (link) {
      await tx
        .update(eventVariances)
        .set({ seatsLeft: sql`${eventVariances.seatsLeft} + 1` })
        .where(eq(eventVariances.id, link.varianceId));
      afterCommit.push((deps) => deps.gatheringEvents.publish(link.gatheringId));
    }
    await returnCouponUse(tx, order.id);
  },

  /** The member is in the room, checked in without a ticket (again, if they had left). */
  async paid(tx, order, afterCommit) {
    const link = await placeGatheringOf(tx, order.id);
    if (!link) return;
    const checkedInAt = order.paidAt ?? new Date();
    await tx
      .insert(gatheringAttendees)
      .values({ gatheringId: link.gatheringId, userId: order.userId, ticketId: null, checkedInAt, leftAt: null })
      .onConflictDoUpdate({ target: [gatheringAttendees.gatheringId, gatheringAttendees.userId], set: { ticketId: null, checkedInAt, leftAt: null } });
    afterCommit.push((deps) => deps.gatheringEvents.publish(link.gatheringId));
  },

  confirmPath: () => '/tonight',
};
