/**
 * Walk-ins (issue 31; spec §7 create-gathering-order, cancel-gathering-order, create-gathering-payment,
 * apply-gathering-coupon, cancel-gathering-coupon): a member with no ticket buys their place at a gathering going
 * on, an order of its own kind holding one seat of the gathering's session; paid, they are in the room.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserShoppingCart,
  applyGatheringCoupon,
  cancelGatheringCoupon,
  cancelGatheringOrder,
  createGatheringOrder,
  createGatheringPayment,
  createProductOrder,
  getGatheringInfo,
  getGatheringOrder,
  getUserOngoingGathering,
  listUnpaidOrders,
  listUserGatheringOrder,
  listUserProductOrder,
  quitOngoingGathering,
  type TokenSet,
} from '../../contract/index.ts';
import { eventVariances, gatheringAttendees, gatherings, orders, users } from '../../server/db/schema.ts';
import { SEED_EVENT_STARTED_TODAY_SESSION } from '../../server/db/seed/event-data.ts';
import { SEED_GATHERING_ID, SEED_POURS } from '../../server/db/seed/gathering-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { deliverWebhooks } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
const SESSION = SEED_EVENT_STARTED_TODAY_SESSION;
let t: TestApp;
let now = SEED_NOW.getTime() + 60_000;
let seatPrice: { HKD: number; USD: number };

beforeAll(async () => {
  // Id tokens outlive the clock moved past an order's payment window.
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 24 * 3600 });
  // The seed's session is sold out: a few seats come free for the walk-ins.
  const [session] = await t.db.update(eventVariances).set({ seatsLeft: 6 }).where(eq(eventVariances.id, SESSION)).returning();
  seatPrice = { HKD: session!.priceHkd, USD: session!.priceUsd };
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(tokens) } });

async function members(n: number, { inRoomOf }: { inRoomOf?: string } = {}): Promise<TokenSet[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id) => ({ id, email: `walk.in.${id}@example.com`, passwordHash: 'x', givenName: 'Walk', familyName: 'In', emailVerified: true, createdAt: SEED_NOW })));
  if (inRoomOf) await t.db.insert(gatheringAttendees).values(ids.map((userId) => ({ gatheringId: inRoomOf, userId, checkedInAt: SEED_NOW })));
  return Promise.all(ids.map((id) => startSession(t.deps, id)));
}
const walkIn = async () => (await members(1))[0]!;

/** A gathering like the seed's, on a session of its own with `seatsLeft` seats to sell. */
async function newGathering(seatsLeft: number, status: 'Scheduled' | 'Ongoing' | 'Closed' = 'Ongoing') {
  const [session] = await t.db.select().from(eventVariances).where(eq(eventVariances.id, SESSION));
  const suffix = randomUUID().slice(0, 8);
  const varianceId = `evs-walk-in-${suffix}`;
  await t.db.insert(eventVariances).values({ ...session!, id: varianceId, capacity: Math.max(12, seatsLeft), seatsLeft });
  const gatheringId = `gth-walk-in-${suffix}`;
  await t.db.insert(gatherings).values({ id: gatheringId, varianceId, hostEmail: 'host@example.com', status, openedAt: status === 'Scheduled' ? null : SEED_NOW });
  return { gatheringId, varianceId };
}

const seatsLeftOf = async (varianceId: string) => (await t.db.select({ n: eventVariances.seatsLeft }).from(eventVariances).where(eq(eventVariances.id, varianceId)))[0]!.n;
const attendeeRows = async (gatheringId: string, userId: string) =>
  t.db.select().from(gatheringAttendees).where(and(eq(gatheringAttendees.gatheringId, gatheringId), eq(gatheringAttendees.userId, userId)));
const userIdOf = async (orderId: string) => (await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]!.userId;

/** Pays an FPS QR as the payer's bank would, its notice delivered twice. */
async function payFps(paymentId: string) {
  expect((await t.raw(`/api/payments/sandbox/fps/${paymentId}/pay`, { method: 'POST' })).status).toBe(200);
  for (const notice of t.payments.scheduler.take()) {
    await notice.run();
    await notice.run();
  }
  await deliverWebhooks(t);
}

