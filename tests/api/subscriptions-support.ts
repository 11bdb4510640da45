/**
 * What the box-set subscription tests share (subscriptions-subscribing.test.ts, subscriptions-renewals.test.ts):
 * one test app per file on the file's own clock (coupons kept valid however far the tests move it), members
 * subscribed by card or by FPS, and reads of their records, cycles' orders, mails and SVIP flag. Subscriptions
 * a test made are cancelled after it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  cancelSubscription,
  createSubscription,
  getSubscriptionOrder,
  getSubscriptionRecord,
  userGetInfo,
  type CallBodyInput,
  type SubscriptionRecord,
} from '../../contract/index.ts';
import { coupons, orders, subscriptionCycles } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, deliverWebhooks, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** The test app of the file that imports this (each test file is a module graph of its own), opened by openSubscriptionsTestApp. */
export let t: TestApp;

/** The monthly plan's box: one Coffee Discovery Box (whole bean). */
export const MONTHLY_BOX = 'boxset-coffee-discovery-beans';

export type SubscribeBody = CallBodyInput<typeof createSubscription>;
export const subscribeBody = (more: Partial<SubscribeBody> = {}): SubscribeBody => ({
  Language: 'en',
  Currency: 'HKD',
  PaymentMethod: 'FPS',
  SubscriptionID: PLANS.month,
  ...more,
});
export const payQr = (paymentId: string) => t.raw(`/api/payments/sandbox/fps/${paymentId}/pay`, { method: 'POST' });
export const recordOf = async (m: Shopper, RecordID: string) => (await t.call(getSubscriptionOrder, { RecordID }, auth(m))).Record;
export const recordsOf = async (m: Shopper, Tab?: 'ongoing' | 'ended') => (await t.call(getSubscriptionRecord, Tab ? { Tab } : {}, auth(m))).RecordList;
export const subscribed = async (m: Shopper) => (await t.call(userGetInfo, { accessToken: m.accessToken }, auth(m))).checking.Subscribed;
export const subjects = async (m: Shopper) => (await mails(t, m.email)).map((mail) => mail.subject);
export const ordersOfSubscription = (RecordID: string) =>
  t.db
    .select({ cycle: subscriptionCycles.cycle, status: orders.paymentStatus, attempts: subscriptionCycles.attempts, orderId: orders.id })
    .from(subscriptionCycles)
    .innerJoin(orders, eq(orders.id, subscriptionCycles.orderId))
    .where(eq(subscriptionCycles.subscriptionId, RecordID))
    .orderBy(subscriptionCycles.cycle);

/** A member subscribed by card to the monthly plan (paid at once); the record. */
export async function cardSubscriber(card: string = CARDS.visa): Promise<{ m: Shopper; record: SubscriptionRecord; cardId: string }> {
  const m = await shopper(t);
  const cardId = await saveCard(t, m, card);
  const start = await t.call(createSubscription, subscribeBody({ PaymentMethod: 'CreditCard', PaymentMethodID: cardId }), auth(m));
  expect(start.PaymentStatus).toBe('succeeded');
  live.push({ m, RecordID: start.RecordID });
  return { m, record: await recordOf(m, start.RecordID), cardId };
}

/** A member subscribed by FPS, the QR paid and the bank's notice delivered. */
export async function fpsSubscriber(): Promise<{ m: Shopper; record: SubscriptionRecord }> {
  const m = await shopper(t);
  const start = await t.call(createSubscription, subscribeBody(), auth(m));
  expect(start.PaymentStatus).toBe('pending');
  expect((await payQr(start.PaymentID!)).status).toBe(200);
  await deliverWebhooks(t);
  live.push({ m, RecordID: start.RecordID });
  return { m, record: await recordOf(m, start.RecordID) };
}

export const at = (iso: string | undefined, days = 0) => new Date(iso!).getTime() + days * DAY;

/**
 * Subscriptions a test made: cancelled after it, so that moving the clock in a later test renews none of them
 * (their boxes would take stock that test counts).
 */
export const live: Array<{ m: Shopper; RecordID: string }> = [];

/**
 * Opens the file's test app before its tests, on the file's clock (`now`, which the tests move), cancels the
 * subscriptions each test left live after it, and closes the app after the file. Call once, at the top of the file.
 */
export function openSubscriptionsTestApp(now: () => number) {
  afterEach(async () => {
    for (const { m, RecordID } of live.splice(0)) await t.call(cancelSubscription, { OrderID: RecordID }, auth(m));
  });

  beforeAll(async () => {
    // Id tokens outlive the test's moves in time (a year and more).
    t = await createTestApp({ clock: { now: () => new Date(now()) }, idTokenSeconds: 3 * 365 * 24 * 3600 });
    await t.db.update(coupons).set({ validUntil: new Date(SEED_NOW.getTime() + 5 * 365 * DAY) });
  });
  afterAll(() => t.close());
}
