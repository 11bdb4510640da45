/**
 * Issue 32: events' sessions in the back office. Staff create and change sessions (each change one audit row,
 * before and after), never below the seats sold, with bad input refused naming the field; read a session's guest
 * list and its CSV (a guest named like a formula stays text); move a session (its bookers mailed) and cancel one:
 * two presses at once record one refund request per paid booking, mail each booker once, cancel what is unpaid,
 * and the refunds are paid out through pay-refund once. The event page's head shows each session change at once.
 * Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getEventOrder,
  newEventCheckOut,
  payRefund,
  staffCancelSession,
  staffCreateSession,
  staffListSessions,
  staffSessionGuestList,
  staffUpdateSession,
  type CallBodyInput,
  type GuestInfo,
  type StaffSession,
} from '../../contract/index.ts';
import { auditLog, events, eventTickets, gatherings, orders, refundRequests } from '../../server/db/schema.ts';
import { createPageFacts } from '../../server/services/page-facts.ts';
import { CANCEL_SESSION_ACTION, SESSION_CANCELLED_REASON } from '../../server/services/staff/event-cancel.ts';
import { CREATE_SESSION_ACTION, UPDATE_SESSION_ACTION } from '../../server/services/staff/events.ts';
import { CANCEL_ORDER_ACTION } from '../../server/services/orders/staff.ts';
import { mails } from '../support/members.ts';
import { auth, deliverWebhooks, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = SEED_NOW.getTime() + DAY;
const EVENT = 'evt-test-staff-sessions';
const OTHER_EVENT = 'evt-test-staff-sessions-other';

let t: TestApp;
let staff: Shopper;
let host: Shopper;

async function addEvent(id: string) {
  await t.db.insert(events).values({
    id,
    typeId: 'tea',
    titleEn: `Staff test tasting ${id}`,
    titleZh: `員工測試品鑑 ${id}`,
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
}

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  [staff, host] = await Promise.all([shopper(t, { address: false }), shopper(t, { address: false })]);
  await grantRole(t, staff.userId, 'staff');
  await grantRole(t, host.userId, 'host');
  await addEvent(EVENT);
  await addEvent(OTHER_EVENT);
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();
type CreateBody = CallBodyInput<typeof staffCreateSession>;
/** A session a week away (19:00–21:00 in Hong Kong), on sale since yesterday. */
const sessionBody = (more: Partial<CreateBody> = {}): CreateBody => ({
  EventID: EVENT,
  StartAt: iso(SEED_NOW.getTime() + 7 * DAY + 7 * HOUR),
  EndAt: iso(SEED_NOW.getTime() + 7 * DAY + 9 * HOUR),
  Capacity: 10,
  Price: { HKD: 38000, USD: 4900 },
  SaleOpensAt: iso(now - DAY),
  ...more,
});
const create = async (more: Partial<CreateBody> = {}) => (await t.call(staffCreateSession, sessionBody(more), auth(staff))).Session;
const auditOf = (action: string, sessionId: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, `session:${sessionId}`)));

