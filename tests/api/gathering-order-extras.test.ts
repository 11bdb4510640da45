/**
 * A table's order beyond the pickup paid by FPS (issue 31): delivered to the member's address with its shipping,
 * a coupon applied and removed with the product-order calls at tonight's prices, and paid by card.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserShoppingCart,
  applyProductCoupon,
  cancelProductCoupon,
  cancelProductOrder,
  createProductOrder,
  createProductPayment,
  getProductOrder,
  listUserGatheringOrder,
} from '../../contract/index.ts';
import { gatheringAttendees, gatheringPours, sandboxPayments } from '../../server/db/schema.ts';
import { SEED_GATHERING_ID, SEED_POURS } from '../../server/db/seed/gathering-data.ts';
import { auth, CARDS, HONG_KONG_ADDRESS, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
const [GYOKURO, SENCHA] = SEED_POURS;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 60_000) } });
});
afterAll(() => t.close());

async function inRoom(options: { address?: boolean } = {}): Promise<Shopper> {
  const m = await shopper(t, options);
  await t.db.insert(gatheringAttendees).values({ gatheringId: G, userId: m.userId, checkedInAt: SEED_NOW });
  return m;
}

const remainingOf = async (productId: string) =>
  (await t.db.select({ remaining: gatheringPours.remaining }).from(gatheringPours).where(and(eq(gatheringPours.gatheringId, G), eq(gatheringPours.productId, productId))))[0]!.remaining;

const post = (call: string, body: unknown, m: Shopper) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(m) } });

describe('picked up or delivered', () => {
  it('is picked up at the venue by default: no address, no shipping, the gathering named', async () => {
    const m = await inRoom();
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: SENCHA.productId, quantity: 1 }] }, auth(m));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G } }, auth(m));
    expect(Order.DeliveryAddress).toBeUndefined();
    expect(Order.GatheringID).toBe(G);
    expect(Order.orderDetail).toMatchObject({ ShippingFee: 0, Total: SENCHA.priceHkd });
    expect((await t.call(listUserGatheringOrder, {}, auth(m))).OrderList[0]).toMatchObject({ OrderID: Order.OrderID, GatheringID: G });
    await t.call(cancelProductOrder, { orderID: Order.OrderID }, auth(m));
  });

  it('is shipped to the member’s address with its shipping fee when asked for delivery', async () => {
    const m = await inRoom();
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: SENCHA.productId, quantity: 1 }] }, auth(m));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G, delivery: true } }, auth(m));
    expect(Order.DeliveryAddress).toMatchObject({ address1: HONG_KONG_ADDRESS.address1, CountryID: 'HK' });
    expect(Order.GatheringID).toBe(G);
    expect(Order.orderDetail.SubTotal).toBe(SENCHA.priceHkd);
    expect(Order.orderDetail.Total).toBe(Order.orderDetail.SubTotal + Order.orderDetail.ShippingFee);
    // FPS pays the same total in HKD.
    const start = await t.call(createProductPayment, { PaymentMethod: 'FPS', OrderID: Order.OrderID }, auth(m));
    expect(start.Fps?.AmountHKD).toBe(Order.orderDetail.Total);
    await t.call(cancelProductOrder, { orderID: Order.OrderID }, auth(m));
  });

  it('refuses delivery without an address, taking nothing from the room', async () => {
    const m = await inRoom({ address: false });
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: SENCHA.productId, quantity: 1 }] }, auth(m));
    const before = await remainingOf(SENCHA.productId);
    const res = await post('create-product-order', { product: { gatheringID: G, delivery: true } }, m);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ErrorCode: 'DeliveryAddressRequired' });
    expect(await remainingOf(SENCHA.productId)).toBe(before);
    expect((await post('create-product-order', { product: { gatheringID: G, delivery: 'yes' } }, m)).status).toBe(400);
  });
});

describe('a coupon and a card at the table', () => {
  it('applies and removes a coupon at tonight’s prices (the FPS amount too), and refuses a bad one with 70600', async () => {
    const m = await inRoom();
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: GYOKURO.productId, quantity: 1 }] }, auth(m));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G } }, auth(m));
    expect(Order.orderDetail.Total).toBe(GYOKURO.priceHkd);

    const applied = (await t.call(applyProductCoupon, { OrderID: Order.OrderID, CouponID: 'WELCOME10' }, auth(m))).Order;
    expect(applied).toMatchObject({ CouponID: 'WELCOME10', PaymentStatus: 'WaitForPayment', GatheringID: G });
    // 10 % off tonight's price, no shop campaign, nothing shipped.
    expect(applied.orderDetail).toMatchObject({ SubTotal: GYOKURO.priceHkd, ShippingFee: 0, Total: GYOKURO.priceHkd - GYOKURO.priceHkd / 10 });
    const start = await t.call(createProductPayment, { PaymentMethod: 'FPS', OrderID: Order.OrderID }, auth(m));
    expect(start.Fps?.AmountHKD).toBe(applied.orderDetail.Total);

    const refused = await post('apply-product-coupon', { OrderID: Order.OrderID, CouponID: 'NOSUCHCODE' }, m);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ ErrorCode: '70600' });

    const removed = (await t.call(cancelProductCoupon, { orderID: Order.OrderID }, auth(m))).Order;
    expect(removed.CouponID).toBeUndefined();
    expect(removed.orderDetail.Total).toBe(GYOKURO.priceHkd);
    await t.call(cancelProductOrder, { orderID: Order.OrderID }, auth(m));
  });

  it('is paid by card once, even when paying is asked twice', async () => {
    const m = await inRoom();
    const cardID = await saveCard(t, m, CARDS.visa);
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: SENCHA.productId, quantity: 2 }] }, auth(m));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G }, PaymentMethod: 'CreditCard' }, auth(m));
    const [first, second] = await Promise.all([
      post('create-product-payment', { PaymentMethod: 'CreditCard', OrderID: Order.OrderID, CardID: cardID }, m),
      post('create-product-payment', { PaymentMethod: 'CreditCard', OrderID: Order.OrderID, CardID: cardID }, m),
    ]);
    expect([first.status, second.status]).toContain(200);
    const paid = (await t.call(getProductOrder, { orderID: Order.OrderID }, auth(m))).Order;
    expect(paid).toMatchObject({ PaymentStatus: 'Paid', GatheringID: G });
    const charged = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderRef, Order.Reference));
    expect(charged.filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });
});
