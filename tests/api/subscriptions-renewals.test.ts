/**
 * Box-set subscription renewals (issue 18), as jobs on a moved clock: by card exactly one paid order per cycle
 * even with two runners at once, a declined card retried 1, 3 and 7 days later then the subscription ended with
 * mails, a box out of stock mailed about once per cycle, cancelling (no renewal after the end date, the record
 * moves to ended); each paid cycle's box shipped; by FPS through the mailed link, paid once however often the
 * bank's notice comes, or left unpaid ending the subscription. Subscribing is in subscriptions-subscribing.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cancelSubscription,
  createSubscription,
  createSubscriptionPayment,
  getSubscriptionOrder,
  updateSubscriptionDelivery,
  updateSubscriptionPeyment,
} from '../../contract/index.ts';
import { orders, refundRequests, sandboxPayments, users } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { ordersToShip, shipOrders } from '../../server/services/orders/fulfilment.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { SUBSCRIPTION_RENEW_JOB } from '../../server/services/orders/subscription/lifecycle.ts';
import { renewSubscriptionJob } from '../../server/services/orders/subscription/renewals.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, refused, saveCard, setStock, stockOf } from '../support/shop.ts';
import { SEED_NOW } from '../support/test-app.ts';
import {
  at,
  cardSubscriber,
  DAY,
  fpsSubscriber,
  MINUTE,
  MONTHLY_BOX,
  openSubscriptionsTestApp,
  ordersOfSubscription,
  payQr,
  recordOf,
  recordsOf,
  subjects,
  subscribeBody,
  subscribed,
  t,
} from './subscriptions-support.ts';

let now = SEED_NOW.getTime() + DAY;
openSubscriptionsTestApp(() => now);

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
