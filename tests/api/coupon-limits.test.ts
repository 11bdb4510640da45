/**
 * Issue 11: coupon codes could be guessed, 100 coupon/apply calls in 0.6 s and none refused. A code that
 * turns out invalid now counts against the member and the client address; past either allowance, typed codes
 * are refused unchecked (70600 TooManyAttempts), wherever a code is typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, couponApply, getShoppingBag } from '../../contract/index.ts';
import { freshClientAddress } from '../support/members.ts';
import { auth, fillBag, refused, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 3600 });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const TIEGUANYIN_50G = 'tea-tieguanyin-50g';

async function apply(m: Shopper, CouponID: string, address: string) {
  const r = await t.raw('/api/coupon/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...auth(m) },
    body: JSON.stringify({ CouponID, Currency: 'HKD' }),
  });
  return { status: r.status, code: r.json?.ErrorCode, reason: r.json?.reason };
}

describe('guessing coupon codes', () => {
  it('refuses a member’s guesses past ten invalid codes, checking none of them, even a real one', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 4 });
    const address = freshClientAddress();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => apply(m, `GUESS${String(i).padStart(4, '0')}`, address)));
    expect(answers.filter((a) => a.reason === 'NotFound')).toHaveLength(10);
    expect(answers.filter((a) => a.reason === 'TooManyAttempts')).toHaveLength(90);
    expect(answers.every((a) => a.status === 400 && a.code === '70600')).toBe(true);

    // A real code is not even looked at now, from any address; the bag itself still reads without one.
    expect(await apply(m, 'WELCOME10', freshClientAddress())).toMatchObject({ code: '70600', reason: 'TooManyAttempts' });
    const withCoupon = await refused(t, 'getShoppingBag', { Currency: 'HKD', CouponID: 'WELCOME10' }, m);
    expect(withCoupon.json).toMatchObject({ ErrorCode: '70600', reason: 'TooManyAttempts' });
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).productList).toHaveLength(1);

    now += 11 * MINUTE;
    expect((await t.call(couponApply, { CouponID: 'WELCOME10', Currency: 'HKD' }, auth(m))).Coupon.CouponID).toBe('WELCOME10');
  });

  it('counts valid codes for nothing', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 4 });
    const address = freshClientAddress();
    for (let i = 0; i < 25; i++) expect((await apply(m, 'WELCOME10', address)).status).toBe(200);
  });

  it('counts guesses made at checkout and on a placed order alike', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 4 });
    const at = async (call: string, body: object) => (await refused(t, call, body, m)).json?.reason;
    for (let i = 0; i < 5; i++) {
      expect(await at('checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: `AT-CHECKOUT-${i}` })).toBe('NotFound');
    }
    const placed = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(m));
    for (let i = 0; i < 5; i++) expect(await at('apply-product-coupon', { OrderID: placed.OrderID, CouponID: `ON-ORDER-${i}` })).toBe('NotFound');
    expect(await at('apply-product-coupon', { OrderID: placed.OrderID, CouponID: 'WELCOME10' })).toBe('TooManyAttempts');
    expect(await at('create-product-payment', { OrderID: placed.OrderID, PaymentMethod: 'FPS', CouponID: 'WELCOME10' })).toBe('TooManyAttempts');
  });

  it('caps guesses from one address spread over many members', async () => {
    const address = freshClientAddress();
    const members = await Promise.all(Array.from({ length: 4 }, () => shopper(t)));
    const reasons: unknown[] = [];
    for (const m of members) for (let i = 0; i < 9; i++) reasons.push((await apply(m, `SPREAD${reasons.length}`, address)).reason);
    // Nine each stays under a member's ten; the address's thirty run out on the fourth member.
    expect(reasons.filter((r) => r === 'NotFound')).toHaveLength(30);
    expect(reasons.slice(30)).toEqual(Array(6).fill('TooManyAttempts'));
  });
});