/** A booking placed by FPS; paid through the sandbox bank unless told not to. */
async function book(m: Shopper, VarianceID: string, NumberOfSeat: number, GuestInfo: GuestInfo[] = [], pay = true) {
  const start = await t.call(newEventCheckOut, { Language: 'en', Currency: 'HKD', VarianceID, NumberOfSeat, GuestInfo, PaymentMethod: 'FPS' }, auth(m));
  if (!pay) return start.OrderID;
  expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID!}/pay`, { method: 'POST' })).status).toBe(200);
  await deliverWebhooks(t);
  expect((await t.call(getEventOrder, { orderID: start.OrderID }, auth(m))).Order.PaymentStatus).toBe('Paid');
  return start.OrderID;
}

/** Every session the list gives for `When`, every page read with `Size`. */
async function listAll(When: 'upcoming' | 'past' | 'cancelled', Size: number, EventID = EVENT): Promise<StaffSession[]> {
  const found: StaffSession[] = [];
  let LastEvaluatedKey: string | undefined;
  do {
    const page = await t.call(staffListSessions, { When, EventID, Size, ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(staff));
    expect(page.SessionList.length).toBeLessThanOrEqual(Size);
    found.push(...page.SessionList);
    LastEvaluatedKey = page.LastEvaluatedKey;
  } while (LastEvaluatedKey);
  return found;
}

describe('creating and listing sessions', () => {
  it('creates a session of an event with its host, writes its audit row, and lists it among the upcoming ones, paged', async () => {
    const created = await create({ HostUserID: host.userId, SvipSaleOpensAt: iso(now - 2 * DAY) });
    expect(created).toMatchObject({
      EventID: EVENT,
      EventName: { en: `Staff test tasting ${EVENT}` },
      Capacity: 10,
      SeatsSold: 0,
      SeatsLeft: 10,
      Price: { HKD: 38000, USD: 4900 },
      SaleClosesAt: created.StartAt,
      SvipSaleOpensAt: iso(now - 2 * DAY),
      Host: { UserID: host.userId, Email: host.email },
      Status: 'scheduled',
    });
    expect(await auditOf(CREATE_SESSION_ACTION, created.SessionID)).toMatchObject([{ actorUserId: staff.userId, before: null, after: created }]);

    const later = await Promise.all([2, 3, 4].map((weeks) => create({ EventID: OTHER_EVENT, StartAt: iso(now + weeks * 7 * DAY), EndAt: iso(now + weeks * 7 * DAY + 2 * HOUR) })));
    const listed = await listAll('upcoming', 2, OTHER_EVENT);
    expect(listed.map((s) => s.SessionID)).toEqual(later.map((s) => s.SessionID)); // soonest first, across pages
    expect(await listAll('past', 2, OTHER_EVENT)).toEqual([]);
    expect((await refused(t, 'staff-list-sessions', { LastEvaluatedKey: 'not-a-key' }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ Capacity: 0 }, 'InvalidParameter', 'Capacity'],
      [{ Capacity: 2.5 }, 'InvalidParameter', 'Capacity'],
      [{ Price: { HKD: -1, USD: 100 } }, 'InvalidParameter', 'Price.HKD'],
      [{ StartAt: 'next tuesday' }, 'InvalidParameter', 'StartAt'],
      [{ StartAt: iso(now - HOUR), EndAt: iso(now + HOUR) }, 'InvalidParameter', 'StartAt'],
      [{ EndAt: sessionBody().StartAt }, 'InvalidParameter', 'EndAt'],
      [{ SaleClosesAt: iso(now + 30 * DAY) }, 'InvalidParameter', 'SaleClosesAt'],
      [{ SaleOpensAt: iso(now + 8 * DAY) }, 'InvalidParameter', 'SaleOpensAt'],
      [{ SvipSaleOpensAt: iso(now) }, 'InvalidParameter', 'SvipSaleOpensAt'],
      [{ HostUserID: 'no-such-user' }, 'InvalidParameter', 'HostUserID'],
      [{ EventID: 'evt-no-such-event' }, 'ObjectNotFound', 'EventID'],
    ];
    const before = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, CREATE_SESSION_ACTION));
    for (const [more, ErrorCode, field] of cases) {
      const r = await refused(t, 'staff-create-session', { ...sessionBody(), ...more }, staff);
      expect({ more, status: r.status, ErrorCode: r.json.ErrorCode, field: r.json.field }).toEqual({ more, status: 400, ErrorCode, field });
    }
    // A member without the host role cannot host.
    const plain = await shopper(t, { address: false });
    expect((await refused(t, 'staff-create-session', sessionBody({ HostUserID: plain.userId }), staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'HostUserID' });
    const after = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, CREATE_SESSION_ACTION));
    expect(after).toHaveLength(before.length);
  });
});

describe('changing a session', () => {
  it('changes price, sale window and host with one audit row (before and after); a change to nothing writes nothing', async () => {
    const s = await create();
    const answer = await t.call(staffUpdateSession, { SessionID: s.SessionID, Price: { HKD: 42000, USD: 5400 }, HostUserID: host.userId, SvipSaleOpensAt: iso(now - 3 * DAY) }, auth(staff));
    expect(answer).toMatchObject({ MailedBookers: 0, Session: { Price: { HKD: 42000, USD: 5400 }, Host: { UserID: host.userId }, SvipSaleOpensAt: iso(now - 3 * DAY) } });
    expect(await auditOf(UPDATE_SESSION_ACTION, s.SessionID)).toMatchObject([
      { actorUserId: staff.userId, before: { Price: { HKD: 38000, USD: 4900 }, Host: null, SvipSaleOpensAt: null }, after: answer.Session },
    ]);
    await t.call(staffUpdateSession, { SessionID: s.SessionID, Price: { HKD: 42000, USD: 5400 } }, auth(staff));
    expect(await auditOf(UPDATE_SESSION_ACTION, s.SessionID)).toHaveLength(1);
    // Clearing the host.
    expect((await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: null }, auth(staff))).Session.Host).toBeNull();
    expect((await refused(t, 'staff-update-session', { SessionID: 'evs-nope', Capacity: 3 }, staff)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'SessionID' });
    expect((await refused(t, 'staff-update-session', { SessionID: s.SessionID, EndAt: s.StartAt }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'EndAt' });
  });

  it('refuses a capacity below the seats sold (CapacityBelowSold), and keeps the seats left in step with it', async () => {
    const s = await create({ Capacity: 10 });
    await book(await shopper(t), s.SessionID, 3);
    await book(await shopper(t), s.SessionID, 2, [], false); // held by an order being paid
    const low = await refused(t, 'staff-update-session', { SessionID: s.SessionID, Capacity: 4 }, staff);
    expect(low).toMatchObject({ status: 400, json: { ErrorCode: 'CapacityBelowSold', field: 'Capacity', SeatsTaken: 5 } });
    const exact = await t.call(staffUpdateSession, { SessionID: s.SessionID, Capacity: 5 }, auth(staff));
    expect(exact.Session).toMatchObject({ Capacity: 5, SeatsSold: 3, SeatsLeft: 0 });
    const more = await t.call(staffUpdateSession, { SessionID: s.SessionID, Capacity: 12 }, auth(staff));
    expect(more.Session).toMatchObject({ Capacity: 12, SeatsSold: 3, SeatsLeft: 7 });
    expect(await auditOf(UPDATE_SESSION_ACTION, s.SessionID)).toMatchObject([{ before: { Capacity: 10 }, after: { Capacity: 5 } }, { before: { Capacity: 5 }, after: { Capacity: 12 } }]);
  });

  it('moves a session to a new date: its sale closes with it and every paid booker is mailed once', async () => {
    const s = await create();
    const [a, b, unpaid] = await Promise.all([shopper(t), shopper(t), shopper(t)]);
    await book(a, s.SessionID, 1);
    await book(b, s.SessionID, 2);
    await book(unpaid, s.SessionID, 1, [], false);
    const newStart = SEED_NOW.getTime() + 9 * DAY + 8 * HOUR; // 20:00 in Hong Kong
    const moved = await t.call(staffUpdateSession, { SessionID: s.SessionID, StartAt: iso(newStart), EndAt: iso(newStart + 2 * HOUR) }, auth(staff));
    expect(moved).toMatchObject({ MailedBookers: 2, Session: { StartAt: iso(newStart), SaleClosesAt: iso(newStart) } });
    for (const m of [a, b]) {
      const sent = (await mails(t, m.email)).filter((mail) => mail.subject.startsWith('New date'));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toContain('20:00–22:00');
    }
    expect((await mails(t, unpaid.email)).filter((mail) => mail.subject.startsWith('New date'))).toHaveLength(0);
  });
});

describe('the guest list', () => {
  it('lists paid bookings with every seat, checked in or not, and the same as CSV with formulas defused', async () => {
    const s = await create();
    const booker = await shopper(t);
    const orderId = await book(booker, s.SessionID, 3, [
      { Name: '=HYPERLINK("http://evil.example","click")', Contact: '+852 9123 4567' },
      { Name: '@SUM(1+1)', Contact: '9123 4568' },
    ]);
    await book(await shopper(t), s.SessionID, 1, [], false); // unpaid: not a guest
    const [ownTicket] = await t.db.select().from(eventTickets).where(and(eq(eventTickets.orderId, orderId), eq(eventTickets.isOwner, true)));
    await t.db.update(eventTickets).set({ redeemedAt: new Date(now) }).where(eq(eventTickets.id, ownTicket!.id));

    const list = await t.call(staffSessionGuestList, { SessionID: s.SessionID }, auth(staff));
    expect(list.Session).toMatchObject({ SessionID: s.SessionID, SeatsSold: 3 });
    expect(list.BookingList).toHaveLength(1);
    const [booking] = list.BookingList;
    expect(booking).toMatchObject({ OrderID: orderId, Seats: 3, Booker: { UserID: booker.userId, Email: booker.email } });
    expect(booking!.Guests.map((g) => [g.SeatNumber, g.IsBooker, g.Name, g.CheckedIn])).toEqual([
      [1, true, expect.any(String), true],
      [2, false, '=HYPERLINK("http://evil.example","click")', false],
      [3, false, '@SUM(1+1)', false],
    ]);
    expect(booking!.Guests[0]).toMatchObject({ TicketID: ownTicket!.id, CheckedInAt: iso(now), HolderUserID: booker.userId });

    const lines = list.CSV.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 3);
    expect(lines[0]).toBe("Reference,Booker,Booker e-mail,Seat,Ticket,Guest,Contact number,Booker's seat,Checked in,Checked in at");
    expect(list.CSV).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(list.CSV).toContain(`'@SUM(1+1)`);
    expect(list.CSV).toContain(`'+852 9123 4567`);
    // No cell of any line begins a formula: each cell's first character, once unquoted.
    for (const line of lines) {
      for (const cell of line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"/, ''))) expect(cell).not.toMatch(/^[=+\-@]/);
    }
    expect((await refused(t, 'staff-session-guest-list', { SessionID: 'evs-nope' }, staff)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'SessionID' });
  });
});

