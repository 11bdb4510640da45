/**
 * The event order (issue 15), the second order kind: seats of one session for the member and named guests,
 * priced by priceSeats, holding seats with a conditional update of the session's seats_left that never goes
 * below zero, one ticket per seat. A member keeps one unpaid event order: a new one cancels the earlier
 * one and gives its seats back first. Against hoarding (issue 26): at most MAX_SEATS_PER_ORDER seats per
 * order (the contract), MAX_SEATS_PER_MEMBER_PER_SESSION per member at a session, and an unpaid order holds
 * its seats for the FPS window (10 minutes) whatever the payment method.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { GuestInfo } from '../../../../contract/event-orders.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { personName } from '../../../../contract/person-name.ts';
import { eventBookings, eventTickets, eventVariances, users } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { FPS_WINDOW_MS } from '../../payments/provider.ts';
import { lockCoupon, normaliseCouponCode, redeemCoupon, returnCouponUse } from '../coupons.ts';
import { orderNotFound } from '../errors.ts';
import type { OrderKind } from '../kind.ts';
import { HONG_KONG_COUNTRY_ID, totalHkdOf } from '../pricing.ts';
import { mailEventOrderPaid } from './mail.ts';
import { checkMemberSeats, checkSeats, findSession, guestSlotsOf, hasJoined, isSubscribedMember, priceSeats, seatLines, seatsGone } from './pricing.ts';

export const EVENT_ORDER = 'event';

/**
 * How long an unpaid event order holds its seats, whatever the payment method: the FPS QR's window. A card's
 * or Alipay's longer window would let a few accounts keep a session's seats from everyone for half an hour.
 */
export const EVENT_HOLD_MS = FPS_WINDOW_MS;

export interface EventOrderRequest {
  varianceId: string;
  seats: number;
  guests: readonly GuestInfo[];
  couponCode?: string | undefined;
  ageConfirmed: boolean;
}

/** 128 random bits: the ticket link is a guest's only proof. */
const newTicketId = () => `tkt_${randomBytes(16).toString('base64url')}`;

