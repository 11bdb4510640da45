/**
 * Seats of a session priced (EventCalculate, and the event order's hold): the price per person times the
 * seats, a coupon as the bag takes it (checkCoupon; a refusal is 70600), no shipping, the taxes of Hong
 * Kong where events are held; and the checks every request for seats passes first.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '../../../../contract/define.ts';
import { MAX_SEATS_PER_MEMBER_PER_SESSION, type EventOrderDetail } from '../../../../contract/event-orders.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { Db } from '../../../db/client.ts';
import { eventBookings, eventTickets, eventVariances, events, orders, productTypes, users } from '../../../db/schema.ts';
import { ApiError, notFound } from '../../../http/errors.ts';
import { saleStatusOf, svipWindowOpen, type EventRow, type EventVarianceRow } from '../../events/sessions.ts';
import { acceptCoupon } from '../coupons.ts';
import { UNPAID, type OrderStatus } from '../kind.ts';
import { HONG_KONG_COUNTRY_ID, priceOrder } from '../pricing.ts';
import type { CouponRule, PricedLine } from '../totals.ts';

export interface SessionFound {
  event: EventRow;
  session: EventVarianceRow;
  isAlcohol: boolean;
}

export const sessionNotFound = () => notFound('Event session');

/** The session of a published event; ObjectNotFound otherwise. */
export async function findSession(db: Db, varianceId: string): Promise<SessionFound> {
  const [row] = await db
    .select({ event: events, session: eventVariances, isAlcohol: productTypes.isAlcohol })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .innerJoin(productTypes, eq(productTypes.id, events.typeId))
    .where(and(eq(eventVariances.id, varianceId), eq(events.published, true)));
  if (!row) throw sessionNotFound();
  return row;
}

const SALE_CLOSED_MESSAGE = {
  Past: 'This session has already started',
  Closed: 'The sale of this session has closed',
  NotOpen: 'The sale of this session has not opened yet',
} as const;

/** The member has an ongoing box-set subscription (users.subscribed): an SVIP (spec §1, issue 18). */
export async function isSubscribedMember(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ subscribed: users.subscribed }).from(users).where(eq(users.id, userId));
  return row?.subscribed === true;
}

/**
 * What every request for seats must pass: the sale is open (or its SVIP early-access window is, for a
 * Subscribed member), the seats fit the session at all (InvalidParameter naming NumberOfSeat) and fit
 * what is left now (OutOfStock, with SpacesLeft).
 */
export function checkSeats({ session }: SessionFound, seats: number, now: Date, { subscribed }: { subscribed: boolean }): void {
  const status = saleStatusOf(session, now);
  const svipOpen = status === 'NotOpen' && subscribed && svipWindowOpen(session, now);
  if (status === 'Past' || status === 'Closed' || (status === 'NotOpen' && !svipOpen)) {
    throw new ApiError(400, ErrorCode.EventSaleClosed, SALE_CLOSED_MESSAGE[status], 'VarianceID', { SaleStatus: status });
  }
  if (seats > session.capacity) {
    throw new ApiError(400, ErrorCode.InvalidParameter, `This session has ${session.capacity} seats in all`, 'NumberOfSeat', { Capacity: session.capacity });
  }
  if (seats > session.seatsLeft) throw seatsGone(session.seatsLeft);
}

export const seatsGone = (spacesLeft: number) =>
  new ApiError(400, ErrorCode.OutOfStock, spacesLeft === 0 ? 'This session is sold out' : `Only ${spacesLeft} spaces are left`, 'NumberOfSeat', {
    SpacesLeft: spacesLeft,
  });

/**
 * Seats the member's own bookings of the session hold: the paid ones, and with `unpaid` their unpaid ones too
 * (EventCalculate leaves those out: placing replaces them; the hold counts them, already closed by then).
 */
