/**
 * Issue 32: refunds paid out from the back office. Refund requests are produced the real way (money that
 * arrives for an order after it expired), listed open, and paid out once: a card's through the sandbox's
 * refund, an FPS one as a recorded bank transfer; five presses at once pay once (run on PostgreSQL too, with
 * TEST_DATABASE_URL). The Stripe provider's refund is checked against a local fake of Stripe's API.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, listRefundRequests, payRefund, type CallBodyInput, type StaffRefund } from '../../contract/index.ts';
import { auditLog, orders, refundRequests, sandboxRefunds } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { customerOf } from '../../server/services/orders/cards.ts';
import { createManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER, signWebhook, type SandboxEventBody } from '../../server/services/payments/sandbox.ts';
import { createMemorySandboxStore } from '../../server/services/payments/store.ts';
import { createStripeProvider } from '../../server/services/payments/stripe.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { PAY_REFUND_ACTION } from '../../server/services/staff/refunds.ts';
import { auth, CARDS, fillBag, refused, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { mails } from '../support/members.ts';
import { createTestApp, SEED_NOW, TEST_WEBHOOK_SECRET, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const GAIWAN = 'equipment-gaiwan-white';

let now = SEED_NOW.getTime() + 24 * 60 * MINUTE;
let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  staff = await shopper(t, { address: false });
  await setStaffRole(t.deps, { email: staff.email, role: 'staff', actorUserId: null });
});
afterAll(() => t?.close());

const place = (m: Shopper, body: Partial<CallBodyInput<typeof checkout>> = {}) =>
  t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const sandbox = async () => (await t.deps.payments.ready).sandbox;

/** A member's FPS order for a gaiwan, left unpaid until it expires (its QR is cancelled with it). */
async function expiredOrder() {
  const m = await shopper(t);
  await fillBag(t, m, { [GAIWAN]: 1 });
  const start = await place(m);
  now += 11 * MINUTE;
  await runDueJobs(t.deps);
  const row = await orderRow(start.OrderID);
  expect(row.paymentStatus).toBe('Expired');
  return { m, row };
}

/** The member's card is charged for the expired order anyway (a late payment): the shop records it for refund. */
async function lateCardRefund(): Promise<{ m: Shopper; refund: StaffRefund; paymentId: string }> {
  const { m, row } = await expiredOrder();
  const cardId = await saveCard(t, m, CARDS.visa);
  const customerId = await customerOf(t.deps, m.userId, true);
  const charged = await (await sandbox()).createCardPayment({ orderRef: row.reference, amount: row.total, currency: row.currency, customerId, cardId, returnUrl: 'http://shop.test/back' });
  if (!charged.ok || charged.payment.status !== 'succeeded') throw new Error('the late card charge did not go through');
  await t.payments.scheduler.runAll();
  return { m, refund: await listed(row.id), paymentId: charged.payment.paymentId };
}

