/**
 * A gathering going on whenever the shop is started (issue 31): today's Matcha Whisking Workshop session, opened
 * by its host as it began, with a pour list at the gathering's prices and a few members checked in. The demo
 * member is one of them (their ticket was checked in as the session began: demo-attendance.ts). The session is
 * made to run on past the seed's `now`, so the gathering is not closed by itself (auto-close.ts) soon after.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { eventTickets, eventVariances, gatheringAttendees, gatheringPours, gatherings, staffRoles } from '../schema.ts';
import { SEED_EVENT_STARTED_TODAY_SESSION } from './event-data.ts';
import { INSPIRATION_MEMBERS } from './inspiration-data.ts';
import { demoMember } from './member-data.ts';
import { HOUR_MS } from './whole-hours.ts';

export const SEED_GATHERING_ID = 'gth-matcha-whisking-0';
/**
 * A gathering its host has not opened yet (a later Gongfu Oolong session, still on sale): a member books a seat, the
 * host asks for a code and opens it with admin-init, then checks the ticket in (e2e/gathering-open.spec.ts).
 */
export const SEED_SCHEDULED_GATHERING_ID = 'gth-gongfu-oolong-2';
const SEED_SCHEDULED_SESSION = 'evs-gongfu-oolong-2';
/**
 * The session's host: an account of the seed (password as the demo member's), named in the README. Holds the
 * host role (issue 32), granted here with the gathering, after the inspiration members (seedInspiration).
 */
export const SEED_GATHERING_HOST = INSPIRATION_MEMBERS[4];

/**
 * How long the seeded session runs from its start. It starts two whole hours before `now`'s hour (at midnight at the
 * earliest: event-data.ts), under three hours before `now`: it ends at least an hour after, and the gathering closes by
 * itself no sooner than three hours after seeding (with the workshop's own 90 minutes, within an hour and a half).
 */
const SEED_SESSION_RUNS_MS = 4 * HOUR_MS;

/** Tonight's pours: price below the web shop's, and a quantity set aside for the room. */
export const SEED_POURS = [
  { productId: 'tea-gyokuro', varianceId: 'tea-gyokuro-50g', priceHkd: 25800, priceUsd: 3295, setAside: 12 },
  { productId: 'tea-sencha', varianceId: 'tea-sencha-50g', priceHkd: 11800, priceUsd: 1495, setAside: 20 },
  { productId: 'tea-long-jing', varianceId: 'tea-long-jing-50g', priceHkd: 29800, priceUsd: 3795, setAside: 8 },
] as const;

export async function seedGathering(db: Db, now: Date) {
  await db.insert(staffRoles).values({ userId: SEED_GATHERING_HOST.id, role: 'host', grantedAt: now, grantedBy: null });
  const [session] = await db.select({ startsAt: eventVariances.startsAt }).from(eventVariances).where(eq(eventVariances.id, SEED_EVENT_STARTED_TODAY_SESSION));
  const openedAt = session!.startsAt;
  await db
    .update(eventVariances)
    .set({ endsAt: new Date(openedAt.getTime() + SEED_SESSION_RUNS_MS) })
    .where(eq(eventVariances.id, SEED_EVENT_STARTED_TODAY_SESSION));
  await db.insert(gatherings).values({ id: SEED_GATHERING_ID, varianceId: SEED_EVENT_STARTED_TODAY_SESSION, hostEmail: SEED_GATHERING_HOST.email, hostUserId: SEED_GATHERING_HOST.id, status: 'Ongoing', openedAt });
  await db.insert(gatheringPours).values(SEED_POURS.map((p, sort) => ({ gatheringId: SEED_GATHERING_ID, ...p, remaining: p.setAside, sort })));
  await db.insert(gatherings).values({ id: SEED_SCHEDULED_GATHERING_ID, varianceId: SEED_SCHEDULED_SESSION, hostEmail: SEED_GATHERING_HOST.email, status: 'Scheduled' });
  const [demoTicket] = await db.select({ id: eventTickets.id }).from(eventTickets).where(eq(eventTickets.activatedBy, demoMember.id));
  const minutes = (n: number) => new Date(openedAt.getTime() + n * 60_000);
  await db.insert(gatheringAttendees).values([
    { gatheringId: SEED_GATHERING_ID, userId: demoMember.id, ticketId: demoTicket?.id ?? null, checkedInAt: minutes(2) },
    // Two who bought their place at the door.
    { gatheringId: SEED_GATHERING_ID, userId: INSPIRATION_MEMBERS[0].id, checkedInAt: minutes(4) },
    { gatheringId: SEED_GATHERING_ID, userId: INSPIRATION_MEMBERS[2].id, checkedInAt: minutes(7) },
  ]);
}
