/**
 * Reconciliation with the provider (server/services/orders/reconcile.ts): money whose notification
 * was lost pays its order, through the sweep or before the order is given up, and never twice; an
 * order expires only once nothing can pay it any more. The sandbox's notifications are dropped here
 * by taking them out of the manual scheduler, as a crashed process loses its timers.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, type CallBodyInput } from '../../contract/index.ts';
import { createDeps } from '../../server/create-deps.ts';
import { jobs, orders, paymentCustomers, products, refundRequests, sandboxPayments } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { runJobs } from '../../server/services/jobs/queue.ts';
import { ORDER_EXPIRY_JOB, orderJobHandlers, PAYMENT_RECONCILE_JOB, SHOP_ORDER_KINDS } from '../../server/services/orders/index.ts';
import { reconcileOrder } from '../../server/services/orders/reconcile.ts';
import { createManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import { readPaymentConfig } from '../../server/services/payments/provider.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, fillBag, orderOf, saveCard, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, TEST_WEBHOOK_SECRET, type TestApp } from '../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const GAIWAN = 'equipment-gaiwan-white'; // 12800 HKD cents, stock 150

let now = SEED_NOW.getTime() + 24 * 60 * MINUTE;
const clock = { now: () => new Date(now) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, idTokenSeconds: 30 * 24 * 3600 });
});
afterAll(() => t.close());

const place = (m: Shopper, body: Partial<CallBodyInput<typeof checkout>> = {}) =>
  t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
const soldGaiwans = async () => (await t.db.select({ n: products.soldCount }).from(products).where(eq(products.id, 'equipment-gaiwan')))[0]!.n;
const sandbox = async () => (await t.deps.payments.ready).sandbox;
/** The notifications the sandbox has scheduled are lost, as with a process that died. */
const dropNotifications = () => t.payments.scheduler.take().length;
const paidMails = async (m: Shopper, reference: string) => (await mails(t, m.email)).filter((mail) => mail.text.includes(reference));
const jobOf = async (kind: string, key: string) => (await t.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key))))[0];
const expiryOnly = orderJobHandlers();
const runExpiryJobs = () => runJobs(t.deps, { [ORDER_EXPIRY_JOB]: expiryOnly[ORDER_EXPIRY_JOB]! }, new Date(now));

/** A member's card order for `quantity` gaiwans, waiting on the card's extra step (whose page the payer approves, or not). */
async function cardOrderOnExtraStep(quantity = 1) {
  const m = await shopper(t);
  const card = await saveCard(t, m, CARDS.authenticate);
  await fillBag(t, m, { [GAIWAN]: quantity });
  const start = await place(m, { PaymentMethod: 'CreditCard', CardID: card });
  expect(start.PaymentStatus).toBe('requires_action');
  dropNotifications();
  return { m, card, start, row: await orderRow(start.OrderID) };
}

/** The payer approves the extra step on the provider's page and never comes back to the shop. */
async function approveWithoutReturning(paymentId: string) {
  expect((await t.raw(`/api/payments/sandbox/pages/${paymentId}/approve`, { method: 'POST' })).status).toBe(303);
}

