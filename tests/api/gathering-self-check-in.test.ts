/**
 * The holder checks in by opening their ticket link at the venue (issue 31): activate-ticket {TicketID} while the
 * session's gathering is Ongoing checks its holder in, once (TicketAlreadyActivated after, also when tapped five
 * times at once, and for a ticket someone else holds); a named guest with a new account takes their ticket and is
 * checked in; a closed gathering answers GatheringClosed; before the gathering opens, activate-ticket is as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateTicket, getTicket, type EventTicket, type TokenSet } from '../../contract/index.ts';
import { gatheringAttendees, gatherings, users } from '../../server/db/schema.ts';
import { phoneFromContact } from '../../server/services/orders/event/tickets.ts';
import { eventMember, fromSeed, paidBooking } from '../support/event-bookings.ts';
import { auth } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Open (Ongoing). */
const SESSION = 'evs-sake-pairing-1';
const G = 'gth-self-sake';
/** Opened, then closed. */
const CLOSED_SESSION = 'evs-coffee-cupping-1';
const G_CLOSED = 'gth-self-cupping';
/** Planned, not open yet. */
const LATER_SESSION = 'evs-gongfu-oolong-1';
const G_LATER = 'gth-self-oolong';

let t: TestApp;
let host: TokenSet & { email: string };

async function member(given_name: string) {
  const tokens = await eventMember(t, { given_name });
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, tokens.userID));
  return { ...tokens, email: row!.email };
}

beforeAll(async () => {
  t = await createTestApp({ clock: fromSeed() });
  host = await member('Host');
  await grantRole(t, host.userID, 'host');
  await t.db.insert(gatherings).values([
    { id: G, varianceId: SESSION, hostEmail: host.email, hostUserId: host.userID, status: 'Ongoing', openedAt: new Date() },
    { id: G_CLOSED, varianceId: CLOSED_SESSION, hostEmail: host.email, hostUserId: host.userID, status: 'Scheduled' },
    { id: G_LATER, varianceId: LATER_SESSION, hostEmail: host.email, hostUserId: host.userID, status: 'Scheduled' },
  ]);
});
afterAll(() => t.close());

const post = (call: string, body: unknown, tokens: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(tokens) } });

/** The host opened or closed it (gathering-host.test.ts drives admin-init and close-gathering themselves). */
const setStatus = (id: string, status: 'Scheduled' | 'Ongoing' | 'Closed') => t.db.update(gatherings).set({ status }).where(eq(gatherings.id, id));

/** Who is in the room, by their tickets. */
async function attendees(gatheringId: string) {
  return t.db
    .select({ userId: gatheringAttendees.userId, ticketId: gatheringAttendees.ticketId, leftAt: gatheringAttendees.leftAt })
    .from(gatheringAttendees)
    .where(eq(gatheringAttendees.gatheringId, gatheringId));
}
const inRoom = async (gatheringId: string, userId: string) => (await attendees(gatheringId)).filter((a) => a.userId === userId && a.leftAt === null);

/** A paid booking of the session: the booker's own seat and a named guest's. */
async function booking(session: string, guestName = 'Ho Wing Sze') {
  const booker = await eventMember(t, { given_name: 'Booker' });
  const order = await paidBooking(t, booker, session, 2, [{ Name: guestName, Contact: '+852 5123 4567' }]);
  return { booker, own: order.TicketList.find((x) => x.IsOwner) as EventTicket, guest: order.TicketList.find((x) => !x.IsOwner) as EventTicket };
}

describe('a guest’s contact number as their phone', () => {
  it('reads Hong Kong numbers with or without +852, other numbers as digits, and leaves out what is not a number', () => {
    expect(phoneFromContact('+852 5123 4567')).toEqual({ phone: '51234567', phoneCountryCode: '852' });
    expect(phoneFromContact('9123-4567')).toEqual({ phone: '91234567', phoneCountryCode: '852' });
    expect(phoneFromContact('+44 (20) 7946 0958')).toEqual({ phone: '442079460958', phoneCountryCode: null });
    expect(phoneFromContact('12-34')).toBeUndefined();
    expect(phoneFromContact('+852 123')).toBeUndefined();
  });
});

