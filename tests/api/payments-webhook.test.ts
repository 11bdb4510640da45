/**
 * The payment webhook (POST /api/payments/webhook): signed deliveries recorded once, applied with
 * nextPaymentStatus, whatever their number and order; money an order can no longer take recorded
 * for refund. Deliveries come from the sandbox (held in the manual scheduler, run as often and in
 * whatever order a test likes) or are signed here with the test app's sandbox secret.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, checkout, type CallBodyInput } from '../../contract/index.ts';
import { createApp } from '../../server/app.ts';
import { createDeps } from '../../server/create-deps.ts';
import { orders, paymentEvents, products, refundRequests } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { createManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import { SANDBOX_SIGNATURE_HEADER, signWebhook, type SandboxEventBody } from '../../server/services/payments/sandbox.ts';
import { auth, CARDS, fillBag, orderOf, saveCard, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { mails } from '../support/members.ts';
import { createTestApp, SEED_NOW, TEST_WEBHOOK_SECRET, type TestApp } from '../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const GAIWAN = 'equipment-gaiwan-white'; // 12800 HKD cents, stock 150

let now = SEED_NOW.getTime() + 24 * 60 * MINUTE;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
});
afterAll(() => t.close());

const place = (m: Shopper, body: Partial<CallBodyInput<typeof checkout>> = {}) =>
  t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (orderId: string) => t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
const refundsOf = (orderId: string) => t.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
const soldGaiwans = async () => (await t.db.select({ n: products.soldCount }).from(products).where(eq(products.id, 'equipment-gaiwan')))[0]!.n;

/** A member's FPS order for one gaiwan, unpaid. */
async function fpsOrder() {
  const m = await shopper(t);
  await fillBag(t, m, { [GAIWAN]: 1 });
  const start = await place(m);
  return { m, start, row: await orderRow(start.OrderID) };
}

let eventCount = 0;
/** A sandbox-shaped event about a payment, signed as the sandbox signs (or with what `signature` says). */
function signedEvent(
  kind: 'succeeded' | 'payment_failed' | 'requires_action' | 'canceled',
  p: { paymentId: string; orderRef: string; amount: number; currency?: string; method?: 'card' | 'alipay' | 'fps'; id?: string },
) {
  const status = kind === 'payment_failed' ? 'failed' : kind;
  const body: SandboxEventBody = {
    id: p.id ?? `evt_test_${++eventCount}`,
    type: `payment_intent.${kind}`,
    created: Math.floor(now / 1000),
    data: {
      object: {
        id: p.paymentId,
        method: p.method ?? 'fps',
        status,
        amount: p.amount,
        currency: p.currency ?? 'HKD',
        metadata: { orderRef: p.orderRef },
        ...(status === 'failed' ? { failure: { code: 'card_declined' as const } } : {}),
      },
    },
  };
  const text = JSON.stringify(body);
  return { id: body.id, text, signature: signWebhook(text, TEST_WEBHOOK_SECRET, Math.floor(now / 1000)) };
}

const postWebhook = (text: string, signature: string | undefined) =>
  t.raw('/api/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) },
    body: text,
  });