describe('cancelling a session', () => {
  it('pressed twice at once: one refund request per paid booking, each booker mailed once, unpaid orders cancelled, sales stopped', async () => {
    const s = await create({ Capacity: 12 });
    const [a, b, c, late] = await Promise.all([shopper(t), shopper(t), shopper(t), shopper(t)]);
    const paidA = await book(a, s.SessionID, 2);
    const paidB = await book(b, s.SessionID, 1);
    const unpaidC = await book(c, s.SessionID, 1, [], false);

    const answers = await Promise.all([1, 2].map(() => t.call(staffCancelSession, { SessionID: s.SessionID, Reason: 'The host is unwell' }, auth(staff))));
    for (const answer of answers) {
      expect(answer.Session).toMatchObject({ Status: 'cancelled', CancelledAt: iso(now) });
      expect(answer.Refunds.map((r) => r.OrderID).sort()).toEqual([paidA, paidB].sort());
    }
    expect(answers.map((x) => x.MailedBookers).sort()).toEqual([0, 2]);

    const totals = await t.db.select({ id: orders.id, total: orders.total, status: orders.paymentStatus }).from(orders).where(inArray(orders.id, [paidA, paidB, unpaidC]));
    const rows = await t.db.select().from(refundRequests).where(inArray(refundRequests.orderId, [paidA, paidB, unpaidC]));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ reason: SESSION_CANCELLED_REASON, status: 'open', method: 'fps', currency: 'HKD', amount: totals.find((o) => o.id === row.orderId)!.total });
    }
    expect(totals.find((o) => o.id === unpaidC)!.status).toBe('Cancelled');
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, CANCEL_ORDER_ACTION), eq(auditLog.target, `order:${unpaidC}`)))).toHaveLength(1);
    expect(await auditOf(CANCEL_SESSION_ACTION, s.SessionID)).toMatchObject([
      { actorUserId: staff.userId, before: { Status: 'scheduled' }, after: { Status: 'cancelled', Reason: 'The host is unwell' } },
    ]);
    for (const m of [a, b]) expect((await mails(t, m.email)).filter((mail) => mail.subject.startsWith('Cancelled'))).toHaveLength(1);
    expect((await mails(t, c.email)).filter((mail) => mail.subject.startsWith('Cancelled'))).toHaveLength(0);

    // No more sales, no more changes; it is listed as cancelled.
    const sale = await refused(t, 'newEventCheckOut', { Language: 'en', Currency: 'HKD', VarianceID: s.SessionID, NumberOfSeat: 1, GuestInfo: [], PaymentMethod: 'FPS' }, late);
    expect(sale).toMatchObject({ status: 400, json: { ErrorCode: 'EventSaleClosed' } });
    expect((await refused(t, 'staff-update-session', { SessionID: s.SessionID, Capacity: 20 }, staff)).json).toMatchObject({ ErrorCode: 'SessionCancelled', field: 'SessionID' });
    expect((await listAll('cancelled', 50)).map((x) => x.SessionID)).toContain(s.SessionID);
    expect((await listAll('upcoming', 50)).map((x) => x.SessionID)).not.toContain(s.SessionID);

    // Pressed again later: the same refunds, nothing new recorded or mailed.
    const again = await t.call(staffCancelSession, { SessionID: s.SessionID, Reason: 'again' }, auth(staff));
    expect(again).toMatchObject({ MailedBookers: 0, Refunds: answers[0]!.Refunds });
    expect(await t.db.select().from(refundRequests).where(inArray(refundRequests.orderId, [paidA, paidB]))).toHaveLength(2);
    expect(await auditOf(CANCEL_SESSION_ACTION, s.SessionID)).toHaveLength(1);

    // Each refund is paid out through the refund path, once.
    for (const refund of again.Refunds) {
      const paid = await t.call(payRefund, { RefundID: refund.RefundID, BankReference: `FPS-${refund.RefundID}` }, auth(staff));
      expect(paid.Refund).toMatchObject({ Status: 'paid', Amount: refund.Amount, Reason: SESSION_CANCELLED_REASON });
      expect((await t.call(payRefund, { RefundID: refund.RefundID, BankReference: 'other' }, auth(staff))).Refund.BankReference).toBe(`FPS-${refund.RefundID}`);
    }
  });

  it('refuses a cancel without a reason (400 naming Reason) and an unknown session', async () => {
    const s = await create();
    expect((await refused(t, 'staff-cancel-session', { SessionID: s.SessionID, Reason: '  ' }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Reason' });
    expect((await refused(t, 'staff-cancel-session', { SessionID: 'evs-nope', Reason: 'x' }, staff)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'SessionID' });
    expect((await t.call(staffListSessions, { When: 'upcoming', EventID: EVENT, Size: 100 }, auth(staff))).SessionList.map((x) => x.SessionID)).toContain(s.SessionID);
  });
});

describe('the session’s gathering', () => {
  it('is scheduled once a host is named, handed to another host before it opens, and kept by the one who opened it', async () => {
    const without = await create();
    expect(without.GatheringID).toBeNull();
    const s = await create({ HostUserID: host.userId });
    expect(s.GatheringID).toMatch(/^gth-/);
    const row = async () => (await t.db.select().from(gatherings).where(eq(gatherings.varianceId, s.SessionID)))[0]!;
    expect(await row()).toMatchObject({ id: s.GatheringID, status: 'Scheduled', hostEmail: host.email.toLowerCase() });

    const other = await shopper(t, { address: false });
    await grantRole(t, other.userId, 'host');
    const handed = await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: other.userId }, auth(staff));
    expect(handed.Session.GatheringID).toBe(s.GatheringID);
    expect((await row()).hostEmail).toBe(other.email.toLowerCase());

    // Opened by its host: naming someone else no longer hands it over.
    await t.db.update(gatherings).set({ status: 'Ongoing', hostUserId: other.userId }).where(eq(gatherings.id, s.GatheringID!));
    await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: host.userId }, auth(staff));
    expect((await row()).hostEmail).toBe(other.email.toLowerCase());
    expect(await t.db.select().from(gatherings).where(eq(gatherings.varianceId, s.SessionID))).toHaveLength(1);

    // A session given a host later gets its gathering then.
    const later = await t.call(staffUpdateSession, { SessionID: without.SessionID, HostUserID: host.userId }, auth(staff));
    expect(later.Session.GatheringID).toMatch(/^gth-/);
  });
});

