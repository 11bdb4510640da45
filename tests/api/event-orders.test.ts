/**
 * Event orders (issue 15): seats of a session held in the placing transaction and never oversold (40
 * members racing for the last 8 seats, truly at once on PostgreSQL), given back on expiry and on
 * cancelling, paid once however often the payment is reported, one ticket per seat with guest slots as
 * spec §4 says, tickets activated once, nobody else's order reachable, and bad requests refused with a
 * clear code naming the field.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateTicket,
  cancelOrder,
  createEventPayment,
  EventCalculate,
  getEventOrder,
  getTicket,
  getUserEventRecord,
  listUserEventOrder,
  listUserEventRecord,
  newEventCheckOut,
  updateEventGuest,
  type CallBodyInput,
} from '../../contract/index.ts';
import { eventTickets, eventVariances, events, orders, paymentEvents } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, deliverWebhooks, refused, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = SEED_NOW.getTime() + DAY;
let t: TestApp;

const EVENT = 'evt-test-oolong';
const SPIRITS_EVENT = 'evt-test-whisky';
/** Sessions made here, so the seed's may change freely. */
const SESSION = { open: 'evs-test-open', race: 'evs-test-race', small: 'evs-test-small', past: 'evs-test-past', later: 'evs-test-later', whisky: 'evs-test-whisky', ending: 'evs-test-ending' };