export const eventOrderKind: OrderKind<EventOrderRequest> = {
  name: EVENT_ORDER,
  // Unpaid orders each hold their seats for the payment window: more than one would let a member keep seats from everyone else.
  oneUnpaidPerMember: true,
  maxHoldMs: EVENT_HOLD_MS,
  // The same seats, guests, coupon and answer asked for again (a double tap) is the same booking.
  repeatKey: (request) => ({
    varianceId: request.varianceId,
    seats: request.seats,
    guests: request.guests.map((g) => [g.Name, g.Contact]),
    coupon: normaliseCouponCode(request.couponCode) ?? null,
    ageConfirmed: request.ageConfirmed,
  }),

  /**
   * Refusals, nothing placed: ObjectNotFound (session), EventSaleClosed, InvalidParameter (seats above the
   * capacity, more guests than guest slots), OutOfStock (not enough seats left, also when a concurrent
   * order took them), UserAlreadyJoinedTheEvent (past the seats one member may have at the session), 70600,
   * AgeConfirmationRequired.
   */
  async hold(tx, { userId, language, currency, now, request }) {
    const found = await findSession(tx, request.varianceId);
    checkSeats(found, request.seats, now, { subscribed: await isSubscribedMember(tx, userId) });
    // The member's row is locked by the core for this checkout, so their bookings cannot change meanwhile.
    await checkMemberSeats(tx, userId, request.varianceId, request.seats, { unpaid: true });
    const joined = await hasJoined(tx, userId, request.varianceId);
    const guestSlots = guestSlotsOf(request.seats, joined);
    if (request.guests.length > guestSlots) {
      throw new ApiError(400, ErrorCode.InvalidParameter, `${request.seats} seats have ${guestSlots} guest places`, 'GuestInfo', { GuestSlots: guestSlots });
    }
    if (found.isAlcohol && !request.ageConfirmed) {
      throw new ApiError(400, ErrorCode.AgeConfirmationRequired, 'Please confirm you are 18 or over to join a spirits tasting');
    }
    const code = normaliseCouponCode(request.couponCode);
    await lockCoupon(tx, code);
    const priced = await priceSeats(tx, { found, seats: request.seats, currency, couponCode: code, userId, orderKind: 'event', now });

    // The hold: never below zero, whoever else is taking seats of this session now, and none of a session staff
    // cancelled meanwhile (its cancel looks for unpaid orders once it has committed; this one must not slip past).
    const [held] = await tx
      .update(eventVariances)
      .set({ seatsLeft: sql`${eventVariances.seatsLeft} - ${request.seats}` })
      .where(and(eq(eventVariances.id, request.varianceId), gte(eventVariances.seatsLeft, request.seats), eq(eventVariances.status, 'scheduled')))
      .returning({ seatsLeft: eventVariances.seatsLeft });
    if (!held) {
      const [now_] = await tx.select({ seatsLeft: eventVariances.seatsLeft, status: eventVariances.status }).from(eventVariances).where(eq(eventVariances.id, request.varianceId));
      if (now_?.status === 'cancelled') throw new ApiError(400, ErrorCode.EventSaleClosed, 'This session has been cancelled', 'VarianceID', { SaleStatus: 'Closed' });
      throw seatsGone(now_?.seatsLeft ?? 0);
    }

    const totalHkd = await totalHkdOf(tx, {
      currency,
      total: priced.orderDetail.Total,
      countryId: HONG_KONG_COUNTRY_ID,
      hkdLines: () => seatLines(found, request.seats, 'HKD'),
      coupon: priced.coupon,
      shipped: false,
    });

    const [member] = await tx
      .select({ givenName: users.givenName, familyName: users.familyName, phone: users.phone, phoneCountryCode: users.phoneCountryCode })
      .from(users)
      .where(eq(users.id, userId));
    if (!member) throw orderNotFound();
    const redeemed = priced.coupon ? code! : null;

    return {
      total: priced.orderDetail.Total,
      totalHkd,
      orderDetail: priced.orderDetail,
      couponCode: redeemed,
      ageConfirmed: request.ageConfirmed,
      async record(tx, orderId) {
        await tx.insert(eventBookings).values({
          orderId,
          userId,
          varianceId: found.session.id,
          eventId: found.event.id,
          seats: request.seats,
          pricePerPerson: priced.orderDetail.PricePerPerson,
          includesOwnSeat: !joined,
        });
        const ownName = personName(member.givenName, member.familyName, language);
        const ownContact = member.phone ? `${member.phoneCountryCode ? `+${member.phoneCountryCode.replace(/^\+/, '')} ` : ''}${member.phone}` : '';
        const owner = joined ? [] : [{ isOwner: true, holderName: ownName, contactNumber: ownContact, activatedBy: userId, activatedAt: now }];
        const guests = Array.from({ length: guestSlots }, (_, i) => ({
          isOwner: false,
          holderName: request.guests[i]?.Name ?? '',
          contactNumber: request.guests[i]?.Contact ?? '',
          activatedBy: null,
          activatedAt: null,
        }));
        await tx
          .insert(eventTickets)
          .values([...owner, ...guests].map((seat, i) => ({ ...seat, id: newTicketId(), orderId, varianceId: found.session.id, seatNumber: i + 1 })));
        if (redeemed) await redeemCoupon(tx, { code: redeemed, userId, orderId, now });
      },
    };
  },

  /** Its seats and its coupon use. */
  async release(tx, order) {
    const [booking] = await tx.select().from(eventBookings).where(eq(eventBookings.orderId, order.id));
    if (booking) {
      await tx
        .update(eventVariances)
        .set({ seatsLeft: sql`${eventVariances.seatsLeft} + ${booking.seats}` })
        .where(eq(eventVariances.id, booking.varianceId));
    }
    await returnCouponUse(tx, order.id);
  },

  async paid(_tx, order, afterCommit) {
    afterCommit.push((deps) => mailEventOrderPaid(deps, order));
  },

  confirmPath: (order) => `/order_event_confirm/${encodeURIComponent(order.id)}`,
};
