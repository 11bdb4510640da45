/**
 * Issue 32: a host's own sessions (contract/host-sessions.ts). A host lists only the sessions naming them as host
 * (upcoming and past, paged, with fill and gathering) and reads only their guest lists, the same answer staff get;
 * another host's session is 403 Forbidden, while staff read every one. A guest on the list is checked in with the
 * gathering's check-in-ticket, and the list then shows it. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminInit,
  checkInTicket,
  getEventOrder,
  hostListMySessions,
  hostSessionGuestList,
  newEventCheckOut,
  requestGatheringCode,
  staffCreateSession,
  staffSessionGuestList,
  type StaffSession,
} from '../../contract/index.ts';
import { events, eventVariances } from '../../server/db/schema.ts';
import { mailedCode } from '../support/members.ts';
import { auth, deliverWebhooks, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = SEED_NOW.getTime() + DAY;
const EVENT = 'evt-test-host-sessions';
const PAST = 'evs-test-host-sessions-past';

let t: TestApp;
let staff: Shopper;
let host: Shopper;
let otherHost: Shopper;
let member: Shopper;
/** The host's sessions, soonest first; the other host's; one nobody hosts. */
let soon: StaffSession;
let later: StaffSession;
let theirs: StaffSession;
let unhosted: StaffSession;

const iso = (ms: number) => new Date(ms).toISOString();

/** A session of the test's event `days` from now, 19:00–21:00, on sale since yesterday, made by staff. */
async function session(days: number, HostUserID: string | null) {
  const start = now + days * DAY;
  const body = { EventID: EVENT, StartAt: iso(start), EndAt: iso(start + 2 * HOUR), Capacity: 8, Price: { HKD: 38000, USD: 4900 }, SaleOpensAt: iso(now - DAY), HostUserID };
  return (await t.call(staffCreateSession, body, auth(staff))).Session;
}