describe('deliveries from the sandbox', () => {
  it('marks the order paid once when its webhooks arrive 20 times each, in reverse order and at once', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.authenticate);
    await fillBag(t, m, { [GAIWAN]: 2 });
    const start = await place(m, { PaymentMethod: 'CreditCard', CardID: card });
    expect(start.PaymentStatus).toBe('requires_action');
    // The payer confirms on the hosted page but never comes back: only the webhooks tell the shop.
    expect((await t.raw(`/api/payments/sandbox/pages/${start.PaymentID}/approve`, { method: 'POST' })).status).toBe(303);
    const sold = await soldGaiwans();

    // requires_action, then succeeded, each delivered and duplicated: four deliveries of two events.
    const deliveries = t.payments.scheduler.take();
    expect(deliveries).toHaveLength(4);
    now += SECOND;
    for (const delivery of [...deliveries].reverse()) {
      await Promise.all(Array.from({ length: 20 }, () => delivery.run()));
    }
    expect(t.payments.scheduler.queue).toHaveLength(0); // every one was accepted: nothing to retry

    const order = await orderOf(t, m, start.OrderID);
    expect(order).toMatchObject({ PaymentStatus: 'Paid', PaymentMethod: 'CreditCard', Tab: 'InProcess', PaidAt: new Date(now).toISOString() });
    expect(await soldGaiwans()).toBe(sold + 2);
    expect(await refundsOf(start.OrderID)).toEqual([]);
    const events = await eventsOf(start.OrderID);
    expect(events.map((e) => [e.type, e.outcome]).sort()).toEqual([
      ['requires_action', 'ignored'],
      ['succeeded', 'applied'],
    ]);

    // Later replays change nothing either.
    now += MINUTE;
    for (const delivery of deliveries) await delivery.run();
    expect(await orderOf(t, m, start.OrderID)).toEqual(order);
    expect(await eventsOf(start.OrderID)).toHaveLength(2);
  });

  it('pays an FPS order once however often the bank’s notice is delivered', async () => {
    const { m, start } = await fpsOrder();
    expect((await t.raw(`/api/payments/sandbox/fps/${start.PaymentID}/pay`, { method: 'POST' })).status).toBe(200);
    const [first, duplicate] = t.payments.scheduler.take();
    await Promise.all([...Array.from({ length: 20 }, () => first!.run()), ...Array.from({ length: 20 }, () => duplicate!.run())]);
    const order = await orderOf(t, m, start.OrderID);
    expect(order.PaymentStatus).toBe('Paid');
    expect(await eventsOf(start.OrderID)).toMatchObject([{ type: 'succeeded', outcome: 'applied' }]);
    // One confirmation mail, however many notices.
    const confirmations = (await mails(t, m.email)).filter((mail) => mail.subject.includes(`order ${order.Reference} is confirmed`));
    expect(confirmations).toHaveLength(1);
  });

  it('is delivered to the shop itself when no delivery is configured', async () => {
    // A second app on the same database, built as main.ts builds it: no deliverWebhook given.
    const scheduler = createManualScheduler();
    const deps = createDeps({
      db: t.db,
      clock: { now: () => new Date(now) },
      log: pino({ level: 'silent' }),
      secret: randomBytes(32),
      idTokenSeconds: 3600,
      scryptCost: 10,
      payments: { scheduler },
      config: { publicUrl: 'http://shop.test' },
    });
    const app = createApp(deps);
    const { row } = await fpsOrder();
    // The same payment, as that app's sandbox sees it: pay it there, and let it report back.
    const { sandbox } = await deps.payments.ready;
    expect(await sandbox.simulateFpsTransfer(row.paymentId!)).toMatchObject({ ok: true });
    await scheduler.runAll();
    expect((await orderRow(row.id)).paymentStatus).toBe('Paid');
    expect(await eventsOf(row.id)).toMatchObject([{ type: 'succeeded', outcome: 'applied' }]);
    expect(app).toBeDefined();
  });
});

describe('events out of order', () => {
  it('never lets a late failure or a late request for action undo a payment', async () => {
    const { m, start, row } = await fpsOrder();
    const payment = { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total };
    const succeeded = signedEvent('succeeded', payment);
    const failed = signedEvent('payment_failed', payment);
    const requiresAction = signedEvent('requires_action', payment);
    for (const event of [succeeded, failed, requiresAction, failed, succeeded]) {
      expect((await postWebhook(event.text, event.signature)).status).toBe(200);
    }
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Paid');
    expect((await eventsOf(start.OrderID)).map((e) => [e.type, e.outcome]).sort()).toEqual([
      ['failed', 'ignored'],
      ['requires_action', 'ignored'],
      ['succeeded', 'applied'],
    ]);
  });

  it('takes a success after a failure of the same payment (the payer retried and the money came)', async () => {
    const { m, start, row } = await fpsOrder();
    const payment = { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total };
    const failed = signedEvent('payment_failed', payment);
    expect((await postWebhook(failed.text, failed.signature)).status).toBe(200);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('PaymentFailed');
    const succeeded = signedEvent('succeeded', payment);
    expect((await postWebhook(succeeded.text, succeeded.signature)).status).toBe(200);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Paid');
  });

  it('ignores the failure of a payment the order no longer waits on', async () => {
    const { m, start, row } = await fpsOrder();
    const replaced = signedEvent('payment_failed', { paymentId: 'pi_sbx_replaced', orderRef: row.reference, amount: row.total });
    expect((await postWebhook(replaced.text, replaced.signature)).status).toBe(200);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('WaitForPayment');
  });
});