async function addEvent(id: string, typeId: string) {
  await t.db.insert(events).values({
    id,
    typeId,
    titleEn: `Test tasting ${id}`,
    titleZh: `測試品鑑 ${id}`,
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

async function addSession(id: string, eventId: string, { capacity, seatsLeft = capacity, startsInDays = 7 }: { capacity: number; seatsLeft?: number; startsInDays?: number }) {
  const startsAt = new Date(SEED_NOW.getTime() + startsInDays * DAY + 7 * 60 * MINUTE); // 19:00 in Hong Kong (SEED_NOW is 12:00 there)
  await t.db.insert(eventVariances).values({
    id,
    eventId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 60 * MINUTE),
    capacity,
    seatsLeft,
    priceHkd: 38000,
    priceUsd: 4900,
    saleOpensAt: new Date(SEED_NOW.getTime() - 30 * DAY),
    saleClosesAt: startsAt,
  });
}

const seatsLeft = async (id: string) => (await t.db.select({ n: eventVariances.seatsLeft }).from(eventVariances).where(eq(eventVariances.id, id)))[0]!.n;

type CheckoutBody = CallBodyInput<typeof newEventCheckOut>;
const fpsBody = (VarianceID: string, NumberOfSeat: number, more: Partial<CheckoutBody> = {}): CheckoutBody => ({
  Language: 'en',
  Currency: 'HKD',
  VarianceID,
  NumberOfSeat,
  PaymentMethod: 'FPS',
  ...more,
});
const book = (m: Shopper, body: CheckoutBody) => t.call(newEventCheckOut, body, auth(m));
const payQr = (paymentId: string) => t.raw(`/api/payments/sandbox/fps/${paymentId}/pay`, { method: 'POST' });
const orderOf = async (m: Shopper, orderID: string) => (await t.call(getEventOrder, { orderID }, auth(m))).Order;

/** A paid FPS booking: the bank's notice delivered. */
async function paidBooking(m: Shopper, body: CheckoutBody) {
  const start = await book(m, body);
  expect((await payQr(start.PaymentID!)).status).toBe(200);
  await deliverWebhooks(t);
  const order = await orderOf(m, start.OrderID);
  expect(order.PaymentStatus).toBe('Paid');
  return order;
}

beforeAll(async () => {
  // Id tokens outlive the test's moves in time.
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  await addEvent(EVENT, 'tea');
  await addEvent(SPIRITS_EVENT, 'spirits');
  await addSession(SESSION.open, EVENT, { capacity: 20 });
  await addSession(SESSION.race, EVENT, { capacity: 30, seatsLeft: 8 });
  await addSession(SESSION.small, EVENT, { capacity: 4, startsInDays: 9 });
  await addSession(SESSION.past, EVENT, { capacity: 10, startsInDays: -2 });
  await addSession(SESSION.later, EVENT, { capacity: 10, startsInDays: 20 });
  await addSession(SESSION.whisky, SPIRITS_EVENT, { capacity: 12 });
  await addSession(SESSION.ending, EVENT, { capacity: 12, startsInDays: 3 });
});
afterAll(() => t.close());

describe('pricing seats (EventCalculate)', () => {
  it('prices seats with no shipping, a coupon, and guest slots as spec §4 says', async () => {
    const m = await shopper(t);
    const plain = await t.call(EventCalculate, { VarianceID: SESSION.open, NumberOfSeat: 3 }, auth(m));
    expect(plain).toMatchObject({ SpacesLeft: 20, GuestSlots: 2 });
    expect(plain.orderDetail).toMatchObject({ Currency: 'HKD', SubTotal: 114000, ShippingFee: 0, Discount: 0, Total: 114000 + plain.orderDetail.Taxes, PricePerPerson: 38000, NumberOfSeat: 3 });
    const usd = await t.call(EventCalculate, { VarianceID: SESSION.open, NumberOfSeat: 2, Currency: 'USD' }, auth(m));
    expect(usd.orderDetail).toMatchObject({ Currency: 'USD', SubTotal: 9800, PricePerPerson: 4900 });
    const coupon = await t.call(EventCalculate, { VarianceID: SESSION.open, NumberOfSeat: 3, CouponID: 'welcome10' }, auth(m));
    expect(coupon.orderDetail).toMatchObject({ Coupon: { CouponID: 'WELCOME10' }, Discount: 11400, SubTotal: 114000 });
  });

  it('answers 70600 for a coupon it cannot take, and clear 400s for bad requests', async () => {
    const m = await shopper(t);
    const bad = await refused(t, 'EventCalculate', { VarianceID: SESSION.open, NumberOfSeat: 2, CouponID: 'NOSUCHCODE' }, m);
    expect(bad).toMatchObject({ status: 400, json: { ErrorCode: '70600', field: 'CouponID' } });
    for (const [body, code, field] of [
      [{ VarianceID: SESSION.open, NumberOfSeat: 0 }, 'InvalidParameter', 'NumberOfSeat'],
      [{ VarianceID: SESSION.open, NumberOfSeat: -2 }, 'InvalidParameter', 'NumberOfSeat'],
      [{ VarianceID: SESSION.open, NumberOfSeat: 1.5 }, 'InvalidParameter', 'NumberOfSeat'],
      [{ VarianceID: SESSION.open, NumberOfSeat: 11 }, 'InvalidParameter', 'NumberOfSeat'],
      [{ VarianceID: SESSION.small, NumberOfSeat: 5 }, 'InvalidParameter', 'NumberOfSeat'],
      [{ NumberOfSeat: 2 }, 'MissingParameter', 'VarianceID'],
      [{ VarianceID: SESSION.past, NumberOfSeat: 1 }, 'EventSaleClosed', 'VarianceID'],
      [{ VarianceID: 'evs-nope', NumberOfSeat: 1 }, 'ObjectNotFound', undefined],
    ] as const) {
      const answer = await refused(t, 'EventCalculate', body, m);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json, JSON.stringify(body)).toMatchObject({ ErrorCode: code, ...(field ? { field } : {}) });
    }
  });
});

describe('placing an event order (newEventCheckOut)', () => {
  it('holds the seats, writes one ticket per seat with the named guests, and refuses what it cannot take', async () => {
    const m = await shopper(t);
    const before = await seatsLeft(SESSION.open);
    const start = await book(m, fpsBody(SESSION.open, 3, { GuestInfo: [{ Name: 'Chan Tai Man', Contact: '+852 9123 4567' }, { Name: 'Lee Siu Ling', Contact: '61234567' }] }));
    expect(start).toMatchObject({ PaymentStatus: 'pending', Fps: { AmountHKD: 114000 } });
    expect(await seatsLeft(SESSION.open)).toBe(before - 3);
    const order = await orderOf(m, start.OrderID);
    expect(order).toMatchObject({ PaymentStatus: 'WaitForPayment', NumberOfSeat: 3, Session: { EventID: EVENT, VarianceID: SESSION.open, TimeSlot: '19:00–21:00', Image: '/media/art/teapot-30-1.svg' } });
    expect(order.TicketList.map((x) => [x.SeatNumber, x.IsOwner, x.HolderName, x.Activated])).toEqual([
      [1, true, expect.any(String), true],
      [2, false, 'Chan Tai Man', false],
      [3, false, 'Lee Siu Ling', false],
    ]);
    // Unguessable and distinct.
    expect(new Set(order.TicketList.map((x) => x.TicketID)).size).toBe(3);
    for (const x of order.TicketList) expect(x.TicketID).toMatch(/^tkt_[A-Za-z0-9_-]{22}$/);

    // More guests than guest slots; the 18+ confirmation; a false ConfirmPayment: nothing placed.
    const other = await shopper(t);
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, other.userId)))[0]!.n;
    const guests = [1, 2].map((i) => ({ Name: `Guest ${i}`, Contact: '91234567' }));
    expect((await refused(t, 'newEventCheckOut', fpsBody(SESSION.open, 2, { GuestInfo: guests }), other)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'GuestInfo' });
    expect((await refused(t, 'newEventCheckOut', fpsBody(SESSION.whisky, 1), other)).json).toMatchObject({ ErrorCode: 'AgeConfirmationRequired' });
    expect((await refused(t, 'newEventCheckOut', fpsBody(SESSION.open, 1, { ConfirmPayment: false }), other)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ConfirmPayment' });
    expect((await refused(t, 'newEventCheckOut', fpsBody(SESSION.open, 1, { GuestInfo: [{ Name: 'X', Contact: 'call me' }] }), other)).json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    expect((await refused(t, 'newEventCheckOut', fpsBody(SESSION.past, 1), other)).json).toMatchObject({ ErrorCode: 'EventSaleClosed' });
    expect((await refused(t, 'newEventCheckOut', { ...fpsBody(SESSION.open, 1), VarianceID: undefined }, other)).json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'VarianceID' });
    expect((await refused(t, 'newEventCheckOut', fpsBody(SESSION.open, 0), other)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'NumberOfSeat' });
    expect(await count()).toBe(0);
    expect(await seatsLeft(SESSION.open)).toBe(before - 3);
    // Confirmed 18+, the spirits tasting is booked.
    expect((await book(other, fpsBody(SESSION.whisky, 1, { AgeConfirmed: true }))).PaymentStatus).toBe('pending');
  });

  it('tells OutOfStock when fewer seats are left than asked, with the spaces left', async () => {
    const [a, b] = await Promise.all([shopper(t), shopper(t)]);
    await book(a, fpsBody(SESSION.small, 3));
    const answer = await refused(t, 'newEventCheckOut', fpsBody(SESSION.small, 2), b);
    expect(answer).toMatchObject({ status: 400, json: { ErrorCode: 'OutOfStock', SpacesLeft: 1 } });
    expect((await refused(t, 'EventCalculate', { VarianceID: SESSION.small, NumberOfSeat: 2 }, b)).json).toMatchObject({ ErrorCode: 'OutOfStock', SpacesLeft: 1 });
    // A member's new order replaces their unpaid one, giving its seats back first.
    const again = await book(a, fpsBody(SESSION.small, 4));
    expect(await seatsLeft(SESSION.small)).toBe(0);
    await t.call(cancelOrder, { orderID: again.OrderID }, auth(a));
    expect(await seatsLeft(SESSION.small)).toBe(4);
  });
});

