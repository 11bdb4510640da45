/**
 * The Stripe provider (server/services/payments/stripe.ts) with the official SDK and no network:
 * the SDK's HTTP client is a local function answering like Stripe's API, so the requests the
 * provider makes and its reading of the answers are checked; webhooks are signed with the SDK's
 * own generateTestHeaderString.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import { createPaymentProvider } from '../../server/services/payments/index.ts';
import { readPaymentConfig, toSpecErrorCode, WebhookSignatureError, type PaymentResult } from '../../server/services/payments/provider.ts';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER, signWebhook } from '../../server/services/payments/sandbox.ts';
import { createMemorySandboxStore } from '../../server/services/payments/store.ts';
import { createStripeProvider, isStripeTestKey, statusOf, STRIPE_SIGNATURE_HEADER } from '../../server/services/payments/stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const NOW = new Date('2026-11-01T04:00:00Z');

interface SentRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
}

type Answer = { status: number; body: unknown };

/** A Stripe client whose every request is answered by `answer` (no network). */
function fakeStripe(answer: (request: SentRequest) => Answer) {
  const sent: SentRequest[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      params: new URLSearchParams(init?.method === 'GET' ? url.search : body),
      headers: new Headers(init?.headers as HeadersInit),
    };
    sent.push(request);
    const { status, body: json } = answer(request);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  }) as typeof fetch;
  const client = new Stripe('sk_test_fake', { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0 });
  return { client, sent };
}

function sandboxForFps() {
  return createSandboxProvider({
    store: createMemorySandboxStore(),
    clock: { now: () => NOW },
    scheduler: createManualScheduler(),
    deliver: async () => true,
    webhookSecret: 'whsec_sandbox',
    publicUrl: 'http://shop.test',
    fps: {
      merchant: { proxy: { kind: 'fpsId', value: '1234567' }, name: 'Sip and Gather', city: 'Hong Kong', merchantCategoryCode: '5499' },
      hkdRates: { USD: '7.8' },
      windowMs: 600_000,
    },
  });
}

function provider(answer: (request: SentRequest) => Answer = () => ({ status: 500, body: {} }), allowCardTokenizing = true) {
  const { client, sent } = fakeStripe(answer);
  const fps = sandboxForFps();
  return { stripe: createStripeProvider({ client, webhookSecret: WEBHOOK_SECRET, fps, allowCardTokenizing }), sent, client, fps };
}

function paymentIntent(fields: Record<string, unknown> = {}) {
  return {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 58_800,
    currency: 'hkd',
    status: 'succeeded',
    metadata: { orderRef: 'SG-0001' },
    payment_method_types: ['card'],
    allowed_payment_method_types: ['card'],
    last_payment_error: null,
    next_action: null,
    ...fields,
  };
}

function ok<T>(result: PaymentResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

const cardRequest = {
  orderRef: 'SG-0001',
  amount: 58_800,
  currency: 'HKD',
  customerId: 'cus_1',
  cardId: 'pm_1',
  returnUrl: 'http://shop.test/checkout_product',
};

describe('card payments through PaymentIntents', () => {
  it('creates and confirms a PaymentIntent for the saved card, once per order and card', async () => {
    const { stripe, sent } = provider(() => ({ status: 200, body: paymentIntent() }));
    const { payment } = ok(await stripe.createCardPayment(cardRequest));
    expect(payment).toEqual({
      paymentId: 'pi_123',
      method: 'card',
      status: 'succeeded',
      orderRef: 'SG-0001',
      amount: 58_800,
      currency: 'HKD',
      redirectUrl: undefined,
      failure: undefined,
    });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(request!.params)).toEqual({
      amount: '58800',
      currency: 'hkd',
      customer: 'cus_1',
      payment_method: 'pm_1',
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      return_url: 'http://shop.test/checkout_product',
      'metadata[orderRef]': 'SG-0001',
    });
    expect(request!.headers.get('idempotency-key')).toBe('card-SG-0001-pm_1');
  });

  it('reports the extra confirmation step with the page to redirect to', async () => {
    const { stripe } = provider(() => ({
      status: 200,
      body: paymentIntent({
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/x', return_url: 'http://shop.test/checkout_product' } },
      }),
    }));
    const { payment } = ok(await stripe.createCardPayment(cardRequest));
    expect(payment.status).toBe('requires_action');
    expect(payment.redirectUrl).toBe('https://hooks.stripe.com/3d_secure_2/x');
  });

  it('a declined card is a failed payment with the issuer’s reason (PaymentFail)', async () => {
    const declined = paymentIntent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    const { stripe } = provider(() => ({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: declined } },
    }));
    const { payment } = ok(await stripe.createCardPayment(cardRequest));
    expect(payment).toMatchObject({ paymentId: 'pi_123', status: 'failed', failure: { code: 'card_declined', declineCode: 'insufficient_funds' } });
    expect(toSpecErrorCode('card', payment.failure!)).toBe('PaymentFail');
  });

  it('Stripe failing or refusing the request is a provider error (StripeError)', async () => {
    const { stripe } = provider(() => ({ status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } }));
    const result = await stripe.createCardPayment(cardRequest);
    expect(result).toMatchObject({ ok: false, code: 'provider_error' });
    expect(toSpecErrorCode('card', result as { code: 'provider_error' })).toBe('StripeError');
    const missing = provider(() => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } }));
    expect(await missing.stripe.confirmPayment('pi_missing')).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('reads the outcome after the payer came back', async () => {
    const { stripe, sent } = provider(() => ({ status: 200, body: paymentIntent({ status: 'processing' }) }));
    expect(ok(await stripe.confirmPayment('pi_123')).payment.status).toBe('processing');
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_123' });
  });
});