describe('the event page’s head', () => {
  it('shows a session created, changed and cancelled at once, though its facts were read before each change', async () => {
    const id = 'evt-test-staff-sessions-head';
    await addEvent(id);
    // The head's facts are kept in the product cache (for a minute, and this clock stands still): read warm first.
    const facts = createPageFacts(t.deps);
    const sessionsOnHead = async () => (await facts.event(id))!.sessions;
    expect(await sessionsOnHead()).toEqual([]);

    const s = await create({ EventID: id, Capacity: 10 });
    expect(await sessionsOnHead()).toMatchObject([{ id: s.SessionID, startsAt: new Date(s.StartAt), seatsLeft: 10, priceHkd: 38000, status: 'OnSale' }]);

    await book(await shopper(t), s.SessionID, 2);
    const newStart = SEED_NOW.getTime() + 10 * DAY + 8 * HOUR;
    await t.call(staffUpdateSession, { SessionID: s.SessionID, StartAt: iso(newStart), EndAt: iso(newStart + 2 * HOUR), Capacity: 14, Price: { HKD: 45000, USD: 5800 } }, auth(staff));
    expect(await sessionsOnHead()).toMatchObject([{ id: s.SessionID, startsAt: new Date(newStart), endsAt: new Date(newStart + 2 * HOUR), seatsLeft: 12, priceHkd: 45000, status: 'OnSale' }]);

    await t.call(staffCancelSession, { SessionID: s.SessionID, Reason: 'The venue is closed' }, auth(staff));
    expect(await sessionsOnHead()).toMatchObject([{ id: s.SessionID, status: 'Closed' }]);
  });
});
