/**
 * Box-set subscriptions (issue 18): plans and their totals (a delivery address needed, coupons as the bag
 * takes them), subscribing by card and by FPS (the first cycle is an order of the order core), renewals as
 * jobs on a moved clock: by card exactly one paid order per cycle even with two runners at once, a declined
 * card retried 1, 3 and 7 days later then the subscription ended with mails, cancelling (no renewal after the
 * end date, the record moves to ended), FPS through the mailed link paid once however often the bank's notice
 * comes, an FPS renewal left unpaid ending the subscription; nobody else's subscription reachable; bad bodies
 * refused naming the field.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelSubscription,
  createSubscription,
  createSubscriptionPayment,
  getShoppingBag,
  getSubscriptionOrder,
  getSubscriptionPlan,
  getSubscriptionRecord,
  subscriptionCalculate,
  updateSubscriptionDelivery,
  updateSubscriptionPeyment,
  userGetInfo,
  type CallBodyInput,
  type SubscriptionRecord,
} from '../../contract/index.ts';
import { coupons, orders, refundRequests, sandboxPayments, subscriptionCycles, users, variances } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { ordersToShip, shipOrders } from '../../server/services/orders/fulfilment.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { SUBSCRIPTION_RENEW_JOB } from '../../server/services/orders/subscription/lifecycle.ts';
import { renewSubscriptionJob } from '../../server/services/orders/subscription/renewals.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, deliverWebhooks, fillBag, refused, saveCard, setStock, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = SEED_NOW.getTime() + DAY;
let t: TestApp;

/** The monthly plan's box: one Coffee Discovery Box (whole bean). */
const MONTHLY_BOX = 'boxset-coffee-discovery-beans';

type SubscribeBody = CallBodyInput<typeof createSubscription>;
const subscribeBody = (more: Partial<SubscribeBody> = {}): SubscribeBody => ({
  Language: 'en',
  Currency: 'HKD',
  PaymentMethod: 'FPS',
  SubscriptionID: PLANS.month,
  ...more,
});
const payQr = (paymentId: string) => t.raw(`/api/payments/sandbox/fps/${paymentId}/pay`, { method: 'POST' });
const recordOf = async (m: Shopper, RecordID: string) => (await t.call(getSubscriptionOrder, { RecordID }, auth(m))).Record;
const recordsOf = async (m: Shopper, Tab?: 'ongoing' | 'ended') => (await t.call(getSubscriptionRecord, Tab ? { Tab } : {}, auth(m))).RecordList;
const subscribed = async (m: Shopper) => (await t.call(userGetInfo, { accessToken: m.accessToken }, auth(m))).checking.Subscribed;
const subjects = async (m: Shopper) => (await mails(t, m.email)).map((mail) => mail.subject);
const ordersOfSubscription = (RecordID: string) =>
  t.db
    .select({ cycle: subscriptionCycles.cycle, status: orders.paymentStatus, attempts: subscriptionCycles.attempts, orderId: orders.id })
    .from(subscriptionCycles)
    .innerJoin(orders, eq(orders.id, subscriptionCycles.orderId))
    .where(eq(subscriptionCycles.subscriptionId, RecordID))
    .orderBy(subscriptionCycles.cycle);

/** A member subscribed by card to the monthly plan (paid at once); the record. */
async function cardSubscriber(card: string = CARDS.visa): Promise<{ m: Shopper; record: SubscriptionRecord; cardId: string }> {
  const m = await shopper(t);
  const cardId = await saveCard(t, m, card);
  const start = await t.call(createSubscription, subscribeBody({ PaymentMethod: 'CreditCard', PaymentMethodID: cardId }), auth(m));
  expect(start.PaymentStatus).toBe('succeeded');
  live.push({ m, RecordID: start.RecordID });
  return { m, record: await recordOf(m, start.RecordID), cardId };
}

/** A member subscribed by FPS, the QR paid and the bank's notice delivered. */
async function fpsSubscriber(): Promise<{ m: Shopper; record: SubscriptionRecord }> {
  const m = await shopper(t);
  const start = await t.call(createSubscription, subscribeBody(), auth(m));
  expect(start.PaymentStatus).toBe('pending');
  expect((await payQr(start.PaymentID!)).status).toBe(200);
  await deliverWebhooks(t);
  live.push({ m, RecordID: start.RecordID });
  return { m, record: await recordOf(m, start.RecordID) };
}

const at = (iso: string | undefined, days = 0) => new Date(iso!).getTime() + days * DAY;

/**
 * Subscriptions a test made: cancelled after it, so that moving the clock in a later test renews none of them
 * (their boxes would take stock that test counts).
 */
const live: Array<{ m: Shopper; RecordID: string }> = [];
afterEach(async () => {
  for (const { m, RecordID } of live.splice(0)) await t.call(cancelSubscription, { OrderID: RecordID }, auth(m));
});

