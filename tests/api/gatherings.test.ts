import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserShoppingCart,
  clearUserShoppingCart,
  getGatheringInfo,
  getGatheringProduct,
  getUserOngoingGathering,
  getUserShoppingCart,
  listGatheringProduct,
  quitOngoingGathering,
  removeUserShoppingCart,
  simpleListOngoingGathering,
  updateUserShoppingCartQuantity,
  type TokenSet,
} from '../../contract/index.ts';
import { gatheringAttendees, gatherings, users } from '../../server/db/schema.ts';
import { SEED_GATHERING_ID, SEED_POURS } from '../../server/db/seed/gathering-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
let t: TestApp;
let demo: TokenSet;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 60_000) } });
  demo = await startSession(t.deps, demoMember.id);
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens?: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(tokens ? auth(tokens) : {}) } });

async function member(inRoom: boolean): Promise<TokenSet> {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `room.${id}@example.com`, passwordHash: 'x', givenName: 'Room', familyName: 'Guest', emailVerified: true, createdAt: SEED_NOW });
  if (inRoom) await t.db.insert(gatheringAttendees).values({ gatheringId: G, userId: id, checkedInAt: SEED_NOW });
  return startSession(t.deps, id);
}

describe('gatherings as a member sees them', () => {
  it('the demo member is in tonight’s gathering, by their ticket; a stranger sees it going on but is not in', async () => {
    const { Gathering } = await t.call(getUserOngoingGathering, {}, auth(demo));
    expect(Gathering).toMatchObject({ GatheringID: G, Status: 'Ongoing', IAmIn: true, HasTicket: true, AttendeeCount: 3, Title: { en: 'Matcha Whisking Workshop' } });
    const stranger = await member(false);
    expect(await t.call(getUserOngoingGathering, {}, auth(stranger))).toEqual({});
    const listed = await t.call(simpleListOngoingGathering, {}, auth(stranger));
    expect(listed.GatheringList.map((g) => [g.GatheringID, g.IAmIn, g.HasTicket])).toEqual([[G, false, false]]);
    expect((await post('get-gathering-info', { gatheringID: 'gth-none' }, stranger)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await post('get-user-ongoing-gathering', {})).status).toBe(401);
  });

  it('lists tonight’s pours at the gathering’s price beside the web shop’s, in either currency', async () => {
    const { ProductList } = await t.call(listGatheringProduct, { gatheringID: G }, auth(demo));
    expect(ProductList.map((p) => [p.ProductID, p.Price, p.Remaining, p.SetAside])).toEqual(SEED_POURS.map((p) => [p.productId, p.priceHkd, p.setAside, p.setAside]));
    expect(ProductList.every((p) => p.Price < p.OnlinePrice && p.Currency === 'HKD')).toBe(true);
    const usd = await t.call(getGatheringProduct, { gatheringID: G, productID: 'tea-gyokuro', Currency: 'USD' }, auth(demo));
    expect(usd.Product).toMatchObject({ Price: SEED_POURS[0].priceUsd, Currency: 'USD', VarianceID: 'tea-gyokuro-50g', Description: { en: expect.stringContaining('Yame') } });
    expect((await post('get-gathering-product', { gatheringID: G, productID: 'tea-tieguanyin' }, demo)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });
});

describe('the cart at a gathering', () => {
  it('adds up, sets, removes and clears a member’s lines, with the gathering’s prices', async () => {
    const guest = await member(true);
    await t.call(addUserShoppingCart, { gatheringID: G, gatheringType: 'gathering', productList: [{ productID: 'tea-gyokuro', quantity: 2 }, { productID: 'tea-sencha', quantity: 1 }] }, auth(guest));
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-gyokuro', quantity: 1 }] }, auth(guest));
    let cart = (await t.call(getUserShoppingCart, { Currency: 'HKD' }, auth(guest))).CartList;
    expect(cart).toHaveLength(1);
    expect(cart[0]!.ProductList.map((l) => [l.ProductID, l.Quantity, l.LineTotal]).sort()).toEqual(
      [
        ['tea-gyokuro', 3, 3 * SEED_POURS[0].priceHkd],
        ['tea-sencha', 1, SEED_POURS[1].priceHkd],
      ].sort(),
    );
    expect(cart[0]!.SubTotal).toBe(3 * SEED_POURS[0].priceHkd + SEED_POURS[1].priceHkd);

    await t.call(updateUserShoppingCartQuantity, { gatheringID: G, productID: 'tea-gyokuro', quantity: 5 }, auth(guest));
    await t.call(updateUserShoppingCartQuantity, { gatheringID: G, productID: 'tea-sencha', quantity: 0 }, auth(guest));
    cart = (await t.call(getUserShoppingCart, {}, auth(guest))).CartList;
    expect(cart[0]!.ProductList.map((l) => [l.ProductID, l.Quantity])).toEqual([['tea-gyokuro', 5]]);
    await t.call(removeUserShoppingCart, { gatheringID: G, productID: 'tea-gyokuro' }, auth(guest));
    // Again: a double tap changes nothing.
    await t.call(removeUserShoppingCart, { gatheringID: G, productID: 'tea-gyokuro' }, auth(guest));
    expect((await t.call(getUserShoppingCart, {}, auth(guest))).CartList).toEqual([]);

    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-long-jing', quantity: 2 }] }, auth(guest));
    await t.call(clearUserShoppingCart, {}, auth(guest));
    expect((await t.call(getUserShoppingCart, {}, auth(guest))).CartList).toEqual([]);
  });

  it('refuses more than is left tonight, a product not poured, and bad quantities, naming the field', async () => {
    const guest = await member(true);
    const over = await post('add-user-shopping-cart', { gatheringID: G, productList: [{ productID: 'tea-long-jing', quantity: SEED_POURS[2].setAside + 1 }] }, guest);
    expect(over.json).toMatchObject({ ErrorCode: 'OutOfStock', field: 'quantity', ProductID: 'tea-long-jing' });
    const notPoured = await post('add-user-shopping-cart', { gatheringID: G, productList: [{ productID: 'tea-tieguanyin', quantity: 1 }] }, guest);
    expect(notPoured.json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'productID' });
    for (const quantity of [0, 21, 1.5, '2']) {
      const bad = await post('add-user-shopping-cart', { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity }] }, guest);
      expect(bad.status, String(quantity)).toBe(400);
      expect(bad.json?.field, String(quantity)).toMatch(/quantity/);
    }
    expect((await post('update-user-shopping-cart-quantity', { gatheringID: G, productID: 'tea-sencha', quantity: 2 }, guest)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await t.call(getUserShoppingCart, {}, auth(guest))).CartList).toEqual([]);
  });

  it('adds from two requests at once both count (one member’s cart changes one at a time)', async () => {
    const guest = await member(true);
    await Promise.all(Array.from({ length: 4 }, () => t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 2 }] }, auth(guest))));
    const cart = (await t.call(getUserShoppingCart, {}, auth(guest))).CartList;
    expect(cart[0]!.ProductList[0]!.Quantity).toBe(8);
  });

  it('is each member’s own: another member neither sees nor changes it', async () => {
    const [one, two] = [await member(true), await member(true)];
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 1 }] }, auth(one));
    expect((await t.call(getUserShoppingCart, {}, auth(two))).CartList).toEqual([]);
    await t.call(clearUserShoppingCart, {}, auth(two));
    await t.call(removeUserShoppingCart, { gatheringID: G, productID: 'tea-sencha' }, auth(two));
    expect((await t.call(getUserShoppingCart, {}, auth(one))).CartList[0]!.ProductList).toHaveLength(1);
  });

  it('needs the member in the room of a gathering going on: not checked in, left, or closed', async () => {
    const outsider = await member(false);
    const line = { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 1 }] };
    expect((await post('add-user-shopping-cart', line, outsider)).json).toMatchObject({ ErrorCode: 'NotInGathering', field: 'gatheringID' });
    expect((await post('quit-ongoing-gathering', { gatheringID: G }, outsider)).json).toMatchObject({ ErrorCode: 'NotInGathering' });

    const leaving = await member(true);
    const left = await t.call(quitOngoingGathering, { gatheringID: G }, auth(leaving));
    expect(left.Gathering).toMatchObject({ IAmIn: false, CheckedInAt: SEED_NOW.toISOString() });
    expect((await t.call(quitOngoingGathering, { gatheringID: G }, auth(leaving))).Gathering.IAmIn).toBe(false);
    expect(await t.call(getUserOngoingGathering, {}, auth(leaving))).toEqual({});
    expect((await post('add-user-shopping-cart', line, leaving)).json).toMatchObject({ ErrorCode: 'NotInGathering' });

    const inside = await member(true);
    await t.db.update(gatherings).set({ status: 'Closed', closedAt: SEED_NOW }).where(eq(gatherings.id, G));
    try {
      expect((await post('add-user-shopping-cart', line, inside)).json).toMatchObject({ ErrorCode: 'GatheringClosed' });
      expect((await t.call(getGatheringInfo, { gatheringID: G }, auth(inside))).Gathering).toMatchObject({ Status: 'Closed', IAmIn: false });
      expect((await t.call(simpleListOngoingGathering, {}, auth(inside))).GatheringList).toEqual([]);
    } finally {
      await t.db.update(gatherings).set({ status: 'Ongoing', closedAt: null }).where(eq(gatherings.id, G));
    }
  });
});
