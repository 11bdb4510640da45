/**
 * A gathering closes by itself (issue 31; server/services/gatherings/auto-close.ts): the jobs' sweep closes a
 * gathering still going on two hours after its session ended, as the host's close does (Closed, closedAt, the
 * room told; unpaid orders of the evening left to expire on their own), and leaves one still within those two
 * hours alone. Running it again changes nothing. The seed's gathering runs past the seed's now.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserShoppingCart, createProductOrder, getProductOrder, getUserOngoingGathering, type TokenSet } from '../../contract/index.ts';
import { eventVariances, gatheringAttendees, gatheringPours, gatherings, jobs } from '../../server/db/schema.ts';
import { SEED_EVENT_STARTED_TODAY_SESSION } from '../../server/db/seed/event-data.ts';
import { SEED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { AUTO_CLOSE_AFTER_MS, closeEndedGatherings, GATHERING_AUTO_CLOSE_JOB, scheduleGatheringAutoClose } from '../../server/services/gatherings/auto-close.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { eventMember, fromSeed } from '../support/event-bookings.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
/** Ended more than two hours before the sweep: closed. */
const ENDED = { id: 'gth-test-ended', session: 'evs-coffee-cupping-1' };
/** Ended a minute less than two hours before the first sweep: still open then. */
const RECENT = { id: 'gth-test-recent', session: 'evs-sake-pairing-1' };

let t: TestApp;
let now: Date;
let guest: TokenSet;

/** The session ended `ago` ms before `now` (it began two hours before that). */
async function sessionEnded(varianceId: string, ago: number) {
  const endsAt = new Date(now.getTime() - ago);
  await t.db.update(eventVariances).set({ startsAt: new Date(endsAt.getTime() - 120 * MINUTE), endsAt }).where(eq(eventVariances.id, varianceId));
}

const statusOf = async (id: string) => (await t.db.select({ status: gatherings.status, closedAt: gatherings.closedAt }).from(gatherings).where(eq(gatherings.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ clock: fromSeed() });
  now = t.deps.clock.now();
  await sessionEnded(ENDED.session, AUTO_CLOSE_AFTER_MS + MINUTE);
  await sessionEnded(RECENT.session, AUTO_CLOSE_AFTER_MS - MINUTE);
  await t.db.insert(gatherings).values(
    [ENDED, RECENT].map((g) => ({ id: g.id, varianceId: g.session, hostEmail: 'host@example.com', status: 'Ongoing' as const, openedAt: new Date(now.getTime() - 5 * 60 * MINUTE) })),
  );
  // A guest in the room of the ended gathering, with an order not yet paid.
  guest = await eventMember(t, { given_name: 'Guest' });
  await t.db.insert(gatheringAttendees).values({ gatheringId: ENDED.id, userId: guest.userID, checkedInAt: new Date(now.getTime() - 4 * 60 * MINUTE) });
  await t.db.insert(gatheringPours).values({ gatheringId: ENDED.id, productId: 'tea-sencha', varianceId: 'tea-sencha-50g', priceHkd: 11800, priceUsd: 1495, setAside: 10, remaining: 10 });
});
afterAll(() => t.close());

let orderID: string;
const paymentOf = async () => (await t.call(getProductOrder, { orderID }, auth(guest))).Order;

describe('the auto-close sweep', () => {
  it('closes a gathering two hours past its session as the host would, and leaves the others going on', async () => {
    await t.call(addUserShoppingCart, { gatheringID: ENDED.id, productList: [{ productID: 'tea-sencha', quantity: 2 }] }, auth(guest));
    orderID = (await t.call(createProductOrder, { product: { gatheringID: ENDED.id } }, auth(guest))).Order.OrderID;
    const heard: string[] = [];
    const unsubscribe = t.deps.gatheringEvents.subscribe(ENDED.id, () => heard.push(ENDED.id));

    await scheduleGatheringAutoClose(t.db, now);
    expect(await runDueJobs(t.deps, now)).toMatchObject({ closedGatherings: 1 });
    unsubscribe();
    expect(await statusOf(ENDED.id)).toEqual({ status: 'Closed', closedAt: now });
    expect(heard).toEqual([ENDED.id]);
    expect((await t.call(getUserOngoingGathering, {}, auth(guest))).Gathering).toBeUndefined();
    expect((await statusOf(RECENT.id)).status).toBe('Ongoing');
    expect((await statusOf(SEED_GATHERING_ID)).status).toBe('Ongoing');
    // The evening's unpaid order is not cancelled: it expires when its own time comes (below), as any order does.
    expect((await paymentOf()).PaymentStatus).toBe('WaitForPayment');
  });

  it('comes back on its own; running again closes only what has become due since, and changes nothing of what it closed', async () => {
    const first = await statusOf(ENDED.id);
    // The sweep is one row, due again later, when the gathering that was a minute short is past its two hours.
    const [row] = await t.db.select({ dueAt: jobs.dueAt }).from(jobs).where(eq(jobs.kind, GATHERING_AUTO_CLOSE_JOB));
    const later = row!.dueAt;
    expect(later.getTime()).toBeGreaterThan(now.getTime() + MINUTE);
    expect(await runDueJobs(t.deps, later)).toMatchObject({ closedGatherings: 1 });
    expect(await statusOf(RECENT.id)).toEqual({ status: 'Closed', closedAt: later });
    // Twice more, at once: nothing left to close, and what was closed keeps its closing time.
    expect(await Promise.all([closeEndedGatherings(t.deps, later), closeEndedGatherings(t.deps, later)])).toEqual([0, 0]);
    expect(await statusOf(ENDED.id)).toEqual(first);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, GATHERING_AUTO_CLOSE_JOB))).toHaveLength(1);

    const order = await paymentOf();
    const afterWindow = new Date(Math.max(new Date(order.PayBefore!).getTime(), later.getTime()) + MINUTE);
    expect(await runDueJobs(t.deps, afterWindow)).toMatchObject({ closedGatherings: 0 });
    expect((await paymentOf()).PaymentStatus).toBe('Expired');
  });

  it('leaves the seed’s gathering going on after seeding: its session runs past the seed’s now', async () => {
    const [session] = await t.db.select({ startsAt: eventVariances.startsAt, endsAt: eventVariances.endsAt }).from(eventVariances).where(eq(eventVariances.id, SEED_EVENT_STARTED_TODAY_SESSION));
    expect(session!.startsAt.getTime()).toBeLessThan(SEED_NOW.getTime());
    expect(session!.endsAt.getTime()).toBeGreaterThan(SEED_NOW.getTime());
    const dueAt = session!.endsAt.getTime() + AUTO_CLOSE_AFTER_MS;
    expect(await closeEndedGatherings(t.deps, new Date(dueAt))).toBe(0);
    expect((await statusOf(SEED_GATHERING_ID)).status).toBe('Ongoing');
    expect(await closeEndedGatherings(t.deps, new Date(dueAt + 1))).toBe(1);
    expect((await statusOf(SEED_GATHERING_ID)).status).toBe('Closed');
  });
});
