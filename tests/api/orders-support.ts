/**
 * What the product order tests share (orders-placing.test.ts, orders-paying.test.ts): the seed's variances
 * they buy, one test app per file on a clock the tests move (a day after the seed, where WELCOME10 and the
 * incense campaign are on), and the calls they repeat: placing from the bag, paying, paying an FPS QR.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { checkout, createProductPayment, type CallBodyInput } from '../../contract/index.ts';
import { couponRedemptions } from '../../server/db/schema.ts';
import { auth, refused, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 24 * 60 * MINUTE;

// Seed variances (server/db/seed/catalogue-data.ts): HKD / USD cents, stock.
export const TIEGUANYIN_50G = 'tea-tieguanyin-50g'; // 16800 / 2150, 120
export const TIEGUANYIN_150G = 'tea-tieguanyin-150g'; // 45800 / 5850, 3
export const HINOKI_40 = 'incense-hinoki-sticks-40'; // 12800 / 1650, 140 (incense: campaign 5 %)
export const ISLAY = 'spirits-islay-single-malt-700ml'; // 52800 / 6750, 36, alcohol
export const GAIWAN = 'equipment-gaiwan-white'; // 12800 / 1650, 150

// A day after the seed: WELCOME10 and the incense campaign are on. Tests move the clock themselves.
export let now = SEED_NOW.getTime() + DAY;
export const later = (ms: number) => {
  now += ms;
};
/** The test app of the file that imports this (each test file is a module graph of its own), opened by openOrdersTestApp. */
export let t: TestApp;

/** Opens the file's test app before its tests, on the clock above, and closes it after them. Call once, at the top of the file. */
export function openOrdersTestApp() {
  beforeAll(async () => {
    // Id tokens outlive the clock moves below.
    t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  });
  afterAll(() => t.close());
}

export type CheckoutBody = CallBodyInput<typeof checkout>;
export const place = (m: Shopper, body: Partial<CheckoutBody> = {}) => {
  later(SECOND); // orders of one member get distinct creation times
  return t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));
};
export const placeRefused = (m: Shopper, body: Partial<CheckoutBody> = {}) =>
  refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, m);
export const pay = (m: Shopper, body: CallBodyInput<typeof createProductPayment>) => t.call(createProductPayment, body, auth(m));
export const payQr = (paymentId: string) => t.raw(`/api/payments/sandbox/fps/${paymentId}/pay`, { method: 'POST' });
export const redemptionsOf = (orderId: string) => t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