beforeAll(async () => {
  // Id tokens outlive the test's moves in time (a year and more).
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 3 * 365 * 24 * 3600 });
  await t.db.update(coupons).set({ validUntil: new Date(SEED_NOW.getTime() + 5 * 365 * DAY) });
});
afterAll(() => t.close());

describe('plans and totals', () => {
  it('offers three plans, one per duration, priced in the currency, with the box each holds', async () => {
    const hkd = (await t.call(getSubscriptionPlan, { Currency: 'HKD' })).PlanList;
    expect(hkd.map((p) => [p.SubscriptionID, p.Duration, p.Months])).toEqual([
      [PLANS.month, 'month', 1],
      [PLANS.quarter, 'quarter', 3],
      [PLANS.annual, 'annual', 12],
    ]);
    expect(hkd[0]).toMatchObject({ Currency: 'HKD', Price: 29800, InStock: true, IsAlcohol: false, Name: { en: 'Monthly Discovery Box', zh: '每月探索禮盒' } });
    expect(hkd[0]!.ContentList).toEqual([expect.objectContaining({ VarianceID: MONTHLY_BOX, Quantity: 1, ProductID: 'boxset-coffee-discovery' })]);
    expect(hkd[2]!.ContentList).toHaveLength(4);
    const usd = (await t.call(getSubscriptionPlan, { Currency: 'USD' })).PlanList;
    expect(usd.map((p) => [p.Currency, p.Price])).toEqual([
      ['USD', 3800],
      ['USD', 8000],
      ['USD', 19000],
    ]);
  });

  it('needs a selected delivery address, and prices a cycle for it with shipping, taxes and a coupon', async () => {
    const homeless = await shopper(t, { address: false });
    const noAddress = await refused(t, 'subscription-calculate', { SubscriptionID: PLANS.month, Currency: 'HKD' }, homeless);
    expect(noAddress).toMatchObject({ status: 400, json: { ErrorCode: 'DeliveryAddressRequired' } });
    const subscribing = await refused(t, 'create-subscription', subscribeBody(), homeless);
    expect(subscribing).toMatchObject({ status: 400, json: { ErrorCode: 'DeliveryAddressRequired' } });

    const m = await shopper(t);
    const totals = await t.call(subscriptionCalculate, { SubscriptionID: PLANS.quarter, CountryID: 'HK', Language: 'en', Currency: 'HKD' }, auth(m));
    expect(totals).toMatchObject({ amount: 62800, discount: 0, Currency: 'HKD', DeliveryAddress: { CountryID: 'HK', name: 'Ka Yan Wong' } });
    expect(totals.total).toBe(totals.amount - totals.discount + totals.shipping + totals.tax);
    expect(totals.orderDetail.Total).toBe(totals.total);

    // WELCOME10 (seed): 10 % off anything from HK$200, once per member.
    const discounted = await t.call(subscriptionCalculate, { SubscriptionID: PLANS.quarter, Currency: 'HKD', CountryID: 'HK', CouponID: 'welcome10' }, auth(m));
    expect(discounted).toMatchObject({ amount: 62800, discount: 6280, orderDetail: { Coupon: { CouponID: 'WELCOME10', Discount: 6280 } } });
    expect(discounted.total).toBeLessThan(totals.total);
    const bad = await refused(t, 'subscription-calculate', { SubscriptionID: PLANS.quarter, Currency: 'HKD', CouponID: 'NO-SUCH-COUPON' }, m);
    expect(bad).toMatchObject({ status: 400, json: { ErrorCode: '70600', reason: 'NotFound' } });
    const unknownPlan = await refused(t, 'subscription-calculate', { SubscriptionID: 'no-such-plan', Currency: 'HKD' }, m);
    expect(unknownPlan).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });

    // The coupon discounts the first cycle; cancelling before paying ends a subscription that never started.
    const start = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter, CouponID: 'WELCOME10' }), auth(m));
    const first = await t.call(getSubscriptionOrder, { RecordID: start.OrderID }, auth(m));
    expect(first.Order).toMatchObject({ CouponID: 'WELCOME10', orderDetail: { Discount: 6280, Total: discounted.total } });
    const never = (await t.call(cancelSubscription, { OrderID: start.OrderID }, auth(m))).Record;
    expect(never).toMatchObject({ Status: 'Ended', EndReason: 'NotStarted', Tab: 'ended' });
  });

  it('refuses a box whose sale is stopped, as a bag with it is refused, and takes none of its stock', async () => {
    const m = await shopper(t);
    const stock = await stockOf(t, MONTHLY_BOX);
    await t.db.update(variances).set({ stopSell: true }).where(eq(variances.id, MONTHLY_BOX));
    try {
      const r = await refused(t, 'create-subscription', subscribeBody(), m);
      expect(r).toMatchObject({ status: 400, json: { ErrorCode: 'OutOfStock', field: 'SubscriptionID' } });
      expect(await stockOf(t, MONTHLY_BOX)).toBe(stock);
    } finally {
      await t.db.update(variances).set({ stopSell: false }).where(eq(variances.id, MONTHLY_BOX));
    }
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const m = await shopper(t);
    const cases: Array<[string, unknown, string]> = [
      ['subscription-calculate', { Currency: 'HKD' }, 'SubscriptionID'],
      ['subscription-calculate', { SubscriptionID: PLANS.month, Currency: 'EUR' }, 'Currency'],
      ['create-subscription', { Language: 'en', Currency: 'HKD', SubscriptionID: PLANS.month }, 'PaymentMethod'],
      ['create-subscription', subscribeBody({ PaymentMethod: 'Cash' as never }), 'PaymentMethod'],
      ['create-subscription', subscribeBody({ PaymentMethod: 'CreditCard' }), 'PaymentMethodID'],
      ['create-subscription', subscribeBody({ PaymentMethod: 'CreditCard', PaymentMethodID: 'pm_not_mine' }), 'PaymentMethodID'],
      ['get-subscription-order', {}, 'RecordID'],
      ['update-subscription-delivery', { SubscriptionID: 'sub_x' }, 'DeliveryAddress'],
      ['update-subscription-delivery', { SubscriptionID: 'sub_x', DeliveryAddress: { phone: 'call me' } }, 'DeliveryAddress.phone'],
      ['update-subscription-peyment', { PaymentMethodID: 'pm_x' }, 'SubscriptionID'],
      ['cancel-subscription', { OrderID: 42 }, 'OrderID'],
      ['create-subscription-payment', { OrderID: 'ord_x', PaymentMethod: 'Bitcoin' }, 'PaymentMethod'],
      ['get-subscription-record', { Tab: 'paused' }, 'Tab'],
    ];
    for (const [call, body, field] of cases) {
      const r = await refused(t, call, body, m);
      expect({ call, status: r.status, field: r.json.field }).toEqual({ call, status: 400, field });
      expect(['MissingParameter', 'InvalidParameter']).toContain(r.json.ErrorCode);
    }
  });
});