async function seatsBookedBy(db: Db, userId: string, varianceId: string, { unpaid }: { unpaid: boolean }): Promise<number> {
  const statuses: OrderStatus[] = unpaid ? ['Paid', ...UNPAID] : ['Paid'];
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${eventBookings.seats}), 0)::int` })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .where(and(eq(eventBookings.userId, userId), eq(eventBookings.varianceId, varianceId), inArray(orders.paymentStatus, statuses)));
  return row?.seats ?? 0;
}

/**
 * A member has at most MAX_SEATS_PER_MEMBER_PER_SESSION seats at a session over their bookings of it (issue
 * 26): beyond, UserAlreadyJoinedTheEvent (a code the SPA shows, with this message saying how many more).
 */
export async function checkMemberSeats(db: Db, userId: string, varianceId: string, seats: number, { unpaid }: { unpaid: boolean }): Promise<void> {
  const booked = await seatsBookedBy(db, userId, varianceId, { unpaid });
  if (booked + seats <= MAX_SEATS_PER_MEMBER_PER_SESSION) return;
  const more = Math.max(0, MAX_SEATS_PER_MEMBER_PER_SESSION - booked);
  throw new ApiError(
    400,
    ErrorCode.UserAlreadyJoinedTheEvent,
    `You have ${booked} seats at this session already; one member can book at most ${MAX_SEATS_PER_MEMBER_PER_SESSION}, so ${more === 0 ? 'no more' : `${more} more`}`,
    'NumberOfSeat',
    { SeatsBooked: booked, MaxSeatsPerMember: MAX_SEATS_PER_MEMBER_PER_SESSION },
  );
}

/**
 * Whether the member has a seat at the session already: a paid booking with their own seat, or a guest
 * ticket they took (spec §4: their guest slots are then all the seats).
 */
export async function hasJoined(db: Db, userId: string, varianceId: string): Promise<boolean> {
  const paid = eq(orders.paymentStatus, 'Paid');
  const [booked] = await db
    .select({ id: eventBookings.orderId })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .where(and(eq(eventBookings.userId, userId), eq(eventBookings.varianceId, varianceId), eq(eventBookings.includesOwnSeat, true), paid))
    .limit(1);
  if (booked) return true;
  const [taken] = await db
    .select({ id: eventTickets.id })
    .from(eventTickets)
    .innerJoin(orders, eq(orders.id, eventTickets.orderId))
    .where(and(eq(eventTickets.activatedBy, userId), eq(eventTickets.varianceId, varianceId), eq(eventTickets.isOwner, false), paid))
    .limit(1);
  return taken !== undefined;
}

/** Spec §4: guest slots equal the seats, minus one if the member has not joined the session yet. */
export const guestSlotsOf = (seats: number, joined: boolean) => (joined ? seats : seats - 1);

export interface PricedSeats {
  orderDetail: EventOrderDetail;
  coupon: CouponRule | undefined;
}

const seatPrice = (session: EventVarianceRow, currency: Currency) => (currency === 'HKD' ? session.priceHkd : session.priceUsd);

/** The seats as the one line they are priced as, in the currency. */
export const seatLines = ({ session, event }: SessionFound, seats: number, currency: Currency): PricedLine[] => [
  { varianceId: session.id, productTypeId: event.typeId, lineTotal: seatPrice(session, currency) * seats },
];

/**
 * Prices seats of the session in the currency, with the (normalised) coupon checked for the order kind (an event
 * booking, or a walk-in's place at a gathering): 70600 when it is refused. Held in Hong Kong: its taxes, nothing shipped.
 */
export async function priceSeats(
  db: Db,
  { found, seats, currency, couponCode, userId, orderKind, now }: { found: SessionFound; seats: number; currency: Currency; couponCode: string | undefined; userId: string; orderKind: 'event' | 'gathering-place'; now: Date },
): Promise<PricedSeats> {
  const pricePerPerson = seatPrice(found.session, currency);
  const lines = seatLines(found, seats, currency);
  const coupon = await acceptCoupon(db, { code: couponCode, userId, orderKind, currency, lines, now });
  const detail = await priceOrder(db, { currency, countryId: HONG_KONG_COUNTRY_ID, lines, coupon, shipped: false });
  return { orderDetail: { ...detail, PricePerPerson: pricePerPerson, NumberOfSeat: seats }, coupon };
}