/** One seat booked by FPS and paid through the sandbox bank. */
async function book(m: Shopper, VarianceID: string) {
  const start = await t.call(newEventCheckOut, { Language: 'en', Currency: 'HKD', VarianceID, NumberOfSeat: 1, GuestInfo: [], PaymentMethod: 'FPS' }, auth(m));
  expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID!}/pay`, { method: 'POST' })).status).toBe(200);
  await deliverWebhooks(t);
  expect((await t.call(getEventOrder, { orderID: start.OrderID }, auth(m))).Order.PaymentStatus).toBe('Paid');
}

/** Every session the host's list gives for `When`, every page read with `Size`. */
async function listAll(who: Shopper, When: 'upcoming' | 'past', Size: number): Promise<StaffSession[]> {
  const found: StaffSession[] = [];
  let LastEvaluatedKey: string | undefined;
  do {
    const page = await t.call(hostListMySessions, { When, Size, ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(who));
    expect(page.SessionList.length).toBeLessThanOrEqual(Size);
    found.push(...page.SessionList);
    LastEvaluatedKey = page.LastEvaluatedKey;
  } while (LastEvaluatedKey);
  return found;
}

const guestList = (who: Shopper, SessionID: string) => t.call(hostSessionGuestList, { SessionID }, auth(who));

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  [staff, host, otherHost, member] = await Promise.all([shopper(t, { address: false }), shopper(t, { address: false }), shopper(t, { address: false }), shopper(t, { address: false })]);
  await grantRole(t, staff.userId, 'staff');
  await grantRole(t, host.userId, 'host');
  await grantRole(t, otherHost.userId, 'host');
  await t.db.insert(events).values({
    id: EVENT,
    typeId: 'tea',
    titleEn: 'Host test tasting',
    titleZh: '主持測試品鑑',
    descriptionEn: 'A tasting made by the test.',
    descriptionZh: '測試建立的品鑑。',
    hostNameEn: 'Test Host',
    hostNameZh: '測試主持',
    hostBioEn: 'Hosts tests.',
    hostBioZh: '主持測試。',
    venueEn: 'Test Room',
    venueZh: '測試室',
    addressEn: '1 Test Street, Central',
    addressZh: '中環測試街1號',
    districtEn: 'Central',
    districtZh: '中環',
    mapUrl: 'https://maps.example/test',
    image: 'teapot-30-1',
  });
  // Made out of order: the list orders them.
  later = await session(7, host.userId);
  soon = await session(3, host.userId);
  theirs = await session(5, otherHost.userId);
  unhosted = await session(4, null);
  // A session already held (staff cannot create one in the past): written as the shop has it.
  const held = now - 2 * DAY;
  await t.db.insert(eventVariances).values({
    id: PAST,
    eventId: EVENT,
    startsAt: new Date(held),
    endsAt: new Date(held + 2 * HOUR),
    capacity: 8,
    seatsLeft: 8,
    priceHkd: 38000,
    priceUsd: 4900,
    saleOpensAt: new Date(held - 7 * DAY),
    saleClosesAt: new Date(held),
    hostUserId: host.userId,
  });
  await book(member, soon.SessionID);
  await book(member, theirs.SessionID);
});
afterAll(() => t?.close());

describe('host-list-my-sessions', () => {
  it('lists only the sessions the caller hosts: upcoming soonest first, past latest first, paged, with fill and gathering', async () => {
    const upcoming = await listAll(host, 'upcoming', 1);
    expect(upcoming.map((s) => s.SessionID)).toEqual([soon.SessionID, later.SessionID]);
    expect(upcoming[0]).toMatchObject({ EventID: EVENT, Capacity: 8, SeatsSold: 1, SeatsLeft: 7, Host: { UserID: host.userId }, Status: 'scheduled' });
    // A named host gets the session's gathering, whose host page checks tickets in.
    expect(upcoming.every((s) => typeof s.GatheringID === 'string')).toBe(true);
    expect(await listAll(host, 'upcoming', 50)).toEqual(upcoming);
    expect((await listAll(host, 'past', 50)).map((s) => s.SessionID)).toEqual([PAST]);

    const others = await listAll(otherHost, 'upcoming', 50);
    expect(others.map((s) => s.SessionID)).toEqual([theirs.SessionID]);
    expect(others.map((s) => s.SessionID)).not.toContain(unhosted.SessionID);
    // Staff's own list holds what they host themselves: nothing here (every session is staff-list-sessions').
    expect(await listAll(staff, 'upcoming', 50)).toEqual([]);
  });

  it('refuses a member and a visitor, and names a bad field', async () => {
    expect(await refused(t, 'host-list-my-sessions', {}, member)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'host-list-my-sessions', {})).toMatchObject({ status: 401 });
    expect(await refused(t, 'host-list-my-sessions', { When: 'cancelled' }, host)).toMatchObject({ status: 400, json: { field: 'When' } });
    expect(await refused(t, 'host-list-my-sessions', { LastEvaluatedKey: 'bm9wZQ' }, host)).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' } });
  });
});

describe('host-session-guest-list', () => {
  it("gives the host their session's guest list, the same as staff read", async () => {
    const list = await guestList(host, soon.SessionID);
    expect(list.Session).toMatchObject({ SessionID: soon.SessionID, SeatsSold: 1 });
    expect(list.BookingList).toHaveLength(1);
    expect(list.BookingList[0]).toMatchObject({ Booker: { UserID: member.userId }, Seats: 1, Guests: [{ SeatNumber: 1, IsBooker: true, CheckedIn: false }] });
    expect(list.CSV.split('\n')[0]).toContain('Checked in');
    expect(list).toEqual(await t.call(staffSessionGuestList, { SessionID: soon.SessionID }, auth(staff)));
  });

  it("answers 403 to another host's session, either way; staff read every session", async () => {
    expect(await refused(t, 'host-session-guest-list', { SessionID: theirs.SessionID }, host)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'host-session-guest-list', { SessionID: soon.SessionID }, otherHost)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'host-session-guest-list', { SessionID: unhosted.SessionID }, host)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'host-session-guest-list', { SessionID: soon.SessionID }, member)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'host-session-guest-list', { SessionID: soon.SessionID })).toMatchObject({ status: 401 });

    const read = await guestList(staff, theirs.SessionID);
    expect(read.Session.Host).toMatchObject({ UserID: otherHost.userId });
    expect(read.BookingList.map((b) => b.Booker.UserID)).toEqual([member.userId]);
    expect((await guestList(staff, unhosted.SessionID)).BookingList).toEqual([]);

    expect(await refused(t, 'host-session-guest-list', { SessionID: 'evs-no-such-session' }, host)).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'SessionID' } });
    expect(await refused(t, 'host-session-guest-list', {}, host)).toMatchObject({ status: 400, json: { field: 'SessionID' } });
  });

  it("checks a guest of the list in with the gathering's check-in-ticket, and the list shows it", async () => {
    const before = await guestList(host, soon.SessionID);
    const gatheringID = before.Session.GatheringID!;
    const ticket = before.BookingList[0]!.Guests[0]!;
    // The host opens the room with the code mailed to them; only then are tickets checked in.
    await t.call(requestGatheringCode, { gatheringID }, auth(host));
    const { code } = await mailedCode(t, host.email);
    await t.call(adminInit, { email: host.email, verifyCode: code, gatheringID }, auth(host));
    expect(await refused(t, 'check-in-ticket', { gatheringID, TicketID: ticket.TicketID }, otherHost)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });

    await t.call(checkInTicket, { gatheringID, TicketID: ticket.TicketID }, auth(host));
    const after = await guestList(host, soon.SessionID);
    expect(after.BookingList[0]!.Guests[0]).toMatchObject({ TicketID: ticket.TicketID, CheckedIn: true, CheckedInAt: iso(now) });
  });
});
