/**
 * Ordering from the table (issue 31; spec §7 create-product-order): a product order of the gathering kind,
 * from the member's cart at the gathering they are in, at tonight's prices, holding tonight's pours and never
 * the web shop's stock, paid and cancelled with the product-order calls.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserShoppingCart,
  cancelProductOrder,
  createProductOrder,
  createProductPayment,
  getProductOrder,
  getUserShoppingCart,
  listUserGatheringOrder,
  listUserProductOrder,
  type TokenSet,
} from '../../contract/index.ts';
import { gatheringAttendees, gatheringPours, products, users, variances } from '../../server/db/schema.ts';
import { SEED_GATHERING_ID, SEED_POURS } from '../../server/db/seed/gathering-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { deliverWebhooks } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
const [GYOKURO, , LONG_JING] = SEED_POURS;
let t: TestApp;
let now = SEED_NOW.getTime() + 60_000;

beforeAll(async () => {
  // Id tokens outlive the clock moved past an order's payment window.
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 24 * 3600 });
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(tokens) } });

async function roomMembers(n: number, inRoom = true): Promise<TokenSet[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id) => ({ id, email: `table.${id}@example.com`, passwordHash: 'x', givenName: 'Table', familyName: 'Guest', emailVerified: true, createdAt: SEED_NOW })));
  if (inRoom) await t.db.insert(gatheringAttendees).values(ids.map((userId) => ({ gatheringId: G, userId, checkedInAt: SEED_NOW })));
  return Promise.all(ids.map((id) => startSession(t.deps, id)));
}

const remainingOf = async (productId: string) =>
  (await t.db.select({ remaining: gatheringPours.remaining }).from(gatheringPours).where(and(eq(gatheringPours.gatheringId, G), eq(gatheringPours.productId, productId))))[0]!.remaining;
const soldCountOf = async (productId: string) => (await t.db.select({ n: products.soldCount }).from(products).where(eq(products.id, productId)))[0]!.n;
const webStockOf = async (varianceId: string) => (await t.db.select({ stock: variances.stock }).from(variances).where(eq(variances.id, varianceId)))[0]!.stock;

describe('ordering from the cart', () => {
  it('places a product order at tonight’s prices from the cart, holding the pours and not the web stock; it reads as a product order', async () => {
    const [guest] = await roomMembers(1);
    const before = { pour: await remainingOf(GYOKURO.productId), web: await webStockOf(GYOKURO.varianceId) };
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: GYOKURO.productId, quantity: 2 }] }, auth(guest!));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G } }, auth(guest!));
    expect(Order).toMatchObject({ PaymentStatus: 'WaitForPayment', Currency: 'HKD' });
    expect(Order.orderDetail.Total).toBe(2 * GYOKURO.priceHkd);
    expect(Order.ProductList.map((l) => [l.ProductID, l.Quantity])).toEqual([[GYOKURO.productId, 2]]);
    expect(await remainingOf(GYOKURO.productId)).toBe(before.pour - 2);
    expect(await webStockOf(GYOKURO.varianceId)).toBe(before.web);
    expect((await t.call(getUserShoppingCart, {}, auth(guest!))).CartList).toEqual([]);
    expect((await t.call(getProductOrder, { orderID: Order.OrderID }, auth(guest!))).Order.OrderID).toBe(Order.OrderID);
    expect((await t.call(listUserProductOrder, {}, auth(guest!))).OrderList.map((o) => o.OrderID)).toEqual([Order.OrderID]);

    // Cancelled: the pours go back to the room.
    await t.call(cancelProductOrder, { orderID: Order.OrderID }, auth(guest!));
    expect(await remainingOf(GYOKURO.productId)).toBe(before.pour);
  });

  it('is paid once by FPS, even when the bank’s notice is delivered again; another member cannot read it', async () => {
    const [guest, other] = await roomMembers(2);
    const sold = await soldCountOf(GYOKURO.productId);
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: GYOKURO.productId, quantity: 1 }] }, auth(guest!));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G }, PaymentMethod: 'FPS' }, auth(guest!));
    const start = await t.call(createProductPayment, { PaymentMethod: 'FPS', OrderID: Order.OrderID }, auth(guest!));
    expect(start.Fps?.AmountHKD).toBe(GYOKURO.priceHkd);
    expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID}/pay`, { method: 'POST' })).status).toBe(200);
    await deliverWebhooks(t);
    await deliverWebhooks(t);
    expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID}/pay`, { method: 'POST' })).status).toBe(400);
    expect((await t.call(getProductOrder, { orderID: Order.OrderID }, auth(guest!))).Order.PaymentStatus).toBe('Paid');
    expect(await soldCountOf(GYOKURO.productId)).toBe(sold + 1);
    expect((await post('get-product-order', { orderID: Order.OrderID }, other!)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await post('cancel-product-order', { orderID: Order.OrderID }, other!)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });

  it('gives the pours back when an unpaid order expires', async () => {
    const [guest] = await roomMembers(1);
    const before = await remainingOf(GYOKURO.productId);
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: GYOKURO.productId, quantity: 1 }] }, auth(guest!));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G } }, auth(guest!));
    expect(await remainingOf(GYOKURO.productId)).toBe(before - 1);
    now += 11 * 60_000;
    expect((await t.call(getProductOrder, { orderID: Order.OrderID }, auth(guest!))).Order.PaymentStatus).toBe('Expired');
    expect(await remainingOf(GYOKURO.productId)).toBe(before);
  });

  it('refuses an empty cart, a member not in the room, and bad input naming the field', async () => {
    const [guest] = await roomMembers(1);
    const [outsider] = await roomMembers(1, false);
    expect((await post('create-product-order', { product: { gatheringID: G } }, guest!)).json).toMatchObject({ ErrorCode: 'ShoppingBagEmpty' });
    expect((await post('create-product-order', { product: { gatheringID: G } }, outsider!)).json).toMatchObject({ ErrorCode: 'NotInGathering' });
    const bad = await post('create-product-order', { product: {} }, guest!);
    expect(bad.status).toBe(400);
    expect(bad.json?.field).toMatch(/gatheringID/);
  });

  it('lists the member’s gathering orders a page at a time, each once, by an opaque key', async () => {
    const [guest] = await roomMembers(1);
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) {
      now += 1_000;
      await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: GYOKURO.productId, quantity: 1 }] }, auth(guest!));
      // Each new order replaces the member's unpaid one (cancelled, its pour given back): all five stay listed.
      placed.unshift((await t.call(createProductOrder, { product: { gatheringID: G } }, auth(guest!))).Order.OrderID);
    }
    const seen: string[] = [];
    let key: string | undefined;
    do {
      const page = await t.call(listUserGatheringOrder, { Size: 2, ...(key ? { LastEvaluatedKey: key } : {}) }, auth(guest!));
      expect(page.OrderList.length).toBeLessThanOrEqual(2);
      seen.push(...page.OrderList.map((o) => o.OrderID));
      key = page.LastEvaluatedKey;
    } while (key);
    expect(seen).toEqual(placed);
    expect((await post('list-user-gathering-order', { LastEvaluatedKey: 'not-a-key' }, guest!)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
  });

  it('lets exactly what is left go when more members order the last of a pour at once than there is', async () => {
    const left = await remainingOf(LONG_JING.productId);
    const web = await webStockOf(LONG_JING.varianceId);
    const guests = await roomMembers(left + 12);
    for (const g of guests) await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: LONG_JING.productId, quantity: 1 }] }, auth(g));
    const answers = await Promise.all(guests.map((g) => post('create-product-order', { product: { gatheringID: G } }, g)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(left);
    expect(answers.filter((a) => a.json?.ErrorCode === 'OutOfStock')).toHaveLength(12);
    expect(await remainingOf(LONG_JING.productId)).toBe(0);
    expect(await webStockOf(LONG_JING.varianceId)).toBe(web);
  });
});
