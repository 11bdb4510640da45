/** The sandbox payment provider (server/services/payments/sandbox.ts): no network, real behaviour. */
import { describe, expect, it } from 'vitest';
import { parseFpsPayload } from '../../server/services/payments/fps.ts';
import { createManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import {
  FPS_WINDOW_MS,
  nextPaymentStatus,
  toSpecErrorCode,
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentResult,
  type PaymentStatus,
} from '../../server/services/payments/provider.ts';
import {
  cardBrand,
  createSandboxProvider,
  luhnValid,
  SANDBOX_PAGES_PATH,
  SANDBOX_SIGNATURE_HEADER,
  signWebhook,
  TEST_CARDS,
  type WebhookDelivery,
} from '../../server/services/payments/sandbox.ts';
import { createMemorySandboxStore } from '../../server/services/payments/store.ts';

const SECRET = 'whsec_sandbox_test';
const START = new Date('2026-11-01T04:00:00Z');

function ok<T>(result: PaymentResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.code}`);
  return result;
}

/**
 * A sandbox wired to a stand-in for the shop's webhook endpoint: it verifies each delivery with
 * parseWebhook and applies it the way the order service must (ignore a seen event id, never
 * undo a result: nextPaymentStatus).
 */
function setup(options: { duplicateAfterMs?: number | null } = {}) {
  let now = START;
  const clock = { now: () => now };
  const scheduler = createManualScheduler();
  const deliveries: WebhookDelivery[] = [];
  const seen = new Set<string>();
  const applied: PaymentEvent[] = [];
  const statusByPayment = new Map<string, PaymentStatus>();
  let accepting = true;
  const sandbox = createSandboxProvider({
    store: createMemorySandboxStore(),
    clock,
    scheduler,
    webhookSecret: SECRET,
    publicUrl: 'http://shop.test/',
    fps: {
      merchant: { proxy: { kind: 'fpsId', value: '1234567' }, name: 'Sip and Gather', city: 'Hong Kong', merchantCategoryCode: '5499' },
      hkdRates: { USD: '7.8' },
      windowMs: FPS_WINDOW_MS,
    },
    delivery: { delayMs: 100, duplicateAfterMs: options.duplicateAfterMs === undefined ? 2000 : options.duplicateAfterMs, retryDelaysMs: [1000, 5000] },
    async deliver(delivery) {
      deliveries.push(delivery);
      if (!accepting) return false;
      const parsed = await sandbox.parseWebhook(delivery.body, (name) => (name === SANDBOX_SIGNATURE_HEADER ? delivery.signature : undefined));
      if (!('event' in parsed)) return true;
      const { event } = parsed;
      if (seen.has(event.eventId)) return true;
      seen.add(event.eventId);
      const next = nextPaymentStatus(statusByPayment.get(event.paymentId) ?? 'pending', event.type);
      if (next) {
        statusByPayment.set(event.paymentId, next);
        applied.push(event);
      }
      return true;
    },
  });
  return {
    sandbox,
    scheduler,
    deliveries,
    applied,
    statusByPayment,
    advanceClock: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    refuseDeliveries: (refuse: boolean) => {
      accepting = !refuse;
    },
  };
}

async function customerWithCard(sandbox: ReturnType<typeof setup>['sandbox'], number: string) {
  const { customerId } = ok(await sandbox.createCustomer({ memberId: 'm1', email: 'mei@example.com' }));
  const { paymentMethodId } = ok(await sandbox.tokenizeCard({ number, expMonth: 12, expYear: 2030, cvc: number.startsWith('3') ? '1234' : '123' }));
  const { card } = ok(await sandbox.attachCard(customerId, paymentMethodId));
  return { customerId, card };
}

const cardRequest = (customerId: string, cardId: string, orderRef = 'SG-0001') => ({
  orderRef,
  amount: 58_800,
  currency: 'HKD',
  customerId,
  cardId,
  returnUrl: 'http://shop.test/checkout_product?step=return',
});

describe('card numbers', () => {
  it('pass the Luhn check only when valid', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
  });

  it('are branded from their leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('6200000000000005')).toBe('unionpay');
    expect(cardBrand('36227206271667')).toBe('diners');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });
});

describe('saving cards', () => {
  it('tokenises a test card, saves it to the customer, lists and removes it', async () => {
    const { sandbox } = setup();
    const { customerId } = ok(await sandbox.createCustomer({ memberId: 'm1', email: 'mei@example.com' }));
    const { paymentMethodId } = ok(await sandbox.tokenizeCard({ number: '4242 4242 4242 4242', expMonth: 4, expYear: 2031, cvc: '123' }));
    expect(paymentMethodId).toMatch(/^pm_sbx_/);
    const { card } = ok(await sandbox.attachCard(customerId, paymentMethodId));
    expect(card).toEqual({ id: paymentMethodId, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 });
    expect(ok(await sandbox.attachCard(customerId, paymentMethodId)).card).toEqual(card);
    expect(ok(await sandbox.listSavedCards(customerId)).cards).toEqual([card]);

    const other = ok(await sandbox.createCustomer({ memberId: 'm2', email: 'kai@example.com' }));
    expect(await sandbox.attachCard(other.customerId, paymentMethodId)).toMatchObject({ ok: false, code: 'invalid_state' });
    expect(await sandbox.detachCard(other.customerId, paymentMethodId)).toMatchObject({ ok: false, code: 'not_found' });
    expect(ok(await sandbox.detachCard(customerId, paymentMethodId))).toEqual({ ok: true });
    expect(ok(await sandbox.listSavedCards(customerId)).cards).toEqual([]);
    expect(await sandbox.listSavedCards('cus_nobody')).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('refuses numbers, dates and codes a card cannot have, and live cards', async () => {
    const { sandbox } = setup();
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(await sandbox.tokenizeCard({ ...card, number: '4242424242424241' })).toMatchObject({ code: 'incorrect_number' });
    expect(await sandbox.tokenizeCard({ ...card, number: '4242' })).toMatchObject({ code: 'incorrect_number' });
    expect(await sandbox.tokenizeCard({ ...card, expMonth: 13 })).toMatchObject({ code: 'invalid_expiry' });
    expect(await sandbox.tokenizeCard({ ...card, expMonth: 10, expYear: 2026 })).toMatchObject({ code: 'expired_card' });
    expect((await sandbox.tokenizeCard({ ...card, expMonth: 11, expYear: 2026 })).ok).toBe(true);
    expect(await sandbox.tokenizeCard({ ...card, cvc: '12' })).toMatchObject({ code: 'incorrect_cvc' });
    expect(await sandbox.tokenizeCard({ ...card, number: '378282246310005', cvc: '123' })).toMatchObject({ code: 'incorrect_cvc' });
    expect((await sandbox.tokenizeCard({ ...card, number: '378282246310005', cvc: '1234' })).ok).toBe(true);
    expect(await sandbox.tokenizeCard({ ...card, number: '4012888888881881' })).toMatchObject({
      ok: false,
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
    });
  });
});

describe('card payments', () => {
  it('4242… succeeds at once, and the result reaches the shop by a signed webhook, later and twice', async () => {
    const t = setup();
    const { customerId, card } = await customerWithCard(t.sandbox, '4242424242424242');
    const { payment } = ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id)));
    expect(payment).toMatchObject({ method: 'card', status: 'succeeded', orderRef: 'SG-0001', amount: 58_800, currency: 'HKD' });
    expect(payment.paymentId).toMatch(/^pi_sbx_/);
    expect(t.deliveries).toHaveLength(0);

    await t.scheduler.advance(100);
    expect(t.deliveries).toHaveLength(1);
    expect(t.applied).toEqual([
      expect.objectContaining({ type: 'succeeded', paymentId: payment.paymentId, orderRef: 'SG-0001', amount: 58_800, currency: 'HKD', method: 'card', occurredAt: START }),
    ]);
    await t.scheduler.advance(2000);
    expect(t.deliveries).toHaveLength(2);
    expect(JSON.parse(t.deliveries[1]!.body).id).toBe(JSON.parse(t.deliveries[0]!.body).id);
    expect(t.applied).toHaveLength(1);
    expect(t.scheduler.queue).toEqual([]);
  });

  it('4000 0000 0000 0002 is declined: PaymentFail for the shop', async () => {
    const t = setup();
    const { customerId, card } = await customerWithCard(t.sandbox, '4000000000000002');
    const { payment } = ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id)));
    expect(payment.status).toBe('failed');
    expect(payment.failure).toEqual({ code: 'card_declined', declineCode: 'generic_decline' });
    expect(toSpecErrorCode('card', payment.failure!)).toBe('PaymentFail');
    await t.scheduler.runAll();
    expect(t.applied.map((e) => [e.type, e.failure])).toEqual([['failed', { code: 'card_declined', declineCode: 'generic_decline' }]]);
  });

  it('declines with the issuer’s reason for the other decline cards', async () => {
    const t = setup();
    const expected: Record<string, [string, string]> = {
      '4000000000009995': ['card_declined', 'insufficient_funds'],
      '4000000000000069': ['expired_card', 'expired_card'],
      '4000000000000127': ['incorrect_cvc', 'incorrect_cvc'],
      '4000000000000341': ['card_declined', 'generic_decline'],
    };
    for (const [number, [code, declineCode]] of Object.entries(expected)) {
      const { customerId, card } = await customerWithCard(t.sandbox, number);
      const { payment } = ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id, `SG-${number.slice(-4)}`)));
      expect(payment.failure, number).toEqual({ code, declineCode });
    }
  });

  it('4000 0027 6000 3184 needs the extra confirmation page; completing it pays, and the payer returns like from Stripe', async () => {
    const t = setup();
    const { customerId, card } = await customerWithCard(t.sandbox, '4000002760003184');
    const { payment } = ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id)));
    expect(payment.status).toBe('requires_action');
    expect(payment.redirectUrl).toBe(`http://shop.test${SANDBOX_PAGES_PATH}/${payment.paymentId}`);

    const page = await t.sandbox.hostedPage(payment.paymentId);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`action="${SANDBOX_PAGES_PATH}/${payment.paymentId}/approve"`);
    expect(page.html).toContain(`action="${SANDBOX_PAGES_PATH}/${payment.paymentId}/decline"`);
    expect(page.html).toContain('Complete authentication');
    expect(page.html).toContain('HK$588.00');

    // Asking again for the same order while the step is pending gives the same payment.
    expect(ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id))).payment.paymentId).toBe(payment.paymentId);

    const done = ok(await t.sandbox.completeHostedPage(payment.paymentId, 'approve'));
    expect(done.payment.status).toBe('succeeded');
    const back = new URL(done.redirectUrl);
    expect(back.origin + back.pathname).toBe('http://shop.test/checkout_product');
    expect(Object.fromEntries(back.searchParams)).toEqual({ step: 'return', payment_intent: payment.paymentId, redirect_status: 'succeeded' });
    expect(ok(await t.sandbox.confirmPayment(payment.paymentId)).payment.status).toBe('succeeded');

    // A second press changes nothing and sends no new event.
    expect(ok(await t.sandbox.completeHostedPage(payment.paymentId, 'decline')).payment.status).toBe('succeeded');
    await t.scheduler.runAll();
    expect(t.applied.map((e) => e.type)).toEqual(['requires_action', 'succeeded']);
    expect(new Set(t.deliveries.map((d) => JSON.parse(d.body).id)).size).toBe(2);
    expect((await t.sandbox.hostedPage(payment.paymentId)).html).toContain('This payment is succeeded');
  });

  it('failing the extra confirmation fails the payment; 4000 0084 0000 1629 is declined after it', async () => {
    const t = setup();
    const first = await customerWithCard(t.sandbox, '4000002760003184');
    const refused = ok(await t.sandbox.createCardPayment(cardRequest(first.customerId, first.card.id, 'SG-A')));
    const result = ok(await t.sandbox.completeHostedPage(refused.payment.paymentId, 'decline'));
    expect(result.payment.failure).toEqual({ code: 'authentication_failed', declineCode: undefined });
    expect(new URL(result.redirectUrl).searchParams.get('redirect_status')).toBe('failed');

    const second = await customerWithCard(t.sandbox, '4000008400001629');
    const later = ok(await t.sandbox.createCardPayment(cardRequest(second.customerId, second.card.id, 'SG-B')));
    expect(later.payment.status).toBe('requires_action');
    expect(ok(await t.sandbox.completeHostedPage(later.payment.paymentId, 'approve')).payment.failure).toEqual({
      code: 'card_declined',
      declineCode: 'card_declined',
    });
  });

  it('a failed payment frees the order for another attempt; a card of someone else is not found', async () => {
    const t = setup();
    const declined = await customerWithCard(t.sandbox, '4000000000000002');
    const first = ok(await t.sandbox.createCardPayment(cardRequest(declined.customerId, declined.card.id)));
    const good = await customerWithCard(t.sandbox, '4242424242424242');
    expect(await t.sandbox.createCardPayment(cardRequest(declined.customerId, good.card.id))).toMatchObject({ ok: false, code: 'not_found' });
    const { paymentMethodId } = ok(await t.sandbox.tokenizeCard({ number: '5555555555554444', expMonth: 1, expYear: 2029, cvc: '321' }));
    ok(await t.sandbox.attachCard(declined.customerId, paymentMethodId));
    const second = ok(await t.sandbox.createCardPayment(cardRequest(declined.customerId, paymentMethodId)));
    expect(second.payment.paymentId).not.toBe(first.payment.paymentId);
    expect(second.payment.status).toBe('succeeded');
    // Paid: asking again returns that payment, not a second charge.
    expect(ok(await t.sandbox.createCardPayment(cardRequest(declined.customerId, paymentMethodId))).payment.paymentId).toBe(second.payment.paymentId);
  });
});