describe('reconciliation through Stripe', () => {
  it('lists the PaymentIntents of an order reference by a metadata search, with its FPS payments', async () => {
    const { stripe, sent, fps } = provider(() => ({
      status: 200,
      body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data: [paymentIntent({ id: 'pi_9', metadata: { orderRef: 'SG-0009' } })] },
    }));
    const qr = ok(await fps.createFpsPayment({ orderRef: 'SG-0009', amount: 58_800, currency: 'HKD' })).payment;
    const { payments } = ok(await stripe.paymentsFor('SG-0009'));
    expect(payments.map((p) => [p.paymentId, p.status, p.orderRef])).toEqual([
      ['pi_9', 'succeeded', 'SG-0009'],
      [qr.paymentId, 'pending', 'SG-0009'],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/search' });
    expect(sent[0]!.params.get('query')).toBe("metadata['orderRef']:'SG-0009'");
  });

  it('answers a provider error when Stripe cannot be asked, so nothing is decided from it', async () => {
    const { stripe } = provider(() => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } }));
    expect(await stripe.paymentsFor('SG-0009')).toMatchObject({ ok: false, code: 'provider_error' });
  });
});

describe('Alipay through Stripe', () => {
  it('creates a confirmed Alipay PaymentIntent and hands back Stripe’s redirect', async () => {
    const { stripe, sent } = provider(() => ({
      status: 200,
      body: paymentIntent({
        status: 'requires_action',
        payment_method_types: ['alipay'],
        allowed_payment_method_types: ['alipay'],
        next_action: { type: 'alipay_handle_redirect', alipay_handle_redirect: { url: 'https://hooks.stripe.com/alipay/x', native_url: null, native_data: null, return_url: 'r' } },
      }),
    }));
    const { payment } = ok(await stripe.createAlipayPayment({ orderRef: 'SG-0001', amount: 2_500, currency: 'USD', returnUrl: 'http://shop.test/back' }));
    expect(payment).toMatchObject({ method: 'alipay', status: 'requires_action', redirectUrl: 'https://hooks.stripe.com/alipay/x' });
    expect(Object.fromEntries(sent[0]!.params)).toEqual({
      amount: '2500',
      currency: 'usd',
      'allowed_payment_method_types[0]': 'alipay',
      'payment_method_data[type]': 'alipay',
      confirm: 'true',
      return_url: 'http://shop.test/back',
      'metadata[orderRef]': 'SG-0001',
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('alipay-SG-0001');
  });

  it('Stripe refusing Alipay is an AlipayError', async () => {
    const { stripe } = provider(() => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_method_unactivated', message: 'Alipay is not activated' } } }));
    const result = await stripe.createAlipayPayment({ orderRef: 'SG-0001', amount: 2_500, currency: 'USD', returnUrl: 'http://shop.test/back' });
    expect(result).toMatchObject({ ok: false, code: 'provider_error' });
    expect(toSpecErrorCode('alipay', result as { code: 'provider_error' })).toBe('AlipayError');
  });
});

describe('saved cards', () => {
  it('lists the customer’s cards as brand, last4, expiry', async () => {
    const { stripe, sent } = provider(() => ({
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        url: '/v1/customers/cus_1/payment_methods',
        data: [
          { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
          { id: 'pm_2', object: 'payment_method', type: 'card', card: { brand: 'eftpos_au', last4: '0005', exp_month: 1, exp_year: 2030 } },
        ],
      },
    }));
    expect(ok(await stripe.listSavedCards('cus_1')).cards).toEqual([
      { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
      { id: 'pm_2', brand: 'unknown', last4: '0005', expMonth: 1, expYear: 2030 },
    ]);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/v1/customers/cus_1/payment_methods' });
    expect(Object.fromEntries(sent[0]!.params)).toEqual({ type: 'card', limit: '100' });
  });

  it('attaches a tokenised card; typed numbers are refused unless in test mode', async () => {
    const { stripe, sent } = provider(() => ({
      status: 200,
      body: { id: 'pm_9', object: 'payment_method', type: 'card', customer: 'cus_1', card: { brand: 'mastercard', last4: '4444', exp_month: 2, exp_year: 2032 } },
    }));
    expect(ok(await stripe.attachCard('cus_1', 'pm_9')).card).toEqual({ id: 'pm_9', brand: 'mastercard', last4: '4444', expMonth: 2, expYear: 2032 });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_9/attach' });
    expect(sent[0]!.params.get('customer')).toBe('cus_1');

    const live = provider(() => ({ status: 200, body: {} }), false);
    expect(await live.stripe.tokenizeCard({ number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' })).toMatchObject({ ok: false, code: 'unsupported' });
    expect(live.sent).toHaveLength(0);
    expect(isStripeTestKey('sk_test_abc')).toBe(true);
    expect(isStripeTestKey('sk_live_abc')).toBe(false);
  });
});

describe('cancelling', () => {
  it('cancels the PaymentIntent; one already cancelled is reported as it stands', async () => {
    let calls = 0;
    const { stripe, sent } = provider(() => {
      calls++;
      if (calls === 1) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'already canceled' } } };
      return { status: 200, body: paymentIntent({ status: 'canceled' }) };
    });
    expect(ok(await stripe.cancelPayment('pi_123')).payment.status).toBe('canceled');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_intents/pi_123/cancel', 'GET /v1/payment_intents/pi_123']);
  });

  it('a paid PaymentIntent cannot be cancelled', async () => {
    let calls = 0;
    const { stripe } = provider(() =>
      ++calls === 1
        ? { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'succeeded' } } }
        : { status: 200, body: paymentIntent({ status: 'succeeded' }) },
    );
    expect(await stripe.cancelPayment('pi_123')).toMatchObject({ ok: false, code: 'invalid_state' });
  });
});

describe('FPS with Stripe configured', () => {
  it('is served by the sandbox’s FPS part, without asking Stripe', async () => {
    const { stripe, sent } = provider();
    const { payment } = ok(await stripe.createFpsPayment({ orderRef: 'SG-0042', amount: 1_000, currency: 'HKD' }));
    expect(payment.paymentId).toMatch(/^pi_sbx_/);
    expect(ok(await stripe.confirmPayment(payment.paymentId)).payment.status).toBe('pending');
    expect(ok(await stripe.cancelPayment(payment.paymentId)).payment.status).toBe('canceled');
    expect(sent).toHaveLength(0);
  });
});

describe('webhooks', () => {
  function signed(client: Stripe, event: unknown, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const header = client.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
    return { payload, header: (name: string) => (name === STRIPE_SIGNATURE_HEADER ? header : undefined) };
  }
  const event = (type: string, object: unknown) => ({ id: 'evt_1', object: 'event', type, created: NOW.getTime() / 1000, data: { object } });

  it('verifies the signature with constructEvent and maps the PaymentIntent events', async () => {
    const { stripe, client } = provider();
    const succeeded = signed(client, event('payment_intent.succeeded', paymentIntent()));
    expect(await stripe.parseWebhook(succeeded.payload, succeeded.header)).toEqual({
      event: {
        eventId: 'evt_1',
        type: 'succeeded',
        paymentId: 'pi_123',
        method: 'card',
        orderRef: 'SG-0001',
        amount: 58_800,
        currency: 'HKD',
        occurredAt: NOW,
        failure: undefined,
      },
    });

    const failed = signed(
      client,
      event('payment_intent.payment_failed', paymentIntent({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'lost_card' } })),
    );
    expect(await stripe.parseWebhook(failed.payload, failed.header)).toMatchObject({
      event: { type: 'failed', failure: { code: 'card_declined', declineCode: 'lost_card' } },
    });

    const alipay = signed(
      client,
      event('payment_intent.requires_action', paymentIntent({ status: 'requires_action', payment_method_types: ['alipay'], allowed_payment_method_types: ['alipay'] })),
    );
    expect(await stripe.parseWebhook(alipay.payload, alipay.header)).toMatchObject({ event: { type: 'requires_action', method: 'alipay' } });

    const canceled = signed(client, event('payment_intent.canceled', paymentIntent({ status: 'canceled' })));
    expect(await stripe.parseWebhook(canceled.payload, canceled.header)).toMatchObject({ event: { type: 'canceled' } });
  });

  it('ignores events the shop does not act on, and PaymentIntents that are not the shop’s', async () => {
    const { stripe, client } = provider();
    const charge = signed(client, event('charge.succeeded', { id: 'ch_1', object: 'charge' }));
    expect(await stripe.parseWebhook(charge.payload, charge.header)).toEqual({ ignored: 'charge.succeeded' });
    const foreign = signed(client, event('payment_intent.succeeded', paymentIntent({ metadata: {} })));
    expect(await stripe.parseWebhook(foreign.payload, foreign.header)).toEqual({ ignored: 'payment_intent.succeeded without an order reference' });
  });

  it('refuses a wrong secret, a changed body, an old signature, and no signature', async () => {
    const { stripe, client } = provider();
    const wrong = signed(client, event('payment_intent.succeeded', paymentIntent()), { secret: 'whsec_other' });
    await expect(stripe.parseWebhook(wrong.payload, wrong.header)).rejects.toThrow(WebhookSignatureError);
    const good = signed(client, event('payment_intent.succeeded', paymentIntent()));
    await expect(stripe.parseWebhook(good.payload.replace('58800', '1'), good.header)).rejects.toThrow(WebhookSignatureError);
    const old = signed(client, event('payment_intent.succeeded', paymentIntent()), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    await expect(stripe.parseWebhook(old.payload, old.header)).rejects.toThrow(/tolerance/i);
    await expect(stripe.parseWebhook(good.payload, () => undefined)).rejects.toThrow(/no signature/);
  });

  it('hands sandbox-signed (FPS) webhooks to the sandbox', async () => {
    const { stripe } = provider();
    const body = JSON.stringify({
      id: 'evt_sbx_1',
      type: 'payment_intent.succeeded',
      created: NOW.getTime() / 1000,
      data: { object: { id: 'pi_sbx_1', method: 'fps', status: 'succeeded', amount: 100, currency: 'HKD', metadata: { orderRef: 'SG-1' } } },
    });
    const signature = signWebhook(body, 'whsec_sandbox', NOW.getTime() / 1000);
    const parsed = await stripe.parseWebhook(body, (name) => (name === SANDBOX_SIGNATURE_HEADER ? signature : undefined));
    expect(parsed).toMatchObject({ event: { eventId: 'evt_sbx_1', method: 'fps', type: 'succeeded' } });
  });
});

describe('PaymentIntent statuses', () => {
  it('map to the shop’s', () => {
    const of = (status: string, extra: Record<string, unknown> = {}) => statusOf(paymentIntent({ status, ...extra }) as unknown as Stripe.PaymentIntent);
    expect(of('succeeded')).toBe('succeeded');
    expect(of('requires_action')).toBe('requires_action');
    expect(of('processing')).toBe('processing');
    expect(of('requires_capture')).toBe('processing');
    expect(of('canceled')).toBe('canceled');
    expect(of('requires_confirmation')).toBe('pending');
    expect(of('requires_payment_method')).toBe('pending');
    expect(of('requires_payment_method', { last_payment_error: { code: 'card_declined' } })).toBe('failed');
  });
});

describe('choosing the provider', () => {
  const defaults = { publicUrl: 'http://shop.test', randomSecret: () => 'random-secret' };
  const deps = { clock: { now: () => NOW }, scheduler: createManualScheduler(), store: createMemorySandboxStore(), deliverWebhook: async () => true };

  it('is the sandbox without a Stripe key, Stripe (with the sandbox for FPS) with one', async () => {
    const plain = await createPaymentProvider(readPaymentConfig({}, defaults), deps);
    expect(plain.provider.name).toBe('sandbox');
    expect(plain.provider).toBe(plain.sandbox);

    const config = readPaymentConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, defaults);
    const withStripe = await createPaymentProvider(config, deps);
    expect(withStripe.provider.name).toBe('stripe');
    expect(withStripe.sandbox.name).toBe('sandbox');
    const { payment } = ok(await withStripe.provider.createFpsPayment({ orderRef: 'SG-1', amount: 100, currency: 'HKD' }));
    expect(payment.paymentId).toMatch(/^pi_sbx_/);
  });

  it('reads the FPS merchant and rate from the environment, and wants both Stripe secrets', () => {
    const config = readPaymentConfig({ FPS_MOBILE: '+852-91234567', FPS_HKD_PER_USD: '7.79', FPS_MERCHANT_NAME: 'Sip & Gather HK', SANDBOX_WEBHOOK_SECRET: 's' }, defaults);
    expect(config.stripe).toBeUndefined();
    expect(config.sandboxWebhookSecret).toBe('s');
    expect(config.fps.merchant).toMatchObject({ proxy: { kind: 'mobile', value: '+852-91234567' }, name: 'Sip & Gather HK', city: 'Hong Kong' });
    expect(config.fps.hkdRates).toEqual({ USD: '7.79' });
    expect(config.fps.windowMs).toBe(10 * 60_000);
    expect(readPaymentConfig({}, defaults).fps.merchant.proxy).toEqual({ kind: 'fpsId', value: '1234567' });
    expect(readPaymentConfig({}, defaults).sandboxWebhookSecret).toBe('random-secret');
    expect(() => readPaymentConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }, defaults)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