describe('the last seats', () => {
  // On PGlite the database has one connection, so the 40 transactions run one after another; on
  // PostgreSQL (TEST_DATABASE_URL) they run at once on the pool and contend for the session's row.
  it('sells exactly the last 8 seats to 40 members at once; the rest are told OutOfStock', async () => {
    expect(await seatsLeft(SESSION.race)).toBe(8);
    const members = await Promise.all(Array.from({ length: 40 }, () => shopper(t)));
    const db = t.deps.db;
    const transaction = db.transaction.bind(db);
    let open = 0;
    let mostOpen = 0;
    db.transaction = ((fn, config) =>
      transaction(async (tx) => {
        mostOpen = Math.max(mostOpen, ++open);
        try {
          return await fn(tx);
        } finally {
          open--;
        }
      }, config)) as typeof db.transaction;
    const answers = await Promise.all(members.map((m) => refused(t, 'newEventCheckOut', fpsBody(SESSION.race, 1), m))).finally(() => {
      db.transaction = transaction;
    });
    if (t.driver === 'postgres') expect(mostOpen).toBeGreaterThan(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(8);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.json.ErrorCode)).toEqual(Array(32).fill('OutOfStock'));
    expect(await seatsLeft(SESSION.race)).toBe(0);
    const [held] = await t.db
      .select({ orders: sql<number>`count(*)::int`, seats: sql<number>`coalesce(sum(b.seats), 0)::int` })
      .from(sql`orders o join event_bookings b on b.order_id = o.id`)
      .where(and(sql`b.variance_id = ${SESSION.race}`, sql`o.payment_status = 'WaitForPayment'`));
    expect(held).toEqual({ orders: 8, seats: 8 });
  });
});