describe('Alipay', () => {
  const request = { orderRef: 'SG-0100', amount: 2_500, currency: 'USD', returnUrl: 'http://shop.test/checkout_product' };

  it('sends the payer to the hosted page; Pay returns paid', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createAlipayPayment(request));
    expect(payment).toMatchObject({ method: 'alipay', status: 'requires_action', redirectUrl: `http://shop.test${SANDBOX_PAGES_PATH}/${payment.paymentId}` });
    const page = await t.sandbox.hostedPage(payment.paymentId);
    expect(page.html).toContain('Alipay');
    expect(page.html).toContain('US$25.00');
    expect(page.html).toContain('Pay 付款');
    expect(page.html).toContain('Cancel 取消');
    const done = ok(await t.sandbox.completeHostedPage(payment.paymentId, 'approve'));
    expect(new URL(done.redirectUrl).searchParams.get('redirect_status')).toBe('succeeded');
    await t.scheduler.runAll();
    expect(t.statusByPayment.get(payment.paymentId)).toBe('succeeded');
  });

  it('Cancel returns failed (payment_canceled), which the shop shows as PaymentFail', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createAlipayPayment(request));
    const done = ok(await t.sandbox.completeHostedPage(payment.paymentId, 'decline'));
    expect(done.payment.failure?.code).toBe('payment_canceled');
    expect(new URL(done.redirectUrl).searchParams.get('redirect_status')).toBe('failed');
    expect(toSpecErrorCode('alipay', done.payment.failure!)).toBe('PaymentFail');
    expect(toSpecErrorCode('alipay', { code: 'provider_error' })).toBe('AlipayError');
  });

  it('an unknown page is a 404, and an open Alipay payment blocks a card payment for the same order', async () => {
    const t = setup();
    expect((await t.sandbox.hostedPage('pi_sbx_nope')).status).toBe(404);
    expect(await t.sandbox.completeHostedPage('pi_sbx_nope', 'approve')).toMatchObject({ ok: false, code: 'not_found' });
    const { payment } = ok(await t.sandbox.createAlipayPayment(request));
    const { customerId, card } = await customerWithCard(t.sandbox, '4242424242424242');
    expect(await t.sandbox.createCardPayment(cardRequest(customerId, card.id, request.orderRef))).toMatchObject({ ok: false, code: 'invalid_state' });
    ok(await t.sandbox.cancelPayment(payment.paymentId));
    expect(ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id, request.orderRef))).payment.status).toBe('succeeded');
  });
});