describe('a walk-in buys their place', () => {
  it('places an order for one seat, pays it by FPS and is in the room; the bank’s notice replayed pays once', async () => {
    const guest = await walkIn();
    const seats = await seatsLeftOf(SESSION);
    const before = (await t.call(getGatheringInfo, { gatheringID: G }, auth(guest))).Gathering;
    expect(before).toMatchObject({ IAmIn: false, HasTicket: false, PlacesLeft: seats, PlacePrice: seatPrice });
    expect(before.MyPlaceOrder).toBeUndefined();

    const { Order } = await t.call(createGatheringOrder, { gatheringID: G, PaymentMethod: 'FPS' }, auth(guest));
    expect(Order).toMatchObject({ GatheringID: G, PaymentStatus: 'WaitForPayment', Currency: 'HKD', PaymentMethod: 'FPS' });
    expect(Order.orderDetail).toMatchObject({ SubTotal: seatPrice.HKD, Discount: 0, Total: seatPrice.HKD, NumberOfSeat: 1 });
    expect(await seatsLeftOf(SESSION)).toBe(seats - 1);
    const waiting = (await t.call(getGatheringInfo, { gatheringID: G }, auth(guest))).Gathering;
    expect(waiting).toMatchObject({ PlacesLeft: seats - 1, MyPlaceOrder: { OrderID: Order.OrderID, PayBefore: Order.PayBefore } });
    // Listed to pay as a gathering place; never as a product order.
    expect((await t.call(listUnpaidOrders, {}, auth(guest))).OrderList).toMatchObject([{ Kind: 'gathering', OrderID: Order.OrderID, Title: { en: before.Title.en } }]);
    expect((await t.call(listUserProductOrder, {}, auth(guest))).OrderList).toEqual([]);
    expect((await t.call(listUserGatheringOrder, {}, auth(guest))).OrderList).toEqual([]);

    const start = await t.call(createGatheringPayment, { GatheringID: G, PaymentMethod: 'FPS' }, auth(guest));
    expect(start).toMatchObject({ OrderID: Order.OrderID, PaymentStatus: 'pending', Fps: { AmountHKD: seatPrice.HKD } });
    await payFps(start.PaymentID!);
    expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID}/pay`, { method: 'POST' })).status).toBe(400);

    const inRoom = (await t.call(getUserOngoingGathering, {}, auth(guest))).Gathering;
    expect(inRoom).toMatchObject({ GatheringID: G, IAmIn: true, HasTicket: false, PlacesLeft: seats - 1 });
    expect(inRoom?.MyPlaceOrder).toBeUndefined();
    const rows = await attendeeRows(G, await userIdOf(Order.OrderID));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ticketId: null, leftAt: null });
    expect(await seatsLeftOf(SESSION)).toBe(seats - 1);
    expect((await t.call(listUnpaidOrders, {}, auth(guest))).OrderList).toEqual([]);
    // Paying again answers it is paid; buying again is refused.
    expect((await post('create-gathering-payment', { GatheringID: G, PaymentMethod: 'FPS' }, guest)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'GatheringID' });
    expect((await post('create-gathering-order', { gatheringID: G }, guest)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
    // Having left, a paid walk-in has bought their place already.
    await t.call(quitOngoingGathering, { gatheringID: G }, auth(guest));
    expect((await post('create-gathering-order', { gatheringID: G }, guest)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
  });

  it('keeps one unpaid order for a double tap; cancelling gives the seat back', async () => {
    const { gatheringId, varianceId } = await newGathering(3);
    const guest = await walkIn();
    const body = { gatheringID: gatheringId, PaymentMethod: 'FPS' as const };
    const [a, b] = await Promise.all([t.call(createGatheringOrder, body, auth(guest)), t.call(createGatheringOrder, body, auth(guest))]);
    expect(a.Order.OrderID).toBe(b.Order.OrderID);
    expect(await seatsLeftOf(varianceId)).toBe(2);
    expect((await t.call(createGatheringOrder, body, auth(guest))).Order.OrderID).toBe(a.Order.OrderID);
    expect((await t.call(listUnpaidOrders, {}, auth(guest))).OrderList.map((o) => o.OrderID)).toEqual([a.Order.OrderID]);

    // Asked in another currency: the new order replaces the unpaid one, still one seat held.
    const usd = (await t.call(createGatheringOrder, { ...body, Currency: 'USD' }, auth(guest))).Order;
    expect(usd.OrderID).not.toBe(a.Order.OrderID);
    expect(usd.orderDetail.Total).toBe(seatPrice.USD);
    expect(await seatsLeftOf(varianceId)).toBe(2);

    const cancelled = await t.call(cancelGatheringOrder, { gatheringID: gatheringId }, auth(guest));
    expect(cancelled.Order).toMatchObject({ OrderID: usd.OrderID, PaymentStatus: 'Cancelled' });
    expect(await seatsLeftOf(varianceId)).toBe(3);
    expect((await post('cancel-gathering-order', { gatheringID: gatheringId }, guest)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'gatheringID' });
    expect((await t.call(getGatheringInfo, { gatheringID: gatheringId }, auth(guest))).Gathering.MyPlaceOrder).toBeUndefined();
  });

  it('refuses a member in the room or holding a ticket, a gathering not going on, and one with no seat left', async () => {
    const demo = await startSession(t.deps, demoMember.id);
    const seats = await seatsLeftOf(SESSION);
    expect((await post('create-gathering-order', { gatheringID: G }, demo)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent', field: 'gatheringID' });
    // Out of the room, the demo member still holds their ticket.
    await t.call(quitOngoingGathering, { gatheringID: G }, auth(demo));
    expect((await post('create-gathering-order', { gatheringID: G }, demo)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
    const [inRoom] = await members(1, { inRoomOf: G });
    expect((await post('create-gathering-order', { gatheringID: G }, inRoom!)).json).toMatchObject({ ErrorCode: 'UserAlreadyJoinedTheEvent' });
    expect(await seatsLeftOf(SESSION)).toBe(seats);

    const guest = await walkIn();
    for (const status of ['Closed', 'Scheduled'] as const) {
      const { gatheringId, varianceId } = await newGathering(4, status);
      expect((await post('create-gathering-order', { gatheringID: gatheringId }, guest)).json).toMatchObject({ ErrorCode: 'GatheringClosed' });
      expect(await seatsLeftOf(varianceId)).toBe(4);
    }
    expect((await post('create-gathering-order', { gatheringID: 'gth-none' }, guest)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    const full = await newGathering(0);
    expect((await post('create-gathering-order', { gatheringID: full.gatheringId }, guest)).json).toMatchObject({ ErrorCode: 'OutOfStock', SpacesLeft: 0 });
    expect((await t.call(listUnpaidOrders, {}, auth(guest))).OrderList).toEqual([]);
  });
});

describe('a walk-in’s coupon', () => {
  it('lowers the total with a good coupon, answers 70600 to a bad one, and is taken off again', async () => {
    const { gatheringId } = await newGathering(3);
    const guest = await walkIn();
    await t.call(createGatheringOrder, { gatheringID: gatheringId, PaymentMethod: 'FPS' }, auth(guest));
    const discounted = seatPrice.HKD - Math.round(seatPrice.HKD * 0.15);

    const applied = (await t.call(applyGatheringCoupon, { GatheringID: gatheringId, CouponID: 'teahouse15' }, auth(guest))).Order;
    expect(applied).toMatchObject({ CouponID: 'TEAHOUSE15', orderDetail: { SubTotal: seatPrice.HKD, Total: discounted, Coupon: { CouponID: 'TEAHOUSE15' } } });
    expect(applied.orderDetail.Discount).toBeGreaterThan(0);
    const bad = await post('apply-gathering-coupon', { GatheringID: gatheringId, CouponID: 'NOSUCHCODE' }, guest);
    expect(bad).toMatchObject({ status: 400, json: { ErrorCode: '70600', field: 'CouponID', reason: 'NotFound' } });
    const expired = await post('apply-gathering-coupon', { GatheringID: gatheringId, CouponID: 'EXPIRED2025' }, guest);
    expect(expired.json).toMatchObject({ ErrorCode: '70600' });
    // The refusal left the good coupon on.
    expect((await t.call(getGatheringInfo, { gatheringID: gatheringId }, auth(guest))).Gathering.MyPlaceOrder?.orderDetail.Total).toBe(discounted);

    const removed = (await t.call(cancelGatheringCoupon, { gatheringID: gatheringId }, auth(guest))).Order;
    expect(removed.CouponID).toBeUndefined();
    expect(removed.orderDetail).toMatchObject({ Total: seatPrice.HKD, Discount: 0 });

    // A coupon given with the payment is applied first: the QR asks for the lower total; a bad one is refused.
    expect((await post('create-gathering-payment', { GatheringID: gatheringId, PaymentMethod: 'FPS', CouponID: 'NOSUCHCODE' }, guest)).json).toMatchObject({ ErrorCode: '70600' });
    const start = await t.call(createGatheringPayment, { GatheringID: gatheringId, PaymentMethod: 'FPS', CouponID: 'teahouse15' }, auth(guest));
    expect(start.Fps?.AmountHKD).toBe(discounted);
  });
});

describe('whose place it is', () => {
  it('one member cannot pay, cancel or price another’s place: they have none there', async () => {
    const { gatheringId, varianceId } = await newGathering(3);
    const [owner, other] = await members(2);
    const { Order } = await t.call(createGatheringOrder, { gatheringID: gatheringId, PaymentMethod: 'FPS' }, auth(owner!));
    for (const [call, body] of [
      ['create-gathering-payment', { GatheringID: gatheringId, PaymentMethod: 'FPS' }],
      ['apply-gathering-coupon', { GatheringID: gatheringId, CouponID: 'TEAHOUSE15' }],
      ['cancel-gathering-coupon', { gatheringID: gatheringId }],
      ['cancel-gathering-order', { gatheringID: gatheringId }],
    ] as const) {
      expect((await post(call, body, other!)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    }
    expect((await t.call(getGatheringInfo, { gatheringID: gatheringId }, auth(other!))).Gathering.MyPlaceOrder).toBeUndefined();
    expect((await t.call(getGatheringInfo, { gatheringID: gatheringId }, auth(owner!))).Gathering.MyPlaceOrder).toMatchObject({ OrderID: Order.OrderID, PaymentStatus: 'WaitForPayment' });
    expect(await seatsLeftOf(varianceId)).toBe(2);
  });

  it('get-gathering-order reads the member’s own place by id; another member’s, or another kind’s order, is not found', async () => {
    const { gatheringId } = await newGathering(3);
    const [owner, other] = await members(2);
    const { Order } = await t.call(createGatheringOrder, { gatheringID: gatheringId, PaymentMethod: 'FPS' }, auth(owner!));
    const read = (await t.call(getGatheringOrder, { orderID: Order.OrderID }, auth(owner!))).Order;
    expect(read).toEqual(Order);
    const notTheirs = await post('get-gathering-order', { orderID: Order.OrderID }, other!);
    expect(notTheirs).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });
    expect((await post('get-gathering-order', { orderID: 'ord-none' }, owner!)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    // A gathering’s product order is not a place.
    const [inRoom] = await members(1, { inRoomOf: G });
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: SEED_POURS[0].productId, quantity: 1 }] }, auth(inRoom!));
    const product = (await t.call(createProductOrder, { product: { gatheringID: G }, PaymentMethod: 'FPS' }, auth(inRoom!))).Order;
    expect((await post('get-gathering-order', { orderID: product.OrderID }, inRoom!)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    // Paid, it reads as paid.
    const start = await t.call(createGatheringPayment, { GatheringID: gatheringId, PaymentMethod: 'FPS' }, auth(owner!));
    await payFps(start.PaymentID!);
    expect((await t.call(getGatheringOrder, { orderID: Order.OrderID }, auth(owner!))).Order).toMatchObject({ OrderID: Order.OrderID, GatheringID: gatheringId, PaymentStatus: 'Paid' });
  });

  it('answers bad input with 400 naming the field', async () => {
    const guest = await walkIn();
    const cases: Array<[string, unknown, RegExp]> = [
      ['create-gathering-order', {}, /gatheringID/],
      ['create-gathering-order', { gatheringID: 7 }, /gatheringID/],
      ['create-gathering-order', { gatheringID: G, AgeConfirmed: 'yes' }, /AgeConfirmed/],
      ['create-gathering-order', { gatheringID: G, Currency: 'EUR' }, /Currency/],
      ['cancel-gathering-order', { GatheringID: G }, /gatheringID/],
      ['create-gathering-payment', { GatheringID: G }, /PaymentMethod/],
      ['create-gathering-payment', { GatheringID: G, PaymentMethod: 'Cash' }, /PaymentMethod/],
      ['create-gathering-payment', { gatheringID: G, PaymentMethod: 'FPS' }, /GatheringID/],
      ['create-gathering-payment', { GatheringID: G, PaymentMethod: 'FPS', CouponID: 15 }, /CouponID/],
      ['apply-gathering-coupon', { GatheringID: G }, /CouponID/],
      ['apply-gathering-coupon', { GatheringID: [G], CouponID: 'TEAHOUSE15' }, /GatheringID/],
      ['cancel-gathering-coupon', {}, /gatheringID/],
      ['get-gathering-order', {}, /orderID/],
      ['get-gathering-order', { orderID: 12 }, /orderID/],
    ];
    for (const [call, body, field] of cases) {
      const answer = await post(call, body, guest);
      expect(answer.status, `${call} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json?.field, `${call} ${JSON.stringify(body)}`).toMatch(field);
    }
  });
});

