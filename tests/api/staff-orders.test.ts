/**
 * Issue 32: the back office's orders. Staff list orders of every kind (filtered by kind, status and a reference or
 * e-mail, paged on the server), ship a paid parcel with its tracking number (the member sees it under Completed and
 * is mailed once, even when two people press at once), and cancel an unpaid order (its stock goes back); a paid
 * order is not cancelled here (refunds have their own path). Every change is one audit row.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, staffCancelOrder, staffListOrders, staffShipOrder, type TokenSet } from '../../contract/index.ts';
import { auditLog, orders } from '../../server/db/schema.ts';
import { CANCEL_ORDER_ACTION, SHIP_ORDER_ACTION } from '../../server/services/orders/staff.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { mails, signUpMember } from '../support/members.ts';
import { auth, CARDS, fillBag, HONG_KONG_ADDRESS, orderOf, refused, saveCard, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TEA = 'tea-tieguanyin-50g';

let t: TestApp;
let staff: TokenSet & { email: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpMember(t);
  await setStaffRole(t.deps, { email: staff.email, role: 'staff', actorUserId: null });
});
afterAll(() => t?.close());

async function paidOrder(m: Shopper) {
  await fillBag(t, m, { [TEA]: 2 });
  const CardID = await saveCard(t, m, CARDS.visa);
  const start = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(m));
  expect(start.PaymentStatus).toBe('succeeded');
  return orderOf(t, m, start.OrderID);
}

async function unpaidOrder(m: Shopper, quantity = 1) {
  await fillBag(t, m, { [TEA]: quantity });
  const start = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(m));
  return orderOf(t, m, start.OrderID);
}

/** An order of another kind, written as its kind's placing would leave it (the list reads orders alone). */
async function otherKind(m: Shopper, kind: string, minutesAgo: number, paymentStatus: 'Paid' | 'WaitForPayment' = 'Paid', deliveryAddress?: object) {
  const id = `staff-orders-${kind}-${m.userId}`;
  const createdAt = new Date(t.deps.clock.now().getTime() - minutesAgo * 60_000);
  await t.db.insert(orders).values({
    id,
    reference: `SGT${['event', 'subscription', 'gathering', 'gathering-place'].indexOf(kind)}${m.userId.replace(/-/g, '').slice(-12).toUpperCase()}`,
    userId: m.userId,
    kind,
    language: 'en',
    currency: 'HKD',
    paymentMethod: 'CreditCard',
    paymentStatus,
    fulfilmentStatus: paymentStatus === 'Paid' ? 'InProcess' : 'None',
    orderDetail: {},
    total: 10_000,
    createdAt,
    ...(paymentStatus === 'Paid' ? { paidAt: createdAt } : {}),
    ...(deliveryAddress ? { deliveryAddress } : {}),
  });
  return id;
}

const auditRows = (action: string, orderId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `order:${orderId}`)));

const shippedMails = async (email: string) => (await mails(t, email)).filter((x) => x.subject.includes('has shipped'));