describe('FPS', () => {
  const request = { orderRef: 'SG-20261101-0042', amount: 10_000, currency: 'USD' };

  it('creates a QR for the HKD amount, with the order reference, valid for 10 minutes; asking again gives the same QR', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createFpsPayment(request));
    expect(payment).toMatchObject({ method: 'fps', status: 'pending', amount: 10_000, currency: 'USD' });
    expect(payment.fps.amountHkdCents).toBe(78_000);
    expect(payment.fps.expiresAt).toEqual(new Date(START.getTime() + 10 * 60_000));
    const parsed = parseFpsPayload(payment.fps.payload);
    expect(parsed).toMatchObject({ initiation: 'dynamic', currency: '344', amount: '780.00', reference: 'SG-20261101-0042' });
    expect(payment.fps.svg).toMatch(/^<svg /);
    t.advanceClock(5 * 60_000);
    const again = ok(await t.sandbox.createFpsPayment(request)).payment;
    expect(again.paymentId).toBe(payment.paymentId);
    expect(again.fps.payload).toBe(payment.fps.payload);
  });

  it('the simulated transfer pays it once; a second transfer is refused', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createFpsPayment({ ...request, currency: 'HKD' }));
    expect(ok(await t.sandbox.simulateFpsTransfer(payment.paymentId)).payment.status).toBe('succeeded');
    expect(await t.sandbox.simulateFpsTransfer(payment.paymentId)).toMatchObject({ ok: false, code: 'already_paid' });
    expect(await t.sandbox.createFpsPayment({ ...request, currency: 'HKD' })).toMatchObject({ ok: false, code: 'already_paid' });
    await t.scheduler.runAll();
    expect(t.applied.map((e) => [e.type, e.method, e.orderRef])).toEqual([['succeeded', 'fps', request.orderRef]]);
  });

  it('a transfer that does not match the QR is refused', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createFpsPayment(request));
    const wrong = { paymentId: payment.paymentId, reference: request.orderRef, amountHkdCents: 77_999 };
    expect(await t.sandbox.receiveFpsNotification(wrong)).toMatchObject({ ok: false, code: 'amount_mismatch' });
    expect(await t.sandbox.receiveFpsNotification({ ...wrong, amountHkdCents: 78_000, reference: 'SG-OTHER' })).toMatchObject({ code: 'amount_mismatch' });
    expect(ok(await t.sandbox.receiveFpsNotification({ ...wrong, amountHkdCents: 78_000 })).payment.status).toBe('succeeded');
  });

  it('cancelling invalidates the QR; cancelling twice is fine', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createFpsPayment(request));
    expect(ok(await t.sandbox.cancelPayment(payment.paymentId)).payment.status).toBe('canceled');
    expect(ok(await t.sandbox.cancelPayment(payment.paymentId)).payment.status).toBe('canceled');
    expect(await t.sandbox.simulateFpsTransfer(payment.paymentId)).toMatchObject({ ok: false, code: 'qr_canceled' });
    await t.scheduler.runAll();
    expect(t.applied.map((e) => e.type)).toEqual(['canceled']);
  });

  it('after 10 minutes the QR is expired: a transfer is refused and the next request makes a new QR', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createFpsPayment(request));
    t.advanceClock(10 * 60_000 - 1);
    expect(ok(await t.sandbox.confirmPayment(payment.paymentId)).payment.status).toBe('pending');
    t.advanceClock(1);
    expect(await t.sandbox.simulateFpsTransfer(payment.paymentId)).toMatchObject({ ok: false, code: 'qr_expired' });
    expect(ok(await t.sandbox.confirmPayment(payment.paymentId)).payment).toMatchObject({ status: 'canceled', failure: { code: 'qr_expired' } });
    const fresh = ok(await t.sandbox.createFpsPayment(request)).payment;
    expect(fresh.paymentId).not.toBe(payment.paymentId);
    expect(fresh.fps.expiresAt).toEqual(new Date(START.getTime() + 20 * 60_000));
  });

  it('a paid payment cannot be cancelled', async () => {
    const t = setup();
    const { payment } = ok(await t.sandbox.createFpsPayment(request));
    ok(await t.sandbox.simulateFpsTransfer(payment.paymentId));
    expect(await t.sandbox.cancelPayment(payment.paymentId)).toMatchObject({ ok: false, code: 'invalid_state' });
    expect(await t.sandbox.cancelPayment('pi_sbx_missing')).toMatchObject({ ok: false, code: 'not_found' });
  });
});