describe('renewals by card', () => {
  it('bills exactly one paid order per cycle, even with two job runners at once', async () => {
    const stock = await stockOf(t, MONTHLY_BOX);
    const { m, record } = await cardSubscriber();
    expect(record).toMatchObject({ Status: 'Active', Tab: 'ongoing', PaymentMethod: 'CreditCard', Card: { last4: '4242' }, CanCancel: true });
    expect(record.NextBillingDate).toBe(record.EndDate);
    expect(new Date(record.NextBillingDate!).getUTCMonth()).toBe((new Date(now).getUTCMonth() + 1) % 12);
    expect(record.BillingHistory).toHaveLength(1);
    expect(await subscribed(m)).toBe(true);
    expect(await stockOf(t, MONTHLY_BOX)).toBe(stock - 1);
    expect(await subjects(m)).toContain('Your Monthly Discovery Box subscription has started · 你的「每月探索禮盒」訂閱已開始');

    // A day before the billing date: nothing.
    now = at(record.NextBillingDate, -1);
    await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
    expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);

    let billing = record.NextBillingDate;
    for (const cycle of [2, 3]) {
      now = at(billing) + MINUTE;
      const runs = await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      expect(runs.reduce((sum, r) => sum + r.renewedSubscriptions, 0)).toBe(1);
      await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      const billed = await ordersOfSubscription(record.RecordID);
      expect(billed.map((b) => [b.cycle, b.status, b.attempts])).toEqual(
        Array.from({ length: cycle }, (_, i) => [i + 1, 'Paid', i === 0 ? 0 : 1]),
      );
      const renewed = await recordOf(m, record.RecordID);
      expect(renewed).toMatchObject({ Status: 'Active', CurrentPeriodStart: new Date(at(billing)).toISOString() });
      expect(renewed.BillingHistory.map((b) => b.Cycle)).toEqual(Array.from({ length: cycle }, (_, i) => cycle - i));
      expect(new Date(renewed.NextBillingDate!).getTime()).toBeGreaterThan(at(billing) + 27 * DAY);
      billing = renewed.NextBillingDate;
    }
    expect(await stockOf(t, MONTHLY_BOX)).toBe(stock - 3);
    const orderIds = (await ordersOfSubscription(record.RecordID)).map((b) => b.orderId);
    expect(await t.db.select().from(refundRequests).where(sql`${refundRequests.orderId} in ${orderIds}`)).toEqual([]);
    expect((await subjects(m)).filter((s) => s.startsWith('Your Monthly Discovery Box subscription is renewed'))).toHaveLength(2);
    // Each renewal is an order of the member's, with its box.
    const second = await t.call(getSubscriptionOrder, { RecordID: orderIds[1]! }, auth(m));
    expect(second.Order).toMatchObject({ Cycle: 2, PaymentStatus: 'Paid', RecordID: record.RecordID, ProductList: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }] });
  });

  it('places and charges a cycle once even when the renewal itself runs twice at once, outside the queue', async () => {
    const { m, record } = await cardSubscriber();
    now = at(record.NextBillingDate) + MINUTE;
    const job = { kind: SUBSCRIPTION_RENEW_JOB, key: record.RecordID, dueAt: new Date(now), attempts: 1, lastError: null, lockedBy: null, lockedUntil: null, createdAt: new Date(now) };
    const runs = await Promise.all([renewSubscriptionJob(t.deps, job, new Date(now)), renewSubscriptionJob(t.deps, job, new Date(now)), renewSubscriptionJob(t.deps, job, new Date(now))]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const billed = await ordersOfSubscription(record.RecordID);
    expect(billed.map((b) => [b.cycle, b.status, b.attempts])).toEqual([
      [1, 'Paid', 0],
      [2, 'Paid', 1],
    ]);
    const [renewal] = await t.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, billed[1]!.orderId));
    expect(await t.db.select({ id: sandboxPayments.id }).from(sandboxPayments).where(eq(sandboxPayments.orderRef, renewal!.reference))).toHaveLength(1);
    expect((await recordOf(m, record.RecordID)).BillingHistory).toHaveLength(2);
  });

  it('retries a declined renewal 1, 3 and 7 days later, mailing each time, then ends the subscription saying why', async () => {
    const { m, record } = await cardSubscriber();
    const declining = await saveCard(t, m, CARDS.declined);
    const updated = await t.call(updateSubscriptionPeyment, { SubscriptionID: record.RecordID, PaymentMethodID: declining }, auth(m));
    expect(updated.Record.Card?.last4).toBe('0002');
    const stock = await stockOf(t, MONTHLY_BOX);
    const billing = record.NextBillingDate!;
    const declines = async () => (await subjects(m)).filter((s) => s.startsWith('We could not renew'));

    now = at(billing) + MINUTE;
    await runDueJobs(t.deps);
    let billed = await ordersOfSubscription(record.RecordID);
    expect(billed.map((b) => [b.cycle, b.status, b.attempts])).toEqual([
      [1, 'Paid', 0],
      [2, 'PaymentFailed', 1],
    ]);
    expect(await declines()).toHaveLength(1);
    expect(await stockOf(t, MONTHLY_BOX)).toBe(stock - 1);
    const pastDue = await recordOf(m, record.RecordID);
    expect(pastDue).toMatchObject({ Status: 'PastDue', Tab: 'ongoing', DuePayment: { Cycle: 2, Attempts: 1 } });
    expect(await subscribed(m)).toBe(true);

    // Half a day on: not yet.
    now = at(billing, 0.5);
    await runDueJobs(t.deps);
    expect((await ordersOfSubscription(record.RecordID))[1]!.attempts).toBe(1);

    for (const [day, attempts] of [
      [1, 2],
      [3, 3],
    ] as const) {
      now = at(billing, day) + MINUTE;
      await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      billed = await ordersOfSubscription(record.RecordID);
      expect(billed[1]).toMatchObject({ status: 'PaymentFailed', attempts });
      expect(await declines()).toHaveLength(attempts);
    }
    now = at(billing, 7) + MINUTE;
    await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
    billed = await ordersOfSubscription(record.RecordID);
    expect(billed[1]).toMatchObject({ status: 'Cancelled', attempts: 4 });
    expect(await declines()).toHaveLength(3);
    const ended = await recordOf(m, record.RecordID);
    expect(ended).toMatchObject({ Status: 'Ended', Tab: 'ended', EndReason: 'PaymentFailed', CanCancel: false, CanUpdate: false });
    expect(ended.NextBillingDate).toBeUndefined();
    expect(await subjects(m)).toContain('Your Monthly Discovery Box subscription has ended · 你的「每月探索禮盒」訂閱已結束');
    const endMail = (await mails(t, m.email)).find((mail) => mail.subject.startsWith('Your Monthly Discovery Box subscription has ended'))!;
    expect(endMail.text).toContain('your card was declined on every try');
    expect(await stockOf(t, MONTHLY_BOX)).toBe(stock);
    expect(await subscribed(m)).toBe(false);
    // Nothing more afterwards.
    now = at(billing, 40);
    await runDueJobs(t.deps);
    expect(await ordersOfSubscription(record.RecordID)).toHaveLength(2);
    const changing = await refused(t, 'update-subscription-peyment', { SubscriptionID: record.RecordID, PaymentMethodID: declining }, m);
    expect(changing).toMatchObject({ status: 400, json: { ErrorCode: 'SubscriptionEnded' } });
  });

  it('a renewal waiting on a declined card is charged at once when the member gives another card', async () => {
    const { m, record, cardId } = await cardSubscriber();
    const declining = await saveCard(t, m, CARDS.declined);
    await t.call(updateSubscriptionPeyment, { SubscriptionID: record.RecordID, PaymentMethodID: declining }, auth(m));
    now = at(record.NextBillingDate) + MINUTE;
    await runDueJobs(t.deps);
    expect((await recordOf(m, record.RecordID)).Status).toBe('PastDue');
    const back = await t.call(updateSubscriptionPeyment, { SubscriptionID: record.OrderID, PaymentMethodID: cardId }, auth(m));
    expect(back.Record).toMatchObject({ Status: 'Active', Card: { last4: '4242' }, CurrentPeriodStart: new Date(at(record.NextBillingDate)).toISOString() });
    expect(back.Record.DuePayment).toBeUndefined();
    await runDueJobs(t.deps);
    expect((await ordersOfSubscription(record.RecordID)).map((b) => [b.cycle, b.status])).toEqual([
      [1, 'Paid'],
      [2, 'Paid'],
    ]);
  });

  it('a renewal out of stock is mailed about once per cycle, in the member’s language, and tried again each day', async () => {
    const { m, record } = await cardSubscriber();
    await t.db.update(users).set({ language: 'zh-Hant' }).where(eq(users.id, m.userId));
    const stock = await stockOf(t, MONTHLY_BOX);
    const delays = async () => (await mails(t, m.email)).filter((mail) => mail.subject.includes('is delayed'));
    try {
      await setStock(t, MONTHLY_BOX, 0);
      let billing = record.NextBillingDate!;
      now = at(billing) + MINUTE;
      await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
      let delayed = await delays();
      expect(delayed).toHaveLength(1);
      // Chinese first (the member's language), English after it.
      expect(delayed[0]!.subject).toBe('你的「每月探索禮盒」下一期禮盒將會延遲 · The next box of your Monthly Discovery Box subscription is delayed');
      const billingDay = new Date(at(billing) + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(delayed[0]!.text).toContain(`你下一期（${billingDay}）的禮盒暫時缺貨，我們尚未就此收費。`);
      expect(delayed[0]!.text).toContain(`The box of your next cycle, due on ${billingDay}, is out of stock for now. You have not been charged for it.`);
      expect(delayed[0]!.text.indexOf('暫時缺貨')).toBeLessThan(delayed[0]!.text.indexOf('out of stock'));
      expect(delayed[0]!.text).toContain(`http://shop.test/subscription_record/${record.OrderID}`);

      // Retried the next day, and the day after, still out of stock: no second mail for the same cycle.
      for (const day of [1, 2]) {
        now = at(billing, day) + 2 * MINUTE;
        await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
        expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
      }
      expect(await delays()).toHaveLength(1);

      // Back in stock: the next retry renews it.
      await setStock(t, MONTHLY_BOX, stock);
      now = at(billing, 3) + 3 * MINUTE;
      await runDueJobs(t.deps);
      expect((await ordersOfSubscription(record.RecordID)).map((b) => [b.cycle, b.status])).toEqual([
        [1, 'Paid'],
        [2, 'Paid'],
      ]);

      // The next cycle out of stock again: mailed again, once.
      billing = (await recordOf(m, record.RecordID)).NextBillingDate!;
      await setStock(t, MONTHLY_BOX, 0);
      now = at(billing) + MINUTE;
      await runDueJobs(t.deps);
      now = at(billing, 1) + 2 * MINUTE;
      await runDueJobs(t.deps);
      delayed = await delays();
      expect(delayed).toHaveLength(2);
      const nextDay = new Date(at(billing) + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(delayed.filter((mail) => mail.text.includes(`你下一期（${nextDay}）的禮盒暫時缺貨`))).toHaveLength(1);
    } finally {
      await setStock(t, MONTHLY_BOX, stock);
    }
  });

  it('cancelled: stays ongoing until its end date, then no renewal and the record moves to ended', async () => {
    const { m, record } = await cardSubscriber();
    const cancelled = (await t.call(cancelSubscription, { OrderID: record.OrderID }, auth(m))).Record;
    expect(cancelled).toMatchObject({ Status: 'Cancelled', Tab: 'ongoing', EndDate: record.EndDate, CanCancel: false });
    expect(cancelled.NextBillingDate).toBeUndefined();
    // Twice is fine.
    expect((await t.call(cancelSubscription, { OrderID: record.RecordID }, auth(m))).Record.Status).toBe('Cancelled');
    expect((await recordsOf(m, 'ongoing')).map((r) => r.RecordID)).toContain(record.RecordID);

    now = at(record.EndDate, -1);
    await runDueJobs(t.deps);
    expect(await subscribed(m)).toBe(true);
    now = at(record.EndDate) + MINUTE;
    await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
    expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
    const ended = await recordOf(m, record.RecordID);
    expect(ended).toMatchObject({ Status: 'Ended', Tab: 'ended', EndReason: 'Cancelled' });
    expect((await recordsOf(m, 'ended')).map((r) => r.RecordID)).toEqual([record.RecordID]);
    expect(await recordsOf(m, 'ongoing')).toEqual([]);
    expect(await subscribed(m)).toBe(false);
    expect((await mails(t, m.email)).find((mail) => mail.subject.startsWith('Your Monthly Discovery Box subscription has ended'))?.text).toContain(
      'you cancelled it',
    );
    now = at(record.EndDate, 60);
    await runDueJobs(t.deps);
    expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
  });
});