describe('staff-list-orders', () => {
  it('lists orders of every kind newest first, filtered by kind, status and query, and pages each once by the key', async () => {
    const m = await shopper(t);
    const paid = await paidOrder(m);
    const unpaid = await unpaidOrder(m);
    const others = {
      event: await otherKind(m, 'event', 10),
      subscription: await otherKind(m, 'subscription', 20),
      gathering: await otherKind(m, 'gathering', 30),
      'gathering-place': await otherKind(m, 'gathering-place', 40, 'WaitForPayment'),
    };
    const list = async (body: Parameters<typeof t.call<typeof staffListOrders>>[1]) => t.call(staffListOrders, body, auth(staff));

    const all = (await list({ Query: m.email })).OrderList;
    expect(all).toHaveLength(6);
    expect(new Set(all.map((o) => o.Kind))).toEqual(new Set(['product', 'event', 'subscription', 'gathering', 'gathering-place']));
    const newestFirst = [...all].sort((a, b) => (a.CreatedAt === b.CreatedAt ? (a.OrderID < b.OrderID ? 1 : -1) : a.CreatedAt < b.CreatedAt ? 1 : -1));
    expect(all.map((o) => o.OrderID)).toEqual(newestFirst.map((o) => o.OrderID));
    expect(all.find((o) => o.OrderID === paid.OrderID)).toEqual({
      OrderID: paid.OrderID,
      Reference: paid.Reference,
      Kind: 'product',
      CreatedAt: paid.CreatedAt,
      PaidAt: paid.PaidAt,
      Member: { UserID: m.userId, Email: m.email, Name: 'Ka Yan Wong' },
      Currency: 'HKD',
      Total: paid.orderDetail.Total,
      PaymentMethod: 'CreditCard',
      PaymentStatus: 'Paid',
      FulfilmentStatus: 'InProcess',
      ItemCount: 2,
    });

    // By kind, by status ("to pack": paid, not shipped), by reference and by the e-mail's beginning.
    expect((await list({ Query: m.email, Kind: 'event' })).OrderList.map((o) => o.OrderID)).toEqual([others.event]);
    expect((await list({ Query: m.email, Kind: 'gathering-place' })).OrderList.map((o) => o.OrderID)).toEqual([others['gathering-place']]);
    const toPack = (await list({ Query: m.email, PaymentStatus: 'Paid', FulfilmentStatus: 'InProcess', Kind: 'product' })).OrderList;
    expect(toPack.map((o) => o.OrderID)).toEqual([paid.OrderID]);
    const waiting = (await list({ Query: m.email, PaymentStatus: 'WaitForPayment' })).OrderList.map((o) => o.OrderID);
    expect(waiting.sort()).toEqual([unpaid.OrderID, others['gathering-place']].sort());
    expect((await list({ Query: paid.Reference.toLowerCase() })).OrderList.map((o) => o.OrderID)).toEqual([paid.OrderID]);
    expect((await list({ Query: paid.Reference.slice(0, -3) })).OrderList.map((o) => o.OrderID)).toContain(paid.OrderID);
    expect((await list({ Query: m.email.slice(0, m.email.indexOf('@')).toUpperCase() })).OrderList).toHaveLength(6);
    expect((await list({ Query: `${m.email}%` })).OrderList).toEqual([]);
    // Across every member, newest first.
    expect((await list({ Size: 100 })).OrderList.length).toBeGreaterThanOrEqual(6);

    const paged: string[] = [];
    const keys = new Set<string>();
    let key: string | undefined;
    do {
      const page = await list({ Query: m.email, Size: 4, ...(key ? { LastEvaluatedKey: key } : {}) });
      expect(page.OrderList.length).toBeLessThanOrEqual(4);
      paged.push(...page.OrderList.map((o) => o.OrderID));
      key = page.LastEvaluatedKey;
      if (key) {
        expect(keys.has(key)).toBe(false);
        keys.add(key);
      }
    } while (key);
    expect(keys.size).toBe(1);
    expect(paged).toEqual(all.map((o) => o.OrderID));
  });
});