describe('paying, expiring and cancelling', () => {
  it('expires an unpaid order past its window and gives its seats back', async () => {
    const m = await shopper(t);
    const before = await seatsLeft(SESSION.later);
    const start = await book(m, fpsBody(SESSION.later, 2));
    expect(await seatsLeft(SESSION.later)).toBe(before - 2);
    now += 10 * MINUTE;
    const ran = await runDueJobs(t.deps, new Date(now));
    expect(ran.expiredOrders).toBeGreaterThanOrEqual(1);
    expect((await orderOf(m, start.OrderID)).PaymentStatus).toBe('Expired');
    expect(await seatsLeft(SESSION.later)).toBe(before);
    // Its QR no longer pays it.
    expect((await payQr(start.PaymentID!)).status).not.toBe(200);
    // A closed order is a cancelled record.
    expect((await t.call(listUserEventRecord, {}, auth(m))).RecordList).toMatchObject([{ VarianceID: SESSION.later, Tab: 'cancelled', NumberOfSeat: 0 }]);
  });

  it('pays once when the bank’s notice is delivered 20 times, and mails one link per ticket', async () => {
    const m = await shopper(t);
    const start = await book(m, fpsBody(SESSION.open, 2, { GuestInfo: [{ Name: 'Wong Ka Yan', Contact: '98765432' }] }));
    expect((await payQr(start.PaymentID!)).status).toBe(200);
    const deliveries = t.payments.scheduler.take();
    expect(deliveries.length).toBeGreaterThan(0);
    await Promise.all(deliveries.flatMap((delivery) => Array.from({ length: 20 }, () => delivery.run())));
    const order = await orderOf(m, start.OrderID);
    expect(order.PaymentStatus).toBe('Paid');
    const applied = await t.db.select().from(paymentEvents).where(and(eq(paymentEvents.orderId, start.OrderID), eq(paymentEvents.outcome, 'applied')));
    expect(applied).toHaveLength(1);
    const confirmations = (await mails(t, m.email)).filter((mail) => mail.subject.includes("You're booked"));
    expect(confirmations).toHaveLength(1);
    const guestTicket = order.TicketList.find((x) => !x.IsOwner)!;
    expect(confirmations[0]!.text).toContain(`http://shop.test/activate_ticket/${guestTicket.TicketID}`);
    expect(confirmations[0]!.text).toContain(`http://shop.test/event_record/${EVENT}/${SESSION.open}`);
    expect(confirmations[0]!.text).toContain('19:00–21:00');
    // Paid seats stay sold; a paid order cannot be cancelled.
    expect((await refused(t, 'cancelOrder', { orderID: start.OrderID }, m)).json).toMatchObject({ ErrorCode: 'InvalidParameter' });
  });

  it('pays by card, and a card return page sends the browser to the event confirmation', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.visa);
    const start = await book(m, { ...fpsBody(SESSION.open, 1), PaymentMethod: 'CreditCard', CardID: card });
    expect(start.PaymentStatus).toBe('succeeded');
    expect((await orderOf(m, start.OrderID)).PaymentStatus).toBe('Paid');
    const back = await t.raw(`/api/payments/return/${start.OrderID}?payment_intent=${start.PaymentID}`);
    expect(back.headers.get('location')).toMatch(new RegExp(`^/order_event_confirm/${start.OrderID}\\?`));
  });

  it('pays a placed order again with another method (create-event-payment)', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.declined);
    const declined = await refused(t, 'newEventCheckOut', { ...fpsBody(SESSION.open, 1), PaymentMethod: 'CreditCard', CardID: card }, m);
    expect(declined.json).toMatchObject({ ErrorCode: 'PaymentFail', reason: 'card_declined' });
    const orderID = declined.json.OrderID as string;
    const again = await t.call(createEventPayment, { OrderID: orderID, PaymentMethod: 'FPS' }, auth(m));
    expect(again.PaymentStatus).toBe('pending');
    expect((await payQr(again.PaymentID!)).status).toBe(200);
    await deliverWebhooks(t);
    expect((await orderOf(m, orderID)).PaymentStatus).toBe('Paid');
  });
});

