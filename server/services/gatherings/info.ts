/**
 * Gatherings as a member sees them (spec §7 Gatherings; issue 31): the one they are in, those going on now,
 * one gathering's facts, and leaving the room.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type Gathering } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { eventVariances, events, gatheringAttendees, gatherings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';

export const gatheringClosed = () => new ApiError(400, ErrorCode.GatheringClosed, 'This gathering is not open', 'gatheringID');
export const notInGathering = () => new ApiError(400, ErrorCode.NotInGathering, 'You are not checked in at this gathering', 'gatheringID');

/** The gatherings `where` picks, as `userId` sees them; the member's own first, then by start. */
async function gatheringsSeenBy(db: Db, userId: string, where: SQL | undefined): Promise<Gathering[]> {
  const rows = await db
    .select({
      id: gatherings.id,
      status: gatherings.status,
      openedAt: gatherings.openedAt,
      eventId: events.id,
      varianceId: eventVariances.id,
      titleEn: events.titleEn,
      titleZh: events.titleZh,
      image: events.image,
      venueEn: events.venueEn,
      venueZh: events.venueZh,
      addressEn: events.addressEn,
      addressZh: events.addressZh,
      startsAt: eventVariances.startsAt,
      endsAt: eventVariances.endsAt,
      priceHkd: eventVariances.priceHkd,
      priceUsd: eventVariances.priceUsd,
      seatsLeft: eventVariances.seatsLeft,
      attendees: sql<number>`(SELECT count(*)::int FROM gathering_attendees a WHERE a.gathering_id = ${gatherings.id} AND a.left_at IS NULL)`,
      checkedInAt: gatheringAttendees.checkedInAt,
      leftAt: gatheringAttendees.leftAt,
      hasTicket: sql<boolean>`EXISTS (
        SELECT 1 FROM event_tickets t JOIN orders o ON o.id = t.order_id
        WHERE t.variance_id = ${gatherings.varianceId} AND t.activated_by = ${userId} AND o.payment_status = 'Paid')`,
    })
    .from(gatherings)
    .innerJoin(eventVariances, eq(eventVariances.id, gatherings.varianceId))
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .leftJoin(gatheringAttendees, and(eq(gatheringAttendees.gatheringId, gatherings.id), eq(gatheringAttendees.userId, userId)))
    .where(where)
    .orderBy(eventVariances.startsAt, gatherings.id);
  const list = rows.map(
    (r): Gathering => ({
      GatheringID: r.id,
      Status: r.status,
      EventID: r.eventId,
      VarianceID: r.varianceId,
      Title: { en: r.titleEn, zh: r.titleZh },
      Image: r.image,
      Venue: { en: r.venueEn, zh: r.venueZh },
      Address: { en: r.addressEn, zh: r.addressZh },
      StartAt: r.startsAt.toISOString(),
      EndAt: r.endsAt.toISOString(),
      ...(r.openedAt ? { OpenedAt: r.openedAt.toISOString() } : {}),
      AttendeeCount: r.attendees,
      IAmIn: r.checkedInAt !== null && r.leftAt === null && r.status === 'Ongoing',
      ...(r.checkedInAt ? { CheckedInAt: r.checkedInAt.toISOString() } : {}),
      HasTicket: r.hasTicket,
      // A walk-in buys one seat of the session (create-gathering-order); the caller's own unpaid one is added by
      // the order core (orders/gathering/walk-in.ts), which this module may not import.
      PlacePrice: { HKD: r.priceHkd, USD: r.priceUsd },
      PlacesLeft: r.seatsLeft,
    }),
  );
  const own = (g: Gathering) => (g.IAmIn ? 0 : g.HasTicket ? 1 : 2);
  return list.sort((a, b) => own(a) - own(b));
}

export async function gatheringInfo(db: Db, userId: string, gatheringId: string): Promise<Gathering> {
  const [found] = await gatheringsSeenBy(db, userId, eq(gatherings.id, gatheringId));
  if (!found) throw notFound('Gathering');
  return found;
}

export const ongoingGatherings = (db: Db, userId: string) => gatheringsSeenBy(db, userId, eq(gatherings.status, 'Ongoing'));

/** The gathering the member is in now: the one they checked in at last and have not left. */
export async function userOngoingGathering(db: Db, userId: string): Promise<Gathering | undefined> {
  const [latest] = await db
    .select({ id: gatheringAttendees.gatheringId })
    .from(gatheringAttendees)
    .innerJoin(gatherings, eq(gatherings.id, gatheringAttendees.gatheringId))
    .where(and(eq(gatheringAttendees.userId, userId), isNull(gatheringAttendees.leftAt), eq(gatherings.status, 'Ongoing')))
    .orderBy(sql`${gatheringAttendees.checkedInAt} DESC`)
    .limit(1);
  return latest ? gatheringInfo(db, userId, latest.id) : undefined;
}

/** Leaves the room; leaving again, or a gathering since closed, changes nothing. NotInGathering if never in. */
export async function quitGathering(deps: Pick<Deps, 'db' | 'clock' | 'gatheringEvents'>, userId: string, gatheringId: string): Promise<Gathering> {
  const info = await gatheringInfo(deps.db, userId, gatheringId);
  if (!info.CheckedInAt) throw notInGathering();
  await deps.db
    .update(gatheringAttendees)
    .set({ leftAt: deps.clock.now() })
    .where(and(eq(gatheringAttendees.gatheringId, gatheringId), eq(gatheringAttendees.userId, userId), isNull(gatheringAttendees.leftAt)));
  deps.gatheringEvents.publish(gatheringId);
  return gatheringInfo(deps.db, userId, gatheringId);
}

/** The member is in the room of a gathering going on now: what adding to a cart (and ordering) needs. */
export async function requireInRoom(db: Db, userId: string, gatheringId: string): Promise<void> {
  const info = await gatheringInfo(db, userId, gatheringId);
  if (info.Status !== 'Ongoing') throw gatheringClosed();
  if (!info.IAmIn) throw notInGathering();
}
