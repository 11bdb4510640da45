import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWishlist, delWishlist, getProduct, getWishlist, SearchAndFilterProduct, type TokenSet } from '../../contract/index.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
let ids: string[];
beforeAll(async () => {
  // Each reading of the clock is a second later, so "newest first" has an order to show.
  t = await createTestApp({ clock: { now: () => new Date((now += 1000)) } });
  ids = (await t.call(SearchAndFilterProduct, { Currency: 'HKD', Size: 3 })).ProductList.map((p) => p.ProductID);
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const list = async (tokens: TokenSet, Currency: 'HKD' | 'USD' = 'HKD') =>
  (await t.call(getWishlist, { Currency }, auth(tokens))).ProductList;

async function post(call: string, body: unknown, headers: Record<string, string> = {}) {
  return t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

describe('wishlist', () => {
  it('adds, lists newest first and removes', async () => {
    const member = await signUpMember(t);
    expect(await list(member)).toEqual([]);
    await t.call(addWishlist, { ProductID: ids[0]! }, auth(member));
    await t.call(addWishlist, { ProductID: ids[1]! }, auth(member));
    expect((await list(member)).map((p) => p.ProductID)).toEqual([ids[1], ids[0]]);
    await t.call(delWishlist, { ProductID: ids[1]! }, auth(member));
    expect((await list(member)).map((p) => p.ProductID)).toEqual([ids[0]]);
  });

  it('adding and removing are idempotent', async () => {
    const member = await signUpMember(t);
    await t.call(addWishlist, { ProductID: ids[0]! }, auth(member));
    await t.call(addWishlist, { ProductID: ids[0]! }, auth(member));
    expect((await list(member)).map((p) => p.ProductID)).toEqual([ids[0]]);
    await t.call(delWishlist, { ProductID: ids[0]! }, auth(member));
    await t.call(delWishlist, { ProductID: ids[0]! }, auth(member));
    await t.call(delWishlist, { ProductID: ids[2]! }, auth(member));
    expect(await list(member)).toEqual([]);
  });

  it('prices the cards in the asked currency', async () => {
    const member = await signUpMember(t);
    await t.call(addWishlist, { ProductID: ids[0]! }, auth(member));
    for (const Currency of ['HKD', 'USD'] as const) {
      const [card] = await list(member, Currency);
      const { Product } = await t.call(getProduct, { ProductID: ids[0]!, Currency });
      expect(card).toMatchObject({ ProductID: ids[0], Currency, Price: Product.Price, Name: Product.Name });
    }
  });

  it('answers ObjectNotFound for an unknown product', async () => {
    const member = await signUpMember(t);
    const r = await post('addWishlist', { ProductID: 'no-such-product' }, auth(member));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound', message: 'Product not found' });
    expect(await list(member)).toEqual([]);
  });

  it("keeps each member's list to themselves", async () => {
    const a = await signUpMember(t);
    const b = await signUpMember(t);
    await t.call(addWishlist, { ProductID: ids[0]! }, auth(a));
    expect(await list(b)).toEqual([]);
    await t.call(delWishlist, { ProductID: ids[0]! }, auth(b));
    expect((await list(a)).map((p) => p.ProductID)).toEqual([ids[0]]);
  });

  it('needs a signed-in member', async () => {
    expect((await post('getWishlist', { Currency: 'HKD' })).status).toBe(401);
    expect((await post('addWishlist', { ProductID: ids[0] })).status).toBe(401);
    expect((await post('delWishlist', { ProductID: ids[0] })).status).toBe(401);
  });
});