describe('shipping the boxes', () => {
  const desk = () => ({ db: t.db, mailer: t.deps.mailer, log: t.deps.log, config: t.deps.config });
  const toShip = async (reference: string) => (await ordersToShip({ db: t.db })).find((o) => o.reference === reference);

  it('lists each paid cycle’s box for shipping with its address, plan and cycle, and ships it like a product order', async () => {
    const { m, record } = await cardSubscriber();
    const unpaid = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter }), auth(m));
    const [first] = await ordersOfSubscription(record.RecordID);
    const [firstOrder] = await t.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, first!.orderId));
    expect(await toShip(firstOrder!.reference)).toEqual({
      reference: firstOrder!.reference,
      kind: 'subscription',
      paidAt: expect.any(Date),
      email: m.email,
      items: 1,
      total: record.BillingHistory[0]!.Total,
      currency: 'HKD',
      address: 'Ka Yan Wong, +852 91234567, 1 Harbour Road, HK-wan-chai, HK',
      box: { plan: 'Monthly Discovery Box', cycle: 1 },
    });
    // A box not paid for is no parcel.
    const [unpaidOrder] = await t.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, unpaid.OrderID));
    expect(await toShip(unpaidOrder!.reference)).toBeUndefined();

    // The renewed cycle's box is listed too, to the address the boxes go to now.
    await t.call(updateSubscriptionDelivery, { SubscriptionID: record.RecordID, DeliveryAddress: { name: 'Mei Ling Chan', address1: '8 Queen’s Road' } }, auth(m));
    now = at(record.NextBillingDate) + MINUTE;
    await runDueJobs(t.deps);
    const second = (await ordersOfSubscription(record.RecordID))[1]!;
    expect(second.status).toBe('Paid');
    const [secondOrder] = await t.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, second.orderId));
    expect(await toShip(secondOrder!.reference)).toMatchObject({
      kind: 'subscription',
      address: 'Mei Ling Chan, +852 91234567, 8 Queen’s Road, HK-wan-chai, HK',
      box: { plan: 'Monthly Discovery Box', cycle: 2 },
    });

    expect(await shipOrders(desk(), [firstOrder!.reference, firstOrder!.reference])).toEqual([
      { reference: firstOrder!.reference, outcome: 'shipped' },
      { reference: firstOrder!.reference, outcome: 'alreadyShipped' },
    ]);
    expect(await shipOrders(desk(), [unpaidOrder!.reference])).toEqual([{ reference: unpaidOrder!.reference, outcome: 'notPaid' }]);
    expect(await toShip(firstOrder!.reference)).toBeUndefined();
    expect(await toShip(secondOrder!.reference)).toBeDefined();
    const shipped = (await mails(t, m.email)).filter((mail) => mail.subject.includes('has shipped'));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.text).toContain(`Your order ${firstOrder!.reference} is on its way.`);
    expect(shipped[0]!.text).toContain(`http://shop.test/subscription_record/${first!.orderId}`);
    expect((await t.call(getSubscriptionOrder, { RecordID: first!.orderId }, auth(m))).Order).toMatchObject({ FulfilmentStatus: 'Completed' });
  });
});