describe('records and tickets', () => {
  it('gives a member who joined all their new seats as guest slots, and lists their records', async () => {
    const m = await shopper(t);
    await paidBooking(m, fpsBody(SESSION.open, 1));
    const calc = await t.call(EventCalculate, { VarianceID: SESSION.open, NumberOfSeat: 2 }, auth(m));
    expect(calc.GuestSlots).toBe(2);
    now += 1000;
    const second = await paidBooking(m, fpsBody(SESSION.open, 2, { GuestInfo: [{ Name: 'A Guest', Contact: '91112222' }, { Name: 'B Guest', Contact: '93334444' }] }));
    expect(second.TicketList.every((x) => !x.IsOwner)).toBe(true);
    const { Record } = await t.call(getUserEventRecord, { VarianceID: SESSION.open }, auth(m));
    expect(Record).toMatchObject({ Role: 'Booker', Tab: 'joined', NumberOfSeat: 3, CanEditGuests: true });
    expect(Record.TicketList).toHaveLength(3);
    expect((await t.call(listUserEventOrder, { VarianceID: SESSION.open }, auth(m))).OrderList.map((o) => o.OrderID)).toEqual([second.OrderID, expect.any(String)]);
    // Once the session has ended (moved into the past behind the app's back), its record is under ended.
    const ended = await paidBooking(m, fpsBody(SESSION.ending, 1));
    await t.db
      .update(eventVariances)
      .set({ startsAt: new Date(now - 3 * 60 * MINUTE), endsAt: new Date(now - 60 * MINUTE), saleClosesAt: new Date(now - 3 * 60 * MINUTE) })
      .where(eq(eventVariances.id, SESSION.ending));
    expect((await t.call(listUserEventRecord, { Tab: 'ended' }, auth(m))).RecordList.map((r) => [r.VarianceID, r.CanEditGuests])).toEqual([[SESSION.ending, false]]);
    expect((await t.call(listUserEventRecord, { Tab: 'joined' }, auth(m))).RecordList.map((r) => r.VarianceID)).toEqual([SESSION.open]);
    expect(ended.Session.VarianceID).toBe(SESSION.ending);
  });

  it('lets a guest activate a ticket once; the session then shows in their own records', async () => {
    const booker = await shopper(t);
    const order = await paidBooking(booker, fpsBody(SESSION.open, 3));
    const [first, second] = order.TicketList.filter((x) => !x.IsOwner);
    // The link shows the session to anyone.
    const shown = await t.call(getTicket, { TicketID: first!.TicketID });
    expect(shown.Ticket).toMatchObject({ Activated: false, Session: { VarianceID: SESSION.open } });
    // Named later by the booker.
    expect((await t.call(updateEventGuest, { TicketID: first!.TicketID, Name: 'Ho Wing', Contact: '92223333' }, auth(booker))).Ticket).toMatchObject({ HolderName: 'Ho Wing' });

    const guest = await shopper(t);
    const { Record } = await t.call(activateTicket, { TicketID: first!.TicketID }, auth(guest));
    expect(Record).toMatchObject({ Role: 'Guest', VarianceID: SESSION.open, Tab: 'joined', NumberOfSeat: 1, TicketList: [{ TicketID: first!.TicketID, Activated: true }] });
    expect((await t.call(listUserEventRecord, {}, auth(guest))).RecordList.map((r) => r.VarianceID)).toEqual([SESSION.open]);

    // Twice: TicketAlreadyActivated (the same guest, or another member).
    expect((await refused(t, 'activate-ticket', { TicketID: first!.TicketID }, guest)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    const late = await shopper(t);
    expect((await refused(t, 'activate-ticket', { TicketID: first!.TicketID }, late)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    // A second ticket of a session the guest already joined: UserAlreadyJoinedTheEvent. The booker's own seat: already activated.
    expect((await refused(t, 'activate-ticket', { TicketID: second!.TicketID }, guest)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
    expect((await refused(t, 'activate-ticket', { TicketID: second!.TicketID }, booker)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
    // A taken ticket keeps its holder; an unknown one is not found.
    expect((await refused(t, 'update-event-guest', { TicketID: first!.TicketID, Name: 'Other', Contact: '92223333' }, booker)).json).toMatchObject({ ErrorCode: 'TicketAlreadyActivated' });
    expect((await refused(t, 'activate-ticket', { TicketID: 'tkt_nope' }, late)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });

  it('lets two members racing for one ticket have it once', async () => {
    const booker = await shopper(t);
    const order = await paidBooking(booker, fpsBody(SESSION.open, 2));
    const ticket = order.TicketList.find((x) => !x.IsOwner)!;
    const racers = await Promise.all(Array.from({ length: 6 }, () => shopper(t)));
    const answers = await Promise.all(racers.map((m) => refused(t, 'activate-ticket', { TicketID: ticket.TicketID }, m)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.json.ErrorCode)).toEqual(Array(5).fill('TicketAlreadyActivated'));
    const [row] = await t.db.select().from(eventTickets).where(eq(eventTickets.id, ticket.TicketID));
    expect(racers.map((r) => r.userId)).toContain(row!.activatedBy);
  });

  it('keeps every order to its member: another member can neither read, pay, cancel nor name its guests', async () => {
    const owner = await shopper(t);
    const paid = await paidBooking(owner, fpsBody(SESSION.open, 2));
    const unpaid = await book(owner, fpsBody(SESSION.later, 1));
    const stranger = await shopper(t);
    for (const [call, body] of [
      ['get-event-order', { orderID: unpaid.OrderID }],
      ['get-user-event-order', { orderID: paid.OrderID }],
      ['create-event-payment', { OrderID: unpaid.OrderID, PaymentMethod: 'FPS' }],
      ['cancelOrder', { orderID: unpaid.OrderID }],
      ['update-event-guest', { TicketID: paid.TicketList[1]!.TicketID, Name: 'Mallory', Contact: '91234567' }],
      ['get-user-event-record', { VarianceID: SESSION.open }],
    ] as const) {
      const answer = await refused(t, call, body, stranger);
      expect(answer.status, call).toBe(400);
      expect(answer.json, call).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    }
    expect((await orderOf(owner, unpaid.OrderID)).PaymentStatus).toBe('WaitForPayment');
    // Member calls need a member.
    expect((await refused(t, 'list-user-event-record', {})).status).toBe(401);
    // Product calls do not reach an event order.
    expect((await refused(t, 'get-product-order', { orderID: paid.OrderID }, owner)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });
});