let eventCount = 0;
/** An FPS transfer the bank settled after the order expired, reported by the sandbox's signed webhook. */
async function lateFpsRefund(): Promise<{ m: Shopper; refund: StaffRefund }> {
  const { m, row } = await expiredOrder();
  const body: SandboxEventBody = {
    id: `evt_refund_test_${++eventCount}`,
    type: 'payment_intent.succeeded',
    created: Math.floor(now / 1000),
    data: { object: { id: row.paymentId!, method: 'fps', status: 'succeeded', amount: row.total, currency: 'HKD', metadata: { orderRef: row.reference } } },
  };
  const text = JSON.stringify(body);
  const signature = signWebhook(text, TEST_WEBHOOK_SECRET, Math.floor(now / 1000));
  const r = await t.raw('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature }, body: text });
  expect(r.status).toBe(200);
  return { m, refund: await listed(row.id) };
}

/** The open refund request of an order, as the back office lists it (every page read). */
async function listed(orderId: string, Status: 'open' | 'paid' | 'all' = 'open'): Promise<StaffRefund> {
  const found: StaffRefund[] = [];
  let LastEvaluatedKey: string | undefined;
  do {
    const page = await t.call(listRefundRequests, { Status, Size: 20, ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(staff));
    found.push(...page.RefundList.filter((r) => r.OrderID === orderId));
    LastEvaluatedKey = page.LastEvaluatedKey;
  } while (LastEvaluatedKey);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const press = (body: unknown) => refused(t, 'pay-refund', body, staff);
const refundsAtSandbox = (paymentId: string) => t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
const auditOf = (refundId: string) => t.db.select().from(auditLog).where(and(eq(auditLog.action, PAY_REFUND_ACTION), eq(auditLog.target, `refund:${refundId}`)));
const refundMails = async (m: Shopper) => (await mails(t, m.email)).filter((mail) => mail.subject.includes('refund'));

describe('a card payment that came after its order expired', () => {
  it('is listed open, and staff pay it back through the provider once: sandbox refund, paid row, audit row, mail', async () => {
    const { m, refund, paymentId } = await lateCardRefund();
    expect(refund).toMatchObject({ Status: 'open', PaymentMethod: 'CreditCard', Reason: 'order_expired', Currency: 'HKD', Kind: 'product' });
    expect(refund.Reference).not.toBe('');

    const paid = await t.call(payRefund, { RefundID: refund.RefundID }, auth(staff));
    expect(paid.Refund).toMatchObject({ RefundID: refund.RefundID, Status: 'paid', PaidBy: staff.userId, ProviderRefundID: expect.stringMatching(/^re_sbx_/) });
    expect(await refundsAtSandbox(paymentId)).toMatchObject([{ amount: refund.Amount, currency: 'HKD', id: paid.Refund.ProviderRefundID }]);
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, Number(refund.RefundID)));
    expect(row).toMatchObject({ status: 'paid', paidBy: staff.userId, providerRefundId: paid.Refund.ProviderRefundID });
    const audit = await auditOf(refund.RefundID);
    expect(audit).toMatchObject([{ actorUserId: staff.userId, before: { Status: 'open' }, after: { Status: 'paid', ProviderRefundID: paid.Refund.ProviderRefundID } }]);
    expect(await refundMails(m)).toHaveLength(1);
    expect(await listed(refund.OrderID, 'paid')).toEqual(paid.Refund);

    // Pressed again later: answers the paid refund, pays and writes nothing more.
    expect(await t.call(payRefund, { RefundID: refund.RefundID }, auth(staff))).toEqual(paid);
    expect(await refundsAtSandbox(paymentId)).toHaveLength(1);
    expect(await auditOf(refund.RefundID)).toHaveLength(1);
    expect(await refundMails(m)).toHaveLength(1);
  });

  it('pressed five times at once, pays out once (the others find it paid, or being paid)', async () => {
    const { m, refund, paymentId } = await lateCardRefund();
    const answers = await Promise.all(Array.from({ length: 5 }, () => press({ RefundID: refund.RefundID })));
    for (const a of answers) {
      if (a.status === 200) expect(a.json.Refund).toMatchObject({ Status: 'paid' });
      else expect(a).toMatchObject({ status: 400, json: { ErrorCode: 'RefundInProgress' } });
    }
    const paidAnswers = answers.filter((a) => a.status === 200);
    expect(paidAnswers.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paidAnswers.map((a) => (a.json.Refund as StaffRefund).ProviderRefundID)).size).toBe(1);
    expect(await refundsAtSandbox(paymentId)).toMatchObject([{ amount: refund.Amount }]);
    expect(await auditOf(refund.RefundID)).toHaveLength(1);
    expect(await refundMails(m)).toHaveLength(1);
    expect((await press({ RefundID: refund.RefundID })).json.Refund).toMatchObject({ Status: 'paid' });
  });

  it('a claim left by a press that died is taken over after a while, and the provider pays once (same key)', async () => {
    const { refund, paymentId } = await lateCardRefund();
    const id = Number(refund.RefundID);
    // The first press asked the provider, then died before recording the answer.
    const first = await (await sandbox()).refund({ paymentId, amount: refund.Amount, idempotencyKey: `refund-request-${id}` });
    expect(first.ok).toBe(true);
    await t.db.update(refundRequests).set({ status: 'paying', payingSince: new Date(now) }).where(eq(refundRequests.id, id));
    expect(await press({ RefundID: refund.RefundID })).toMatchObject({ status: 400, json: { ErrorCode: 'RefundInProgress' } });
    now += 3 * MINUTE;
    const taken = await press({ RefundID: refund.RefundID });
    expect(taken.status).toBe(200);
    expect(taken.json.Refund).toMatchObject({ Status: 'paid', ProviderRefundID: first.ok ? first.refundId : '' });
    expect(await refundsAtSandbox(paymentId)).toHaveLength(1);
  });
});