describe('renewals by FPS', () => {
  it('mails a payment link 3 days before the billing date; the cycle is paid once through it however often the bank reports', async () => {
    const { m, record } = await fpsSubscriber();
    expect(record).toMatchObject({ Status: 'Active', PaymentMethod: 'FPS' });
    expect(await subscribed(m)).toBe(true);
    const billing = record.NextBillingDate!;

    now = at(billing, -4);
    await runDueJobs(t.deps);
    expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);

    now = at(billing, -3) + MINUTE;
    await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
    const billed = await ordersOfSubscription(record.RecordID);
    expect(billed.map((b) => [b.cycle, b.status])).toEqual([
      [1, 'Paid'],
      [2, 'WaitForPayment'],
    ]);
    const renewal = billed[1]!.orderId;
    const links = (await mails(t, m.email)).filter((mail) => mail.subject.startsWith('Pay the next box'));
    expect(links).toHaveLength(1);
    expect(links[0]!.text).toContain(`http://shop.test/subscription_record/${renewal}`);
    await runDueJobs(t.deps);
    expect((await mails(t, m.email)).filter((mail) => mail.subject.startsWith('Pay the next box'))).toHaveLength(1);

    // Past the billing date and past a 10-minute window: the order still waits for the member.
    now = at(billing, 2);
    await runDueJobs(t.deps);
    const due = await t.call(getSubscriptionOrder, { RecordID: renewal }, auth(m));
    expect(due.Order).toMatchObject({ OrderID: renewal, Cycle: 2, PaymentStatus: 'WaitForPayment', PayBefore: new Date(at(billing, 7)).toISOString() });
    expect(due.Record).toMatchObject({ Status: 'PastDue', DuePayment: { OrderID: renewal } });

    const start = await t.call(createSubscriptionPayment, { OrderID: renewal, PaymentMethod: 'FPS' }, auth(m));
    expect(start).toMatchObject({ OrderID: renewal, PaymentStatus: 'pending' });
    expect(new Date(start.Fps!.ExpiresAt).getTime()).toBe(now + 10 * MINUTE);
    expect((await payQr(start.PaymentID!)).status).toBe(200);
    const deliveries = t.payments.scheduler.take();
    await Promise.all([...deliveries, ...deliveries].map((d) => d.run()));
    await Promise.all(deliveries.map((d) => d.run()));
    const paid = await recordOf(m, record.RecordID);
    expect(paid).toMatchObject({ Status: 'Active', CurrentPeriodStart: new Date(at(billing)).toISOString() });
    expect(paid.DuePayment).toBeUndefined();
    expect(paid.BillingHistory.map((b) => [b.Cycle, b.PaymentStatus])).toEqual([
      [2, 'Paid'],
      [1, 'Paid'],
    ]);
    expect((await subjects(m)).filter((s) => s.startsWith('Your Monthly Discovery Box subscription is renewed'))).toHaveLength(1);
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.orderId, renewal))).toEqual([]);
    // The grace period's end passes: nothing expires a paid cycle.
    now = at(billing, 8);
    await runDueJobs(t.deps);
    expect((await recordOf(m, record.RecordID)).Status).toBe('Active');
  });

  it('ends the subscription with a mail when a renewal is left unpaid past its grace period', async () => {
    const { m, record } = await fpsSubscriber();
    const billing = record.NextBillingDate!;
    const stock = await stockOf(t, MONTHLY_BOX);
    now = at(billing, -3) + MINUTE;
    await runDueJobs(t.deps);
    expect(await stockOf(t, MONTHLY_BOX)).toBe(stock - 1);
    now = at(billing, 7) - MINUTE;
    await runDueJobs(t.deps);
    expect((await recordOf(m, record.RecordID)).Status).toBe('PastDue');
    now = at(billing, 7) + MINUTE;
    await runDueJobs(t.deps);
    const ended = await recordOf(m, record.RecordID);
    expect(ended).toMatchObject({ Status: 'Ended', EndReason: 'Unpaid', Tab: 'ended' });
    expect(ended.BillingHistory[0]).toMatchObject({ Cycle: 2, PaymentStatus: 'Expired' });
    expect(await stockOf(t, MONTHLY_BOX)).toBe(stock);
    expect((await mails(t, m.email)).find((mail) => mail.subject.startsWith('Your Monthly Discovery Box subscription has ended'))?.text).toContain(
      'its renewal was not paid in time',
    );
    expect(await subscribed(m)).toBe(false);
  });
});