describe('money an order cannot take', () => {
  beforeAll(async () => {
    // Orders earlier tests left unpaid run out first, so the stock below moves for this block's orders only.
    now += 24 * 60 * MINUTE;
    await runDueJobs(t.deps);
  });

  it('refuses money that arrives after the order expired and records it for refund, once', async () => {
    const { m, start, row } = await fpsOrder();
    const stock = await stockOf(t, GAIWAN);
    now += 10 * MINUTE;
    expect(await runDueJobs(t.deps)).toMatchObject({ expiredOrders: 1 });
    expect(await stockOf(t, GAIWAN)).toBe(stock + 1);
    // The provider reports money for the expired order anyway (a transfer its bank settled late), again and again.
    const late = signedEvent('succeeded', { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total });
    for (let i = 0; i < 3; i++) expect((await postWebhook(late.text, late.signature)).status).toBe(200);
    const again = signedEvent('succeeded', { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total });
    expect((await postWebhook(again.text, again.signature)).status).toBe(200);
    now += 5 * MINUTE;
    await runDueJobs(t.deps);

    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Expired');
    expect(await stockOf(t, GAIWAN)).toBe(stock + 1);
    expect(await refundsOf(start.OrderID)).toMatchObject([
      { paymentId: start.PaymentID, amount: row.total, currency: 'HKD', reason: 'order_expired' },
    ]);
    expect((await eventsOf(start.OrderID)).filter((e) => e.type === 'succeeded').map((e) => e.outcome)).toEqual(['refund', 'refund']);
  });

  it('refuses a confirmation for a cancelled order and records it for refund', async () => {
    const { m, start, row } = await fpsOrder();
    await t.call(cancelOrder, { orderID: start.OrderID }, auth(m));
    const late = signedEvent('succeeded', { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total });
    for (let i = 0; i < 3; i++) expect((await postWebhook(late.text, late.signature)).status).toBe(200);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Cancelled');
    expect(await refundsOf(start.OrderID)).toMatchObject([{ reason: 'order_cancelled' }]);
  });

  it('records a second payment of a paid order, and a payment of the wrong amount, for refund', async () => {
    const { m, start, row } = await fpsOrder();
    const wrongAmount = signedEvent('succeeded', { paymentId: 'pi_sbx_wrong_amount', orderRef: row.reference, amount: row.total - 1 });
    expect((await postWebhook(wrongAmount.text, wrongAmount.signature)).status).toBe(200);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('WaitForPayment');

    const paid = signedEvent('succeeded', { paymentId: 'pi_sbx_other_attempt', orderRef: row.reference, amount: row.total });
    expect((await postWebhook(paid.text, paid.signature)).status).toBe(200);
    expect(await orderOf(t, m, start.OrderID)).toMatchObject({ PaymentStatus: 'Paid' });
    expect((await orderRow(start.OrderID)).paymentId).toBe('pi_sbx_other_attempt');
    // The payment the order waited on (the QR) is cancelled, and a success of it now is a second payment.
    const qrPaid = signedEvent('succeeded', { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total });
    expect((await postWebhook(qrPaid.text, qrPaid.signature)).status).toBe(200);
    expect((await refundsOf(start.OrderID)).map((r) => r.reason).sort()).toEqual(['amount_mismatch', 'paid_twice']);
  });
});

describe('what the endpoint refuses', () => {
  it('answers 400 to a missing, wrong or stale signature and records nothing', async () => {
    const { row } = await fpsOrder();
    const event = signedEvent('succeeded', { paymentId: row.paymentId!, orderRef: row.reference, amount: row.total });
    const stale = signWebhook(event.text, TEST_WEBHOOK_SECRET, Math.floor(now / 1000) - 301);
    const forged = signWebhook(event.text, 'not-the-secret', Math.floor(now / 1000));
    for (const signature of [undefined, forged, stale, 't=abc,v1=00']) {
      expect((await postWebhook(event.text, signature)).status).toBe(400);
    }
    // A body changed after signing fails too.
    expect((await postWebhook(event.text.replace(String(row.total), String(row.total + 100)), event.signature)).status).toBe(400);
    expect(await eventsOf(row.id)).toEqual([]);
    expect((await orderRow(row.id)).paymentStatus).toBe('WaitForPayment');
  });

  it('accepts, and records, events for no known order; ignores event types it does not act on', async () => {
    const stray = signedEvent('succeeded', { paymentId: 'pi_sbx_nowhere', orderRef: 'SG000000NOWHERE', amount: 100 });
    expect(await postWebhook(stray.text, stray.signature)).toMatchObject({ status: 200, json: { outcome: 'unknown_order' } });
    expect((await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, stray.id)))[0]).toMatchObject({ orderId: null, outcome: 'unknown_order' });

    const other = JSON.stringify({ id: 'evt_test_other', type: 'charge.refunded', created: Math.floor(now / 1000), data: { object: {} } });
    expect(await postWebhook(other, signWebhook(other, TEST_WEBHOOK_SECRET, Math.floor(now / 1000)))).toMatchObject({ status: 200, json: { outcome: 'ignored' } });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_test_other'))).toEqual([]);
  });
});