describe('webhooks', () => {
  it('deliveries arriving twice and out of order still leave the payment succeeded, each event applied once', async () => {
    const t = setup();
    const { customerId, card } = await customerWithCard(t.sandbox, '4000002760003184');
    const { payment } = ok(await t.sandbox.createCardPayment(cardRequest(customerId, card.id)));
    ok(await t.sandbox.completeHostedPage(payment.paymentId, 'approve'));
    // requires_action and succeeded, each delivered and duplicated: run them newest first, then all again.
    // Run again, an attempt of an acknowledged event sends nothing; the duplicates are sent regardless.
    const tasks = t.scheduler.take();
    expect(tasks).toHaveLength(4);
    for (const task of [...tasks].reverse()) await task.run();
    expect(t.deliveries).toHaveLength(4);
    for (const task of tasks) await task.run();
    expect(t.deliveries).toHaveLength(6);
    expect(t.statusByPayment.get(payment.paymentId)).toBe('succeeded');
    expect(t.applied.map((e) => e.type)).toEqual(['succeeded']);
  });

  it('are retried with back-off while the shop refuses them', async () => {
    const t = setup({ duplicateAfterMs: null });
    t.refuseDeliveries(true);
    const { payment } = ok(await t.sandbox.createFpsPayment({ orderRef: 'SG-R', amount: 100, currency: 'HKD' }));
    ok(await t.sandbox.simulateFpsTransfer(payment.paymentId));
    await t.scheduler.advance(100);
    expect(t.deliveries).toHaveLength(1);
    await t.scheduler.advance(999);
    expect(t.deliveries).toHaveLength(1);
    await t.scheduler.advance(1);
    expect(t.deliveries).toHaveLength(2);
    t.refuseDeliveries(false);
    await t.scheduler.advance(5000);
    expect(t.deliveries).toHaveLength(3);
    expect(t.applied.map((e) => e.type)).toEqual(['succeeded']);
    expect(t.scheduler.queue).toEqual([]);
  });

  it('are kept until acknowledged: one lost with its process is sent again by redeliverDue, once', async () => {
    const t = setup({ duplicateAfterMs: null });
    const { payment } = ok(await t.sandbox.createFpsPayment({ orderRef: 'SG-LOST', amount: 100, currency: 'HKD' }));
    ok(await t.sandbox.simulateFpsTransfer(payment.paymentId));
    // The process dies before its timer fires: the scheduled attempt is gone with it.
    expect(t.scheduler.take()).toHaveLength(1);
    expect(await t.sandbox.redeliverDue()).toBe(0); // not due yet (the first attempt's delay)
    t.advanceClock(100);
    expect(await t.sandbox.redeliverDue()).toBe(1);
    expect(t.applied.map((e) => [e.paymentId, e.type])).toEqual([[payment.paymentId, 'succeeded']]);
    t.advanceClock(24 * 3600_000);
    expect(await t.sandbox.redeliverDue()).toBe(0);
    expect(t.deliveries).toHaveLength(1);
  });

  it('are sent again after a delivery that never finished, and retried past the timers while refused, for three days', async () => {
    const t = setup({ duplicateAfterMs: null });
    t.refuseDeliveries(true);
    const { payment } = ok(await t.sandbox.createFpsPayment({ orderRef: 'SG-DOWN', amount: 100, currency: 'HKD' }));
    ok(await t.sandbox.simulateFpsTransfer(payment.paymentId));
    // The timers' attempts (the first, then after 1 s and 5 s) are all refused.
    await t.scheduler.runAll();
    expect(t.deliveries).toHaveLength(3);
    // Then the stored notification is due hourly: a restarted process sends it without any timer.
    t.advanceClock(30 * 60_000);
    expect(await t.sandbox.redeliverDue()).toBe(0);
    expect(t.deliveries).toHaveLength(3);
    t.advanceClock(31 * 60_000);
    expect(await t.sandbox.redeliverDue()).toBe(0);
    expect(t.deliveries).toHaveLength(4);
    t.refuseDeliveries(false);
    t.advanceClock(3600_000);
    expect(await t.sandbox.redeliverDue()).toBe(1);
    expect(t.applied.map((e) => e.type)).toEqual(['succeeded']);
    t.advanceClock(3600_000);
    expect(await t.sandbox.redeliverDue()).toBe(0);
    expect(t.deliveries).toHaveLength(5);

    // A shop that never accepts: the sandbox gives up after three days, as Stripe does.
    t.refuseDeliveries(true);
    const other = ok(await t.sandbox.createFpsPayment({ orderRef: 'SG-GONE', amount: 100, currency: 'HKD' })).payment;
    ok(await t.sandbox.simulateFpsTransfer(other.paymentId));
    await t.scheduler.runAll();
    let sent = t.deliveries.length;
    for (let hour = 0; hour < 24 * 4; hour++) {
      t.advanceClock(3600_000);
      await t.sandbox.redeliverDue();
    }
    sent = t.deliveries.length - sent;
    expect(sent).toBeGreaterThanOrEqual(24 * 3 - 2);
    expect(sent).toBeLessThanOrEqual(24 * 3 + 1);
    const before = t.deliveries.length;
    t.advanceClock(24 * 3600_000);
    await t.sandbox.redeliverDue();
    expect(t.deliveries).toHaveLength(before);
  });

  it('are refused when the signature is missing, wrong, for another body, or too old', async () => {
    const { sandbox, advanceClock } = setup();
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: START.getTime() / 1000,
      data: { object: { id: 'pi_sbx_1', method: 'card', status: 'succeeded', amount: 100, currency: 'HKD', metadata: { orderRef: 'SG-1' } } },
    });
    const at = (signature: string | undefined) => (name: string) => (name === SANDBOX_SIGNATURE_HEADER ? signature : undefined);
    const now = START.getTime() / 1000;
    const parsed = await sandbox.parseWebhook(body, at(signWebhook(body, SECRET, now)));
    expect(parsed).toEqual({
      event: {
        eventId: 'evt_1',
        type: 'succeeded',
        paymentId: 'pi_sbx_1',
        method: 'card',
        orderRef: 'SG-1',
        amount: 100,
        currency: 'HKD',
        occurredAt: START,
        failure: undefined,
      },
    });
    await expect(sandbox.parseWebhook(body, at(undefined))).rejects.toThrow(WebhookSignatureError);
    await expect(sandbox.parseWebhook(body, at('garbage'))).rejects.toThrow(/malformed/);
    await expect(sandbox.parseWebhook(body, at(signWebhook(body, 'whsec_other', now)))).rejects.toThrow(/does not match/);
    await expect(sandbox.parseWebhook(body.replace('"amount":100', '"amount":1'), at(signWebhook(body, SECRET, now)))).rejects.toThrow(/does not match/);
    advanceClock(301_000);
    await expect(sandbox.parseWebhook(body, at(signWebhook(body, SECRET, now)))).rejects.toThrow(/tolerance/);
    const other = JSON.stringify({ id: 'evt_2', type: 'charge.refunded', created: now + 301, data: { object: {} } });
    expect(await sandbox.parseWebhook(other, at(signWebhook(other, SECRET, now + 301)))).toEqual({ ignored: 'charge.refunded' });
  });
});

describe('nextPaymentStatus', () => {
  it('never lets a late or repeated event undo a result', () => {
    expect(nextPaymentStatus('pending', 'requires_action')).toBe('requires_action');
    expect(nextPaymentStatus('requires_action', 'succeeded')).toBe('succeeded');
    expect(nextPaymentStatus('succeeded', 'requires_action')).toBeUndefined();
    expect(nextPaymentStatus('succeeded', 'failed')).toBeUndefined();
    expect(nextPaymentStatus('succeeded', 'succeeded')).toBeUndefined();
    expect(nextPaymentStatus('canceled', 'succeeded')).toBeUndefined();
    expect(nextPaymentStatus('failed', 'succeeded')).toBe('succeeded');
    expect(nextPaymentStatus('failed', 'requires_action')).toBeUndefined();
  });
});