describe('activate-ticket at an ongoing gathering', () => {
  it('checks the booker in with their own seat, once; the link shows the gathering and that the ticket is checked in', async () => {
    const { booker, own } = await booking(SESSION);
    expect((await t.call(getTicket, { TicketID: own.TicketID })).Ticket).toMatchObject({ GatheringID: G, GatheringStatus: 'Ongoing', Activated: true, Redeemed: false });
    // The host's screen and Tonight hear of it.
    let heard = 0;
    const stop = t.deps.gatheringEvents.subscribe(G, () => heard++);
    const done = await t.call(activateTicket, { TicketID: own.TicketID }, auth(booker));
    expect(done).toMatchObject({ CheckedIn: true, GatheringID: G, Record: { VarianceID: SESSION, Role: 'Booker' } });
    await vi.waitFor(() => expect(heard).toBeGreaterThan(0));
    stop();
    expect(await inRoom(G, booker.userID)).toEqual([{ userId: booker.userID, ticketId: own.TicketID, leftAt: null }]);
    expect((await t.call(getTicket, { TicketID: own.TicketID })).Ticket.Redeemed).toBe(true);

    // Twice: already checked in. The host scanning it too.
    expect((await post('activate-ticket', { TicketID: own.TicketID }, booker)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated', field: 'TicketID' });
    expect((await post('check-in-ticket', { gatheringID: G, TicketID: own.TicketID }, host)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
  });

  it('checks in once when the holder taps five times at once', async () => {
    const { booker, own } = await booking(SESSION);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('activate-ticket', { TicketID: own.TicketID }, booker)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.json?.ErrorCode).toBe('TicketAlreadyActivated');
    expect(await inRoom(G, booker.userID)).toHaveLength(1);
  });

  it('a named guest with a new account takes their untaken ticket and is checked in; the guest who took theirs before checks in with it', async () => {
    const { guest } = await booking(SESSION);
    expect((await t.call(getTicket, { TicketID: guest.TicketID })).Ticket).toMatchObject({ HolderName: 'Ho Wing Sze', ContactNumber: '+852 5123 4567', Activated: false });
    const newcomer = await eventMember(t, { given_name: 'Wing Sze', family_name: 'Ho' });
    const done = await t.call(activateTicket, { TicketID: guest.TicketID }, auth(newcomer));
    expect(done).toMatchObject({ CheckedIn: true, GatheringID: G, Record: { VarianceID: SESSION, Role: 'Guest' } });
    expect((await t.call(getTicket, { TicketID: guest.TicketID })).Ticket).toMatchObject({ HolderName: 'Ho Wing Sze', Activated: true, Redeemed: true });
    expect(await inRoom(G, newcomer.userID)).toEqual([{ userId: newcomer.userID, ticketId: guest.TicketID, leftAt: null }]);
    // Signed up on the spot: the contact number the booker gave for them is their phone now.
    const [profile] = await t.db.select({ phone: users.phone, code: users.phoneCountryCode }).from(users).where(eq(users.id, newcomer.userID));
    expect(profile).toEqual({ phone: '51234567', code: '852' });

    // A guest ticket taken before the gathering opened: its guest checks in with it.
    await setStatus(G, 'Scheduled');
    const early = await booking(SESSION);
    const guestMember = await eventMember(t);
    expect((await t.call(activateTicket, { TicketID: early.guest.TicketID }, auth(guestMember))).CheckedIn).toBeUndefined();
    await setStatus(G, 'Ongoing');
    expect(await t.call(activateTicket, { TicketID: early.guest.TicketID }, auth(guestMember))).toMatchObject({ CheckedIn: true, Record: { Role: 'Guest' } });
    expect(await inRoom(G, guestMember.userID)).toHaveLength(1);
  });

  it("refuses another member's ticket: TicketAlreadyActivated, and nobody is checked in", async () => {
    const { own, guest } = await booking(SESSION);
    const stranger = await eventMember(t);
    const taker = await eventMember(t);
    await t.call(activateTicket, { TicketID: guest.TicketID }, auth(taker));
    expect((await post('activate-ticket', { TicketID: own.TicketID }, stranger)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    expect((await post('activate-ticket', { TicketID: guest.TicketID }, stranger)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    expect(await inRoom(G, stranger.userID)).toEqual([]);
    expect((await t.call(getTicket, { TicketID: own.TicketID })).Ticket.Redeemed).toBe(false);
    // The booker's own seat is not another guest ticket for them to take: they have a seat already.
    const { booker, guest: theirGuest } = await booking(SESSION);
    expect((await post('activate-ticket', { TicketID: theirGuest.TicketID }, booker)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
  });

  it('answers GatheringClosed once the gathering has closed', async () => {
    const { booker, own, guest } = await booking(CLOSED_SESSION);
    await setStatus(G_CLOSED, 'Closed');
    expect((await t.call(getTicket, { TicketID: own.TicketID })).Ticket.GatheringStatus).toBe('Closed');
    expect((await post('activate-ticket', { TicketID: own.TicketID }, booker)).json).toMatchObject({ ErrorCode: 'GatheringClosed' });
    expect((await post('activate-ticket', { TicketID: guest.TicketID }, await eventMember(t))).json).toMatchObject({ ErrorCode: 'GatheringClosed' });
    expect(await attendees(G_CLOSED)).toEqual([]);
  });
});

describe('activate-ticket before the gathering opens', () => {
  it('a guest takes a guest ticket, nobody is checked in; the booker’s own seat is already activated', async () => {
    const { booker, own, guest } = await booking(LATER_SESSION);
    expect((await t.call(getTicket, { TicketID: guest.TicketID })).Ticket).toMatchObject({ GatheringID: G_LATER, GatheringStatus: 'Scheduled' });
    const taker = await eventMember(t);
    const done = await t.call(activateTicket, { TicketID: guest.TicketID }, auth(taker));
    expect(done.Record).toMatchObject({ VarianceID: LATER_SESSION, Role: 'Guest' });
    expect(done.CheckedIn).toBeUndefined();
    expect(done.GatheringID).toBeUndefined();
    expect((await post('activate-ticket', { TicketID: guest.TicketID }, taker)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    expect((await post('activate-ticket', { TicketID: own.TicketID }, booker)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    expect(await attendees(G_LATER)).toEqual([]);
    expect((await t.call(getTicket, { TicketID: guest.TicketID })).Ticket.Redeemed).toBe(false);
  });
});
