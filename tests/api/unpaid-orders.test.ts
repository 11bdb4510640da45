/**
 * list-unpaid-orders (issue 29, 3): an FPS booking left unpaid can be found again. The member's unpaid
 * orders of every kind are listed while their window is open (an event booking and a product order here),
 * with what they are for, their total and until when they can be paid; another member's are not, and an
 * order drops off the list once paid, cancelled or expired.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, checkout, getEventOrder, listUnpaidOrders, newEventCheckOut, type TokenSet } from '../../contract/index.ts';
import { orders } from '../../server/db/schema.ts';
import { auth, deliverWebhooks, fillBag, refused, shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
// An hour after the seed's time, when its sessions are as the seed describes them (tests/support/event-bookings.ts).
const now = SEED_NOW.getTime() + 60 * MINUTE;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t.close());

const unpaidOf = async (member: TokenSet) => (await t.call(listUnpaidOrders, {}, auth(member))).OrderList;

async function fpsBooking(member: TokenSet, VarianceID = 'evs-coffee-cupping-1') {
  return t.call(
    newEventCheckOut,
    { Language: 'en', Currency: 'HKD', VarianceID, NumberOfSeat: 2, PaymentMethod: 'FPS', AgeConfirmed: true },
    auth(member),
  );
}

async function fpsProductOrder(member: TokenSet) {
  await fillBag(t, member, { 'tea-tieguanyin-50g': 1 });
  return t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(member));
}

describe('list-unpaid-orders', () => {
  it("lists the member's unpaid FPS event booking and unpaid product order, with what each is for, and no one else's", async () => {
    const member = await shopper(t);
    const other = await shopper(t);
    const booking = await fpsBooking(member);
    const order = await fpsProductOrder(member);
    const othersOrder = await fpsProductOrder(other);

    const listed = await unpaidOf(member);
    expect(listed.map((o) => o.OrderID).sort()).toEqual([booking.OrderID, order.OrderID].sort());
    const event = listed.find((o) => o.OrderID === booking.OrderID)!;
    const eventOrder = (await t.call(getEventOrder, { orderID: booking.OrderID }, auth(member))).Order;
    expect(event).toMatchObject({
      Kind: 'event',
      Reference: eventOrder.Reference,
      Title: eventOrder.Session.Title,
      Total: eventOrder.orderDetail.Total,
      Currency: 'HKD',
      PaymentMethod: 'FPS',
      PaymentStatus: 'WaitForPayment',
      PayBefore: eventOrder.PayBefore,
    });
    const product = listed.find((o) => o.OrderID === order.OrderID)!;
    expect(product).toMatchObject({ Kind: 'product', Title: { en: 'Anxi Tieguanyin' }, PaymentMethod: 'FPS' });
    expect(new Date(product.PayBefore).getTime()).toBeGreaterThan(now);

    expect((await unpaidOf(other)).map((o) => o.OrderID)).toEqual([othersOrder.OrderID]);
  });

  it('drops an order once it is paid or cancelled', async () => {
    const member = await shopper(t);
    const booking = await fpsBooking(member);
    const order = await fpsProductOrder(member);
    expect(await unpaidOf(member)).toHaveLength(2);

    const paid = await t.raw(`/api/payments/sandbox/fps/${booking.PaymentID!}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    await deliverWebhooks(t);
    expect((await unpaidOf(member)).map((o) => o.OrderID)).toEqual([order.OrderID]);

    await t.call(cancelOrder, { orderID: order.OrderID }, auth(member));
    expect(await unpaidOf(member)).toEqual([]);
  });

  it('drops an order whose window has closed', async () => {
    const member = await shopper(t);
    const booking = await fpsBooking(member, 'evs-coffee-cupping-1');
    const [listed] = await unpaidOf(member);
    expect(listed?.OrderID).toBe(booking.OrderID);
    // The window closes (written behind the app's back: moving the clock 10 minutes on would also expire the sign-in).
    await t.db.update(orders).set({ payBefore: new Date(now - 1) }).where(eq(orders.id, booking.OrderID));
    expect(await unpaidOf(member)).toEqual([]);
    // Expired, not merely hidden: its seats are given back.
    expect((await t.call(getEventOrder, { orderID: booking.OrderID }, auth(member))).Order.PaymentStatus).toBe('Expired');
  });

  it('is a member call', async () => {
    expect((await refused(t, 'list-unpaid-orders', {})).status).toBe(401);
  });
});