describe('list-unpaid-orders', () => {
  it('lists a gathering’s product order as a product order beside a walk-in’s place', async () => {
    const [inRoom] = await members(1, { inRoomOf: G });
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: SEED_POURS[1].productId, quantity: 1 }] }, auth(inRoom!));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G }, PaymentMethod: 'FPS' }, auth(inRoom!));
    const { gatheringId } = await newGathering(2);
    const place = (await t.call(createGatheringOrder, { gatheringID: gatheringId }, auth(inRoom!))).Order;
    const listed = (await t.call(listUnpaidOrders, {}, auth(inRoom!))).OrderList;
    expect(listed.map((o) => [o.Kind, o.OrderID]).sort()).toEqual(
      [
        ['gathering', place.OrderID],
        ['product', Order.OrderID],
      ].sort(),
    );
    expect(listed.find((o) => o.Kind === 'product')).toMatchObject({ Title: Order.ProductList[0]!.Name, Total: SEED_POURS[1].priceHkd });
  });
});

describe('a walk-in’s hold', () => {
  it('expires unpaid after ten minutes and gives the seat back', async () => {
    const { gatheringId, varianceId } = await newGathering(2);
    const guest = await walkIn();
    // A card's window is longer: the place holds ten minutes at most.
    const { Order } = await t.call(createGatheringOrder, { gatheringID: gatheringId }, auth(guest));
    expect(new Date(Order.PayBefore!).getTime() - now).toBe(10 * 60_000);
    expect(await seatsLeftOf(varianceId)).toBe(1);
    now += 11 * 60_000;
    const info = (await t.call(getGatheringInfo, { gatheringID: gatheringId }, auth(guest))).Gathering;
    expect(info.MyPlaceOrder).toBeUndefined();
    expect(info.PlacesLeft).toBe(2);
    expect(await seatsLeftOf(varianceId)).toBe(2);
    expect((await t.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, Order.OrderID)))[0]!.s).toBe('Expired');
    expect((await post('create-gathering-payment', { GatheringID: gatheringId, PaymentMethod: 'FPS' }, guest)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });

  it('lets exactly the seats left go when more walk-ins buy the last of them at once', async () => {
    const left = 3;
    const { gatheringId, varianceId } = await newGathering(left);
    const guests = await members(left + 5);
    const answers = await Promise.all(guests.map((g) => post('create-gathering-order', { gatheringID: gatheringId }, g)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(left);
    expect(answers.filter((a) => a.json?.ErrorCode === 'OutOfStock')).toHaveLength(5);
    expect(await seatsLeftOf(varianceId)).toBe(0);
  });
});