describe('an FPS transfer that came after its order expired', () => {
  it('is paid back by bank transfer: BankReference is required, then recorded once with its audit row and mail', async () => {
    const { m, refund } = await lateFpsRefund();
    expect(refund).toMatchObject({ Status: 'open', PaymentMethod: 'FPS', Reason: 'order_expired' });
    expect(await press({ RefundID: refund.RefundID })).toMatchObject({ status: 400, json: { ErrorCode: 'MissingParameter', field: 'BankReference' } });
    expect((await listed(refund.OrderID)).Status).toBe('open');

    const answers = await Promise.all(Array.from({ length: 3 }, () => press({ RefundID: refund.RefundID, BankReference: 'HSBC-FT-0042' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.json.Refund).toMatchObject({ Status: 'paid', BankReference: 'HSBC-FT-0042', PaidBy: staff.userId });
    expect(await auditOf(refund.RefundID)).toHaveLength(1);
    expect(await refundMails(m)).toHaveLength(1);
  });
});

describe('who may pay', () => {
  it('a member is refused 403, a visitor 401; an unknown refund is ObjectNotFound', async () => {
    const member = await shopper(t, { address: false });
    expect(await refused(t, 'pay-refund', { RefundID: '1' }, member)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'pay-refund', { RefundID: '1' })).toMatchObject({ status: 401 });
    expect(await press({ RefundID: '999999999' })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'RefundID' } });
  });
});

describe('the Stripe provider’s refund', () => {
  it('asks Stripe for a refund of the payment intent with an idempotency key derived from the request', async () => {
    const sent: Array<{ path: string; params: URLSearchParams; headers: Headers }> = [];
    const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ path: new URL(String(input)).pathname, params: new URLSearchParams(String(init?.body ?? '')), headers: new Headers(init?.headers as HeadersInit) });
      const body = { id: 're_test_1', object: 'refund', status: 'succeeded', amount: 12800, currency: 'hkd', payment_intent: 'pi_test_1' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
    }) as typeof fetch;
    const client = new Stripe('sk_test_fake', { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0 });
    const fps = createSandboxProvider({
      store: createMemorySandboxStore(),
      clock: { now: () => new Date(now) },
      scheduler: createManualScheduler(),
      deliver: async () => true,
      webhookSecret: 'whsec_sandbox',
      publicUrl: 'http://shop.test',
      fps: { merchant: { proxy: { kind: 'fpsId', value: '1234567' }, name: 'Sip and Gather', city: 'Hong Kong', merchantCategoryCode: '5499' }, hkdRates: { USD: '7.8' }, windowMs: 600_000 },
    });
    const stripe = createStripeProvider({ client, webhookSecret: 'whsec_x', fps, allowCardTokenizing: true });
    expect(await stripe.refund({ paymentId: 'pi_test_1', amount: 12800, idempotencyKey: 'refund-request-7' })).toEqual({ ok: true, refundId: 're_test_1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/refunds');
    expect(Object.fromEntries(sent[0]!.params)).toEqual({ payment_intent: 'pi_test_1', amount: '12800' });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('refund-refund-request-7');
  });
});