describe('SVIP', () => {
  it('a subscribed member gets the member price (10 % off) in the bag; it ends with the subscription', async () => {
    const { m, record } = await cardSubscriber();
    const other = await shopper(t);
    const gaiwan = 'equipment-gaiwan-white';
    for (const who of [m, other]) await fillBag(t, who, { [gaiwan]: 2 });
    const member = (await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).orderDetail;
    expect(member.Campaign).toEqual({ CampaignID: 'svip-member-price', Name: { en: 'SVIP member price', zh: 'SVIP 會員價' }, Discount: Math.floor(member.SubTotal / 10) });
    const regular = (await t.call(getShoppingBag, { Currency: 'HKD' }, auth(other))).orderDetail;
    expect(regular.SubTotal).toBe(member.SubTotal);
    expect(regular.Campaign).toBeUndefined();
    expect(member.Total).toBeLessThan(regular.Total);

    await t.call(cancelSubscription, { OrderID: record.RecordID }, auth(m));
    now = at(record.EndDate) + MINUTE;
    await runDueJobs(t.deps);
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).orderDetail.Campaign).toBeUndefined();
  });
});

describe('a member’s own subscription', () => {
  it('another member cannot read, change, pay or cancel it', async () => {
    const { m, record } = await cardSubscriber();
    const other = await shopper(t);
    const otherCard = await saveCard(t, other, CARDS.visa);
    const attempts: Array<[string, unknown]> = [
      ['get-subscription-order', { RecordID: record.RecordID }],
      ['get-subscription-order', { RecordID: record.OrderID }],
      ['update-subscription-delivery', { SubscriptionID: record.RecordID, DeliveryAddress: { name: 'Someone Else' } }],
      ['update-subscription-peyment', { SubscriptionID: record.RecordID, PaymentMethodID: otherCard }],
      ['cancel-subscription', { OrderID: record.OrderID }],
      ['cancel-subscription', { OrderID: record.RecordID }],
      ['create-subscription-payment', { OrderID: record.OrderID, PaymentMethod: 'FPS' }],
    ];
    for (const [call, body] of attempts) {
      const r = await refused(t, call, body, other);
      expect({ call, status: r.status, code: r.json.ErrorCode }).toEqual({ call, status: 400, code: 'ObjectNotFound' });
    }
    expect(await recordsOf(other)).toEqual([]);
    const mine = await recordOf(m, record.RecordID);
    expect(mine).toMatchObject({ Status: 'Active', CanCancel: true, DeliveryAddress: { name: 'Ka Yan Wong' } });
  });

  it('changes where the boxes go (recipient name and phone, or the whole address) and refuses one outside the service range', async () => {
    const { m, record } = await cardSubscriber();
    const changed = await t.call(
      updateSubscriptionDelivery,
      { SubscriptionID: record.RecordID, DeliveryAddress: { name: 'Mei Ling Chan', phone: '98765432', countryCallingCode: '852' } },
      auth(m),
    );
    expect(changed.Record.DeliveryAddress).toMatchObject({ name: 'Mei Ling Chan', phone: '98765432', address1: '1 Harbour Road', CountryID: 'HK' });
    const moved = await t.call(updateSubscriptionDelivery, { SubscriptionID: record.OrderID, DeliveryAddress: { address1: '8 Queen’s Road' } }, auth(m));
    expect(moved.Record.DeliveryAddress).toMatchObject({ name: 'Mei Ling Chan', address1: '8 Queen’s Road' });
    const away = await refused(t, 'update-subscription-delivery', { SubscriptionID: record.RecordID, DeliveryAddress: { CountryID: 'AQ' } }, m);
    expect(away).toMatchObject({ status: 400, json: { ErrorCode: 'DeliveryAddressRequired' } });
  });

  it('a first payment declined can be paid again with another card, which renewals then charge', async () => {
    const m = await shopper(t);
    const declining = await saveCard(t, m, CARDS.declined);
    const visa = await saveCard(t, m, CARDS.visa);
    const declined = await refused(t, 'create-subscription', subscribeBody({ PaymentMethod: 'CreditCard', PaymentMethodID: declining }), m);
    expect(declined).toMatchObject({ status: 400, json: { ErrorCode: 'PaymentFail' } });
    const orderId = declined.json.OrderID as string;
    expect((await t.call(getSubscriptionOrder, { RecordID: orderId }, auth(m))).Record).toMatchObject({ Status: 'Pending' });
    const paid = await t.call(createSubscriptionPayment, { OrderID: orderId, PaymentMethod: 'CreditCard', CardID: visa }, auth(m));
    expect(paid.PaymentStatus).toBe('succeeded');
    const record = (await t.call(getSubscriptionOrder, { RecordID: orderId }, auth(m))).Record;
    expect(record).toMatchObject({ Status: 'Active', PaymentMethod: 'CreditCard', Card: { id: visa, last4: '4242' } });
    live.push({ m, RecordID: record.RecordID });
  });

  it('refuses a second subscription to a plan the member has, and replaces an unpaid first order', async () => {
    const { m } = await cardSubscriber();
    expect(await refused(t, 'create-subscription', subscribeBody(), m)).toMatchObject({ status: 400, json: { ErrorCode: 'AlreadySubscribed' } });
    const first = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter }), auth(m));
    const second = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter, PaymentMethod: 'Alipay' }), auth(m));
    expect(second.PaymentStatus).toBe('requires_action');
    const [replaced] = await t.db.select({ status: orders.paymentStatus }).from(orders).where(and(eq(orders.id, first.OrderID)));
    expect(replaced!.status).toBe('Cancelled');
    // Not started: not listed.
    expect((await recordsOf(m)).map((r) => r.Plan.SubscriptionID)).toEqual([PLANS.month]);
    const pending = await t.call(getSubscriptionOrder, { RecordID: second.RecordID }, auth(m));
    expect(pending.Record).toMatchObject({ Status: 'Pending', DuePayment: { OrderID: second.OrderID } });
  });

  it('lists a first order waiting for payment only when asked (IncludePending): the checkout looks it up after a lost answer', async () => {
    const { m } = await cardSubscriber();
    const replaced = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter }), auth(m));
    const unpaid = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter, PaymentMethod: 'Alipay' }), auth(m));
    const listed = (await t.call(getSubscriptionRecord, { IncludePending: true }, auth(m))).RecordList;
    expect(listed.map((r) => [r.Plan.SubscriptionID, r.Status])).toEqual([
      [PLANS.month, 'Active'],
      [PLANS.quarter, 'Pending'],
    ]);
    const bills = listed.flatMap((r) => r.BillingHistory.map((b) => [b.OrderID, b.PaymentStatus]));
    expect(bills).toContainEqual([unpaid.OrderID, 'WaitForPayment']);
    // The order it replaced ended the subscription before it started: not pending any more.
    expect(bills.map(([id]) => id)).not.toContain(replaced.OrderID);
    expect((await recordsOf(m)).map((r) => r.Plan.SubscriptionID)).toEqual([PLANS.month]);
  });
});