describe('staff-ship-order', () => {
  it('ships a paid order with its tracking number: the member sees it under Completed and is mailed once; one audit row', async () => {
    const m = await shopper(t);
    const order = await paidOrder(m);
    const { Order } = await t.call(staffShipOrder, { OrderID: order.OrderID, TrackingNumber: '  SF1234567890  ' }, auth(staff));
    expect(Order).toMatchObject({ OrderID: order.OrderID, PaymentStatus: 'Paid', FulfilmentStatus: 'Completed', TrackingNumber: 'SF1234567890' });
    expect(await orderOf(t, m, order.OrderID)).toMatchObject({ FulfilmentStatus: 'Completed', Tab: 'Completed', TrackingNumber: 'SF1234567890' });
    const shipped = await shippedMails(m.email);
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text).toContain(`Your order ${order.Reference} is on its way.`);

    const again = await refused(t, staffShipOrder.name, { OrderID: order.OrderID, TrackingNumber: 'SF999' }, staff);
    expect(again).toMatchObject({ status: 400, json: { ErrorCode: 'OrderAlreadyShipped', field: 'OrderID' } });
    expect((await orderOf(t, m, order.OrderID)).TrackingNumber).toBe('SF1234567890');
    expect(await shippedMails(m.email)).toHaveLength(1);

    const rows = await auditRows(SHIP_ORDER_ACTION, order.OrderID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: staff.userID,
      before: { Reference: order.Reference, FulfilmentStatus: 'InProcess', TrackingNumber: null },
      after: { Reference: order.Reference, FulfilmentStatus: 'Completed', TrackingNumber: 'SF1234567890' },
    });
  });

  it('ships once when two people press at once: one answer shipped, the other OrderAlreadyShipped, one mail, one audit row', async () => {
    const m = await shopper(t);
    const order = await paidOrder(m);
    const ship = (TrackingNumber: string) => refused(t, staffShipOrder.name, { OrderID: order.OrderID, TrackingNumber }, staff);
    const answers = await Promise.all([ship('TRACK-A'), ship('TRACK-B')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.json.ErrorCode).toBe('OrderAlreadyShipped');
    expect(await shippedMails(m.email)).toHaveLength(1);
    expect(await auditRows(SHIP_ORDER_ACTION, order.OrderID)).toHaveLength(1);
    expect(['TRACK-A', 'TRACK-B']).toContain((await orderOf(t, m, order.OrderID)).TrackingNumber);
  });

  it('ships a gathering order sent to the member’s address, not one picked up at the venue', async () => {
    const delivered = await shopper(t);
    const picked = await shopper(t);
    const sent = await otherKind(delivered, 'gathering', 1, 'Paid', HONG_KONG_ADDRESS);
    const atVenue = await otherKind(picked, 'gathering', 1, 'Paid');
    expect((await t.call(staffShipOrder, { OrderID: sent, TrackingNumber: 'HK-POST-1' }, auth(staff))).Order).toMatchObject({
      Kind: 'gathering',
      FulfilmentStatus: 'Completed',
      TrackingNumber: 'HK-POST-1',
    });
    expect(await shippedMails(delivered.email)).toHaveLength(1);
    expect((await refused(t, staffShipOrder.name, { OrderID: atVenue, TrackingNumber: 'HK-POST-2' }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'OrderID' });
    expect(await shippedMails(picked.email)).toEqual([]);
  });

  it('refuses an unpaid or cancelled order, and an order with nothing to ship, naming OrderID; nothing is mailed or recorded', async () => {
    const m = await shopper(t);
    const unpaid = await unpaidOrder(m);
    expect(await refused(t, staffShipOrder.name, { OrderID: unpaid.OrderID, TrackingNumber: 'SF1' }, staff)).toMatchObject({
      status: 400,
      json: { ErrorCode: 'InvalidParameter', field: 'OrderID' },
    });
    await t.call(staffCancelOrder, { OrderID: unpaid.OrderID, Reason: 'Customer asked by phone' }, auth(staff));
    expect((await refused(t, staffShipOrder.name, { OrderID: unpaid.OrderID, TrackingNumber: 'SF1' }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'OrderID' });
    const event = await otherKind(m, 'event', 5);
    expect((await refused(t, staffShipOrder.name, { OrderID: event, TrackingNumber: 'SF1' }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'OrderID' });
    expect((await refused(t, staffShipOrder.name, { OrderID: 'no-such-order', TrackingNumber: 'SF1' }, staff)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'OrderID' });
    expect(await shippedMails(m.email)).toEqual([]);
    expect(await auditRows(SHIP_ORDER_ACTION, unpaid.OrderID)).toEqual([]);
  });
});

describe('staff-cancel-order', () => {
  it('cancels an unpaid order through the core: its stock goes back, one audit row with the reason', async () => {
    const m = await shopper(t);
    const before = await stockOf(t, TEA);
    const order = await unpaidOrder(m, 3);
    expect(await stockOf(t, TEA)).toBe(before - 3);
    const { Order } = await t.call(staffCancelOrder, { OrderID: order.OrderID, Reason: '  Duplicate order  ' }, auth(staff));
    expect(Order).toMatchObject({ OrderID: order.OrderID, PaymentStatus: 'Cancelled', ItemCount: 3 });
    expect(await stockOf(t, TEA)).toBe(before);
    expect(await orderOf(t, m, order.OrderID)).toMatchObject({ PaymentStatus: 'Cancelled', Tab: 'Cancelled' });

    // Asked again: answered as it is, nothing given back twice, nothing recorded twice.
    expect((await t.call(staffCancelOrder, { OrderID: order.OrderID, Reason: 'Again' }, auth(staff))).Order.PaymentStatus).toBe('Cancelled');
    expect(await stockOf(t, TEA)).toBe(before);
    const rows = await auditRows(CANCEL_ORDER_ACTION, order.OrderID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: staff.userID, before: { PaymentStatus: 'WaitForPayment' }, after: { PaymentStatus: 'Cancelled', Reason: 'Duplicate order' } });
  });

  it('refuses a paid order (its money goes back through a refund), changing nothing', async () => {
    const m = await shopper(t);
    const order = await paidOrder(m);
    const r = await refused(t, staffCancelOrder.name, { OrderID: order.OrderID, Reason: 'Changed mind' }, staff);
    expect(r).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'OrderID' } });
    expect(r.json.message).toMatch(/refund/);
    expect(await orderOf(t, m, order.OrderID)).toMatchObject({ PaymentStatus: 'Paid', FulfilmentStatus: 'InProcess' });
    expect(await auditRows(CANCEL_ORDER_ACTION, order.OrderID)).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    [staffShipOrder.name, { OrderID: 'x', TrackingNumber: '   ' }, 'TrackingNumber'],
    [staffShipOrder.name, { OrderID: 'x', TrackingNumber: 'T'.repeat(61) }, 'TrackingNumber'],
    [staffShipOrder.name, { TrackingNumber: 'SF1' }, 'OrderID'],
    [staffCancelOrder.name, { OrderID: 'x', Reason: '' }, 'Reason'],
    [staffCancelOrder.name, { OrderID: 'x', Reason: 'R'.repeat(501) }, 'Reason'],
    [staffListOrders.name, { Kind: 'parcel' }, 'Kind'],
    [staffListOrders.name, { PaymentStatus: 'Refunded' }, 'PaymentStatus'],
    [staffListOrders.name, { Size: 0 }, 'Size'],
    [staffListOrders.name, { Size: 101 }, 'Size'],
    [staffListOrders.name, { LastEvaluatedKey: 'bm9wZQ' }, 'LastEvaluatedKey'],
  ])('%s %j → 400 naming %s', async (call, body, field) => {
    const r = await refused(t, call, body, staff);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
  });
});
