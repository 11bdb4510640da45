/**
 * The demo member at a tasting today (issue 29, 7): a paid seat at the matcha workshop's session that started
 * earlier on the seed's day (SEED_EVENT_STARTED_TODAY_SESSION), their ticket checked in at the door. A session
 * that has started, attended by the member, is what opens its survey (server/services/event-surveys/): so the
 * demo member finds "Answer the survey" on that session's record (My events → Past / Joined) whenever the shop
 * is seeded. The order reads as a card checkout the shop placed and was paid a week before.
 */
import { randomBytes } from 'node:crypto';
import type { EventOrderDetail } from '../../../contract/event-orders.ts';
import { computeOrderDetail } from '../../services/orders/totals.ts';
import type { Db } from '../client.ts';
import { eventBookings, eventTickets, orders } from '../schema.ts';
import { EARLIER_TODAY, SEED_EVENT_IDS, SEED_EVENT_STARTED_TODAY_SESSION, hongKongTime, seedEvents } from './event-data.ts';
import { demoMember } from './member-data.ts';
import { DAY_MS } from './whole-hours.ts';

export const SEED_DEMO_TASTING_ORDER = 'ord_demo_tasting';

export async function seedDemoAttendance(db: Db, now: Date): Promise<void> {
  const event = seedEvents.find((e) => e.id === SEED_EVENT_IDS.matchaWhisking)!;
  const startsAt = hongKongTime(now, 0, EARLIER_TODAY);
  const placedAt = new Date(startsAt.getTime() - 7 * DAY_MS);
  const seats = 1;
  const detail = computeOrderDetail({
    currency: 'HKD',
    countryId: 'HK',
    lines: [{ varianceId: SEED_EVENT_STARTED_TODAY_SESSION, productTypeId: event.typeId, lineTotal: event.priceHkd * seats }],
    campaigns: [],
    shipping: { fee: 0, freeOver: null },
    taxes: [],
  });
  const orderDetail: EventOrderDetail = { ...detail, PricePerPerson: event.priceHkd, NumberOfSeat: seats };
  await db.insert(orders).values({
    id: SEED_DEMO_TASTING_ORDER,
    reference: 'SGDEMO0000000003',
    userId: demoMember.id,
    kind: 'event',
    language: 'en',
    currency: 'HKD',
    paymentMethod: 'CreditCard',
    paymentStatus: 'Paid',
    // What paying any order sets (settle.ts).
    fulfilmentStatus: 'InProcess',
    orderDetail,
    total: orderDetail.Total,
    totalHkd: orderDetail.Total,
    payBefore: new Date(placedAt.getTime() + 10 * 60_000),
    paidAt: new Date(placedAt.getTime() + 2 * 60_000),
    createdAt: placedAt,
  });
  await db.insert(eventBookings).values({
    orderId: SEED_DEMO_TASTING_ORDER,
    userId: demoMember.id,
    varianceId: SEED_EVENT_STARTED_TODAY_SESSION,
    eventId: event.id,
    seats,
    pricePerPerson: event.priceHkd,
    includesOwnSeat: true,
  });
  await db.insert(eventTickets).values({
    // As unguessable as a checkout's (kind.ts): a ticket's id is its holder's proof at the door.
    id: `tkt_${randomBytes(16).toString('base64url')}`,
    orderId: SEED_DEMO_TASTING_ORDER,
    varianceId: SEED_EVENT_STARTED_TODAY_SESSION,
    seatNumber: 1,
    isOwner: true,
    holderName: `${demoMember.givenName} ${demoMember.familyName}`,
    contactNumber: '',
    activatedBy: demoMember.id,
    activatedAt: placedAt,
    // Checked in as the session began.
    redeemedAt: startsAt,
  });
}