describe('a payment whose notification is lost', () => {
  it('is found by the sweep within minutes, paying the order once; it does not expire later', async () => {
    const sold = await soldGaiwans();
    const { m, start, row } = await cardOrderOnExtraStep(2);
    await approveWithoutReturning(start.PaymentID!);
    expect(dropNotifications()).toBe(2); // the notice and its duplicate, lost

    now += 1 * MINUTE;
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('WaitForPayment');
    now += 1 * MINUTE + SECOND; // the sweep is due RECONCILE_EVERY_MS after the order was placed
    expect(await runDueJobs(t.deps)).toMatchObject({ reconciledOrders: 1, expiredOrders: 0 });
    expect(await orderOf(t, m, start.OrderID)).toMatchObject({ PaymentStatus: 'Paid', PaymentMethod: 'CreditCard', Tab: 'InProcess' });
    expect(await soldGaiwans()).toBe(sold + 2);
    expect(await paidMails(m, row.reference)).toHaveLength(1);
    expect(await jobOf(ORDER_EXPIRY_JOB, start.OrderID)).toBeUndefined();

    // Past the window nothing expires it; the stored notification, delivered at last, changes nothing.
    now += 40 * MINUTE;
    expect(await runDueJobs(t.deps)).toMatchObject({ expiredOrders: 0 });
    expect(await (await sandbox()).redeliverDue()).toBe(2); // requires_action, then succeeded
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('Paid');
    expect(await soldGaiwans()).toBe(sold + 2);
    expect(await paidMails(m, row.reference)).toHaveLength(1);
    expect(await refundsOf(start.OrderID)).toEqual([]);
  });

  it('pays its order when the window ends, instead of expiring it (the expiry job asks the provider first)', async () => {
    const { m, start, row } = await cardOrderOnExtraStep();
    await approveWithoutReturning(start.PaymentID!);
    dropNotifications();
    const stock = await stockOf(t, GAIWAN);

    now += 30 * MINUTE;
    expect(await runExpiryJobs()).toEqual({ done: { [ORDER_EXPIRY_JOB]: 0 }, failed: 0 });
    expect(await orderRow(start.OrderID)).toMatchObject({ paymentStatus: 'Paid', paymentId: start.PaymentID });
    expect(await stockOf(t, GAIWAN)).toBe(stock);
    expect(await paidMails(m, row.reference)).toHaveLength(1);
    expect(await refundsOf(start.OrderID)).toEqual([]);
  });

  it('pays an FPS order when a read finds it overdue (the transfer was made in time, its notice lost)', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [GAIWAN]: 1 });
    const start = await place(m);
    expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID}/pay`, { method: 'POST' })).status).toBe(200);
    dropNotifications();
    const stock = await stockOf(t, GAIWAN);

    now += 10 * MINUTE;
    expect(await orderOf(t, m, start.OrderID)).toMatchObject({ PaymentStatus: 'Paid', PaymentMethod: 'FPS' });
    expect(await stockOf(t, GAIWAN)).toBe(stock);
    expect(await refundsOf(start.OrderID)).toEqual([]);
  });

  it('pays an order from a payment the provider made for its reference that the shop never recorded (a crash between the two)', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.visa);
    await fillBag(t, m, { [GAIWAN]: 1 });
    const start = await place(m); // FPS: the order records the QR as its payment
    const row = await orderRow(start.OrderID);
    // The member switches to the card: the provider cancels the QR and charges the card, then the
    // shop's process dies before it writes the new payment on the order.
    const provider = (await t.deps.payments.ready).provider;
    expect(await provider.cancelPayment(row.paymentId!)).toMatchObject({ ok: true });
    const [customer] = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, m.userId));
    const charged = await provider.createCardPayment({
      orderRef: row.reference,
      amount: row.total,
      currency: row.currency,
      customerId: customer!.customerId,
      cardId: card,
      returnUrl: 'http://shop.test/back',
    });
    expect(charged).toMatchObject({ ok: true, payment: { status: 'succeeded' } });
    dropNotifications();
    expect(await orderRow(start.OrderID)).toMatchObject({ paymentStatus: 'WaitForPayment', paymentId: row.paymentId });

    now += 2 * MINUTE + SECOND;
    expect(await runDueJobs(t.deps)).toMatchObject({ reconciledOrders: 1 });
    const paymentId = charged.ok ? charged.payment.paymentId : '';
    expect(await orderRow(start.OrderID)).toMatchObject({ paymentStatus: 'Paid', paymentId, paymentMethod: 'CreditCard' });
    expect(await refundsOf(start.OrderID)).toEqual([]);
  });
});

describe('an order the provider is still deciding', () => {
  it('is not expired while its payment is processing, and is paid when the provider decides', async () => {
    const { start } = await cardOrderOnExtraStep();
    // The provider moves the payment to processing (a bank debit, say) and tells no one.
    await t.db.update(sandboxPayments).set({ status: 'processing' }).where(eq(sandboxPayments.id, start.PaymentID!));

    now += 30 * MINUTE;
    expect(await runExpiryJobs()).toEqual({ done: { [ORDER_EXPIRY_JOB]: 0 }, failed: 0 });
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('WaitForPayment');
    expect((await jobOf(ORDER_EXPIRY_JOB, start.OrderID))?.dueAt).toEqual(new Date(now + MINUTE));

    await t.db.update(sandboxPayments).set({ status: 'succeeded' }).where(eq(sandboxPayments.id, start.PaymentID!));
    now += MINUTE;
    expect(await runExpiryJobs()).toEqual({ done: { [ORDER_EXPIRY_JOB]: 0 }, failed: 0 });
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('Paid');
  });

  it('is expired once nothing can pay it: its open payment is cancelled at the provider first', async () => {
    const { m, start } = await cardOrderOnExtraStep();
    const stock = await stockOf(t, GAIWAN);
    now += 30 * MINUTE;
    expect(await runExpiryJobs()).toEqual({ done: { [ORDER_EXPIRY_JOB]: 1 }, failed: 0 });
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('Expired');
    expect(await stockOf(t, GAIWAN)).toBe(stock + 1);
    const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, start.PaymentID!));
    expect(payment).toMatchObject({ status: 'canceled' });
    // The payer who approves the extra step now is refused by the provider: no money for an expired order.
    expect((await t.raw(`/api/payments/sandbox/pages/${start.PaymentID}/approve`, { method: 'POST' })).status).toBe(303);
    expect((await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, start.PaymentID!)))[0]).toMatchObject({ status: 'canceled' });
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Expired');
    expect(await refundsOf(start.OrderID)).toEqual([]);
  });

  it('waits, rather than expiring it blindly, while the provider cannot be asked', async () => {
    const { start } = await cardOrderOnExtraStep();
    const provider = (await t.deps.payments.ready).provider;
    const paymentsFor = provider.paymentsFor;
    provider.paymentsFor = async () => ({ ok: false, code: 'provider_error' });
    try {
      now += 30 * MINUTE;
      expect(await runExpiryJobs()).toEqual({ done: {}, failed: 1 });
      expect((await orderRow(start.OrderID)).paymentStatus).toBe('WaitForPayment');
      expect(await jobOf(ORDER_EXPIRY_JOB, start.OrderID)).toMatchObject({ attempts: 1, lastError: expect.stringContaining('provider_error') });
    } finally {
      provider.paymentsFor = paymentsFor;
    }
    now += MINUTE;
    expect(await runExpiryJobs()).toEqual({ done: { [ORDER_EXPIRY_JOB]: 1 }, failed: 0 });
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('Expired');
  });
});

describe('reconciling at once', () => {
  it('pays once when two processes sweep, expire and redeliver the same lost payment together', async () => {
    const sold = await soldGaiwans();
    const { m, start, row } = await cardOrderOnExtraStep(3);
    await approveWithoutReturning(start.PaymentID!);
    dropNotifications();
    // A second server process on the same database (and so the same provider records).
    const other = createDeps({
      db: t.db,
      clock,
      log: pino({ level: 'silent' }),
      secret: randomBytes(32),
      payments: {
        config: readPaymentConfig({}, { publicUrl: 'http://shop.test', randomSecret: () => TEST_WEBHOOK_SECRET }),
        scheduler: createManualScheduler(),
      },
      config: { publicUrl: 'http://shop.test' },
    });
    const locked = await orderRow(start.OrderID);

    now += 30 * MINUTE;
    const runs = await Promise.all([
      runDueJobs(t.deps),
      runDueJobs(other),
      reconcileOrder(t.deps, SHOP_ORDER_KINDS, locked),
      reconcileOrder(other, SHOP_ORDER_KINDS, locked),
      (await sandbox()).redeliverDue(),
      (await other.payments.ready).sandbox.redeliverDue(),
      orderOf(t, m, start.OrderID),
    ]);
    expect(runs[0].expiredOrders + runs[1].expiredOrders).toBe(0);
    expect(await orderRow(start.OrderID)).toMatchObject({ paymentStatus: 'Paid', paymentId: start.PaymentID });
    expect(await soldGaiwans()).toBe(sold + 3);
    expect(await paidMails(m, row.reference)).toHaveLength(1);
    expect(await refundsOf(start.OrderID)).toEqual([]);
  });
});

describe('the sweep', () => {
  it('comes round every two minutes while an order is unpaid, and stops once none is', async () => {
    await runDueJobs(t.deps); // whatever earlier tests left due
    const m = await shopper(t);
    await fillBag(t, m, { [GAIWAN]: 1 });
    const start = await place(m);
    const placedAt = now;
    const sweep = () => jobOf(PAYMENT_RECONCILE_JOB, 'unpaid-orders');
    expect((await sweep())?.dueAt.getTime()).toBeLessThanOrEqual(placedAt + 2 * MINUTE);

    now = placedAt + 2 * MINUTE;
    expect(await runDueJobs(t.deps)).toMatchObject({ reconciledOrders: 0 });
    expect((await sweep())?.dueAt).toEqual(new Date(now + 2 * MINUTE));

    expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID}/pay`, { method: 'POST' })).status).toBe(200);
    dropNotifications();
    now += 2 * MINUTE;
    expect(await runDueJobs(t.deps)).toMatchObject({ reconciledOrders: 1 });
    expect((await orderRow(start.OrderID)).paymentStatus).toBe('Paid');
    expect(await sweep()).toBeUndefined();
  });
});
