/**
 * The built-in payment provider (DESIGN §7): behaves like a real one without any network.
 *
 * - Cards: Stripe's test numbers (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 *   4000 0027 6000 3184 asks for an extra confirmation …), Luhn-checked, branded from the BIN,
 *   tokenised and saved per customer. The number itself is never kept.
 * - Hosted pages on the shop's own server (SANDBOX_PAGES_PATH): the Alipay page and the card's extra
 *   confirmation page, each with an approve and a decline button, sending the payer back to the
 *   return URL the way Stripe does (?payment_intent=…&redirect_status=succeeded|failed).
 * - FPS: a real EMVCo QR (fps.ts) honoured for the configured window; a simulated bank transfer.
 * - Results go to the shop by webhook, later, through the injected scheduler: each event is stored
 *   with the payment change it reports (one transaction), delivered, again after `duplicateAfterMs`
 *   (as real providers sometimes do), and retried with back-off while the shop does not accept it;
 *   one never acknowledged (the process died, the shop was down) is sent again by redeliverDue, for
 *   up to three days, as Stripe does. Deliveries are signed like Stripe's
 *   (t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">), and verified the same way by parseWebhook.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { luhnValid } from '../../../contract/card-number.ts';
import { formatAmount } from '../money.ts';
import { buildFpsPayload, renderFpsQr, toHkdCents } from './fps.ts';
import {
  isFinalStatus,
  WebhookSignatureError,
  type CardBrand,
  type CardDetails,
  type Clock,
  type FpsPaymentState,
  type FpsSettings,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentFailureCode,
  type PaymentProvider,
  type PaymentResult,
  type PaymentState,
  type PaymentStatus,
  type SavedCard,
  type Scheduler,
} from './provider.ts';
import { refundSandboxPayment } from './sandbox-refunds.ts';
import type { CardBehaviour, SandboxStore, StoredCard, StoredPayment, StoredWebhookEvent } from './store.ts';

/** Where the shop mounts the sandbox's hosted pages: GET …/:paymentId, POST …/:paymentId/approve|decline. */
export const SANDBOX_PAGES_PATH = '/api/payments/sandbox/pages';
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How old a signed delivery may be, in seconds (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

// ---------------------------------------------------------------------------------------------
// Test cards

const succeed: CardBehaviour = { kind: 'succeed' };
const decline = (declineCode: string, code: 'card_declined' | 'expired_card' | 'incorrect_cvc' = 'card_declined'): CardBehaviour => ({
  kind: 'decline',
  code,
  declineCode,
});

/** Stripe's test card numbers and what each does. Any other valid number is refused, as in Stripe's test mode. */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': succeed,
  '4000056655665556': succeed, // Visa debit
  '5555555555554444': succeed,
  '2223003122003222': succeed, // Mastercard 2-series
  '378282246310005': succeed,
  '6011111111111117': succeed,
  '3566002020360505': succeed,
  '6200000000000005': succeed,
  '36227206271667': succeed, // Diners, 14 digits
  '4000000000000002': decline('generic_decline'),
  '4000000000000341': decline('generic_decline'), // saves, then every charge fails
  '4000000000009995': decline('insufficient_funds'),
  '4000000000009987': decline('lost_card'),
  '4000000000009979': decline('stolen_card'),
  '4000000000000069': decline('expired_card', 'expired_card'),
  '4000000000000127': decline('incorrect_cvc', 'incorrect_cvc'),
  '4000000000000119': decline('processing_error'),
  '4000002760003184': { kind: 'authenticate' },
  '4000002500003155': { kind: 'authenticate' },
  '4000000000003220': { kind: 'authenticate' },
  '4000008400001629': { kind: 'authenticate', thenDecline: 'card_declined' },
};

/** Exported for the sandbox's tests of its card numbers. */
export { luhnValid };

/** The card network from the number's leading digits (its BIN / IIN range). */
export function cardBrand(digits: string): CardBrand {
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^(36|30[0-5]|38|39)/.test(digits)) return 'diners';
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------
// Signatures

/** The signature header for a body: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">. */
export function signWebhook(body: string, secret: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** Throws WebhookSignatureError unless one v1 signature matches and the timestamp is recent. */
export function verifyWebhookSignature(body: string, header: string | undefined, secret: string, now: Date): void {
  if (!header) throw new WebhookSignatureError('no signature header');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError('malformed signature header');
  const expected = Buffer.from(signWebhook(body, secret, timestamp).split('v1=')[1]!, 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('signature does not match the body');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookSignatureError('signature timestamp outside the tolerance');
}

// ---------------------------------------------------------------------------------------------
// The webhook body the sandbox sends (shaped like a Stripe event).

type SandboxEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.requires_action' | 'payment_intent.canceled';

export interface SandboxEventBody {
  id: string;
  type: SandboxEventType;
  /** Unix seconds. */
  created: number;
  data: {
    object: {
      id: string;
      method: PaymentState['method'];
      status: PaymentStatus;
      amount: number;
      currency: string;
      metadata: { orderRef: string };
      failure?: { code: PaymentFailureCode; declineCode?: string | undefined } | undefined;
    };
  };
}

const EVENT_TYPES: Record<PaymentEvent['type'], SandboxEventType> = {
  succeeded: 'payment_intent.succeeded',
  failed: 'payment_intent.payment_failed',
  requires_action: 'payment_intent.requires_action',
  canceled: 'payment_intent.canceled',
};
const EVENT_KINDS = Object.fromEntries(Object.entries(EVENT_TYPES).map(([k, v]) => [v, k])) as Record<SandboxEventType, PaymentEvent['type']>;

// ---------------------------------------------------------------------------------------------

export interface WebhookDelivery {
  body: string;
  /** Goes in the SANDBOX_SIGNATURE_HEADER header. */
  signature: string;
}

export interface SandboxOptions {
  store: SandboxStore;
  clock: Clock;
  scheduler: Scheduler;
  /** Posts a delivery to the shop's webhook endpoint; resolves true when the shop accepted it (2xx). */
  deliver: (delivery: WebhookDelivery) => Promise<boolean>;
  webhookSecret: string;
  /** The shop's public address, for the hosted pages' absolute URLs. */
  publicUrl: string;
  fps: FpsSettings;
  delivery?: {
    /** Before the first delivery (default 200 ms). */
    delayMs?: number;
    /** When to deliver the same event a second time; null for never (default 2 s). */
    duplicateAfterMs?: number | null;
    /** Back-off between attempts the shop refused (default 1 s, 5 s, 30 s, 2 min, 10 min). */
    retryDelaysMs?: readonly number[];
  };
  /** Where failed deliveries are reported. */
  onDeliveryError?: (error: unknown, eventId: string) => void;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The hosted page for a payment waiting on the payer (Alipay or the card's extra step). */
  hostedPage(paymentId: string): Promise<{ status: 200 | 404; html: string }>;
  /** The payer pressed approve or decline on a hosted page: where to send the browser next. */
  completeHostedPage(paymentId: string, action: 'approve' | 'decline'): Promise<PaymentResult<{ redirectUrl: string; payment: PaymentState }>>;
  /** The "pay" endpoint: the bank reports a transfer of exactly what the QR asks for. */
  simulateFpsTransfer(paymentId: string): Promise<PaymentResult<{ payment: PaymentState }>>;
  /**
   * Sends every stored notification that is due (never acknowledged: its process died, or the shop
   * refused it) and answers how many the shop accepted. Run at start-up and on an interval, by any
   * number of processes: each notification is claimed by one of them at a time.
   */
  redeliverDue(): Promise<number>;
}

const HOUR_MS = 60 * 60_000;
/** Stripe retries a webhook for up to three days; so does the sandbox. */
const GIVE_UP_AFTER_MS = 3 * 24 * HOUR_MS;
const REDELIVERY_BATCH = 50;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const fail = (code: PaymentFailureCode, extra: Partial<PaymentFailure> = {}): PaymentFailure => ({ ok: false, code, ...extra });

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

function toSavedCard(card: StoredCard): SavedCard {
  return { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { store, clock, scheduler, fps } = options;
  const delayMs = options.delivery?.delayMs ?? 200;
  const duplicateAfterMs = options.delivery?.duplicateAfterMs === undefined ? 2000 : options.delivery.duplicateAfterMs;
  const retryDelaysMs = options.delivery?.retryDelaysMs ?? [1000, 5000, 30_000, 120_000, 600_000];
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  const pageUrl = (paymentId: string) => `${publicUrl}${SANDBOX_PAGES_PATH}/${paymentId}`;

  function toState(p: StoredPayment): PaymentState {
    return {
      paymentId: p.id,
      method: p.method,
      status: p.status,
      orderRef: p.orderRef,
      amount: p.amount,
      currency: p.currency,
      redirectUrl: p.status === 'requires_action' ? pageUrl(p.id) : undefined,
      failure: p.failureCode ? { code: p.failureCode, declineCode: p.declineCode } : undefined,
    };
  }

  function toFpsState(p: StoredPayment): FpsPaymentState {
    const { payload, amountHkdCents, expiresAt } = p.fps!;
    return { ...toState(p), method: 'fps', fps: { payload, svg: renderFpsQr(payload).svg, amountHkdCents, reference: p.orderRef, expiresAt } };
  }

  /** The notification of a payment's new status, as stored with the change and sent to the shop. */
  function notification(p: StoredPayment, type: PaymentEvent['type']): StoredWebhookEvent {
    const now = clock.now();
    const body: SandboxEventBody = {
      id: newId('evt'),
      type: EVENT_TYPES[type],
      created: Math.floor(now.getTime() / 1000),
      data: {
        object: {
          id: p.id,
          method: p.method,
          status: p.status,
          amount: p.amount,
          currency: p.currency,
          metadata: { orderRef: p.orderRef },
          failure: p.failureCode ? { code: p.failureCode, declineCode: p.declineCode } : undefined,
        },
      },
    };
    return { id: body.id, paymentId: p.id, body: JSON.stringify(body), createdAt: now, attempts: 0, nextAttemptAt: new Date(now.getTime() + delayMs) };
  }

  /** One delivery, signed now; true when the shop accepted it. */
  async function deliverOnce(event: StoredWebhookEvent): Promise<boolean> {
    try {
      const signature = signWebhook(event.body, options.webhookSecret, Math.floor(clock.now().getTime() / 1000));
      return await options.deliver({ body: event.body, signature });
    } catch (error) {
      options.onDeliveryError?.(error, event.id);
      return false;
    }
  }

  /** The wait after `attempts` refused attempts: the configured steps, then hourly. */
  const retryDelay = (attempts: number) => retryDelaysMs[attempts - 1] ?? HOUR_MS;

  /** An attempt of a stored notification; acknowledged ones are not sent again. Answers whether it was accepted. */
  async function attemptStored(event: StoredWebhookEvent): Promise<boolean> {
    const accepted = await deliverOnce(event);
    const now = clock.now();
    if (accepted) await store.endAttempts(event.id, now);
    else if (now.getTime() - event.createdAt.getTime() > GIVE_UP_AFTER_MS) await store.endAttempts(event.id, now, 'not accepted: gave up');
    else await store.recordAttemptError(event.id, 'not accepted');
    return accepted;
  }

  /**
   * Sends a stored notification: soon, once more as a duplicate, and again while refused. Each attempt
   * first moves the stored next attempt to the retry time, so one lost with the process is sent again
   * by redeliverDue after a restart.
   */
  function send(event: StoredWebhookEvent): void {
    const attempt = (retry: number) => async () => {
      const taken = await store.beginAttempt(event.id, new Date(clock.now().getTime() + retryDelay(retry + 1)));
      if (!taken) return;
      const next = retryDelaysMs[retry];
      if (!(await attemptStored(taken)) && next !== undefined) scheduler.schedule(next, attempt(retry + 1));
    };
    scheduler.schedule(delayMs, attempt(0));
    if (duplicateAfterMs !== null) scheduler.schedule(duplicateAfterMs, () => deliverOnce(event).then(() => {}));
  }

  /** Moves a payment from one of `from` to a new status and tells the shop; undefined when it had moved already. */
  async function move(
    p: StoredPayment,
    from: readonly PaymentStatus[],
    status: PaymentStatus,
    failure?: { code: PaymentFailureCode; declineCode?: string | undefined },
  ): Promise<StoredPayment | undefined> {
    const patch = { status, failureCode: failure?.code, declineCode: failure?.declineCode, updatedAt: clock.now() };
    const told = status === 'succeeded' || status === 'failed' || status === 'requires_action' || status === 'canceled';
    const event = told ? notification({ ...p, ...patch }, status) : undefined;
    const updated = await store.updatePayment(p.id, from, patch, event);
    if (updated && event) send(event);
    return updated;
  }

  /** Inserts a payment for an order, or finds the one that already holds the order. */
  async function open(fields: Omit<StoredPayment, 'id' | 'status' | 'createdAt' | 'updatedAt'>) {
    const now = clock.now();
    return store.insertPayment({ id: newId('pi'), status: 'pending', createdAt: now, updatedAt: now, ...fields });
  }

  /** An FPS QR past its window is cancelled the moment anyone looks at it. */
  async function expireIfDue(p: StoredPayment): Promise<StoredPayment> {
    if (p.method !== 'fps' || isFinalStatus(p.status) || !p.fps || clock.now() < p.fps.expiresAt) return p;
    return (await move(p, ['pending'], 'canceled', { code: 'qr_expired' })) ?? (await store.getPayment(p.id)) ?? p;
  }

  async function completeCardAuthentication(p: StoredPayment, action: 'approve' | 'decline'): Promise<StoredPayment | undefined> {
    if (action === 'decline') return move(p, ['requires_action'], 'failed', { code: 'authentication_failed' });
    const card = p.cardId ? await store.getCard(p.cardId) : undefined;
    const thenDecline = card?.behaviour.kind === 'authenticate' ? card.behaviour.thenDecline : undefined;
    if (thenDecline) return move(p, ['requires_action'], 'failed', { code: 'card_declined', declineCode: thenDecline });
    return move(p, ['requires_action'], 'succeeded');
  }

  const provider: SandboxProvider = {
    name: 'sandbox',

    async createCustomer({ memberId, email }) {
      const customer = { id: newId('cus'), memberId, email, createdAt: clock.now() };
      await store.insertCustomer(customer);
      return { ok: true, customerId: customer.id };
    },

    async listSavedCards(customerId) {
      if (!(await store.getCustomer(customerId))) return fail('not_found');
      return { ok: true, cards: (await store.listCards(customerId)).map(toSavedCard) };
    },

    async tokenizeCard(details: CardDetails) {
      const digits = details.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return fail('incorrect_number');
      const { expMonth, expYear } = details;
      if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear) || expYear < 2000 || expYear > 2100) {
        return fail('invalid_expiry');
      }
      const now = clock.now();
      if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) return fail('expired_card');
      const brand = cardBrand(digits);
      if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(details.cvc)) return fail('incorrect_cvc');
      const behaviour = TEST_CARDS[digits];
      if (!behaviour) return fail('card_declined', { declineCode: 'test_mode_live_card', message: 'only test card numbers work in the sandbox' });
      const card: StoredCard = { id: newId('pm'), brand, last4: digits.slice(-4), expMonth, expYear, behaviour, createdAt: now };
      await store.insertCard(card);
      return { ok: true, paymentMethodId: card.id };
    },

    async attachCard(customerId, paymentMethodId) {
      if (!(await store.getCustomer(customerId))) return fail('not_found');
      if (!(await store.getCard(paymentMethodId))) return fail('not_found');
      const card = await store.attachCard(paymentMethodId, customerId);
      return card ? { ok: true, card: toSavedCard(card) } : fail('invalid_state', { message: 'the card belongs to another customer' });
    },

    async detachCard(customerId, cardId) {
      return (await store.detachCard(cardId, customerId)) ? { ok: true } : fail('not_found');
    },

    async createCardPayment(request) {
      const card = await store.getCard(request.cardId);
      if (!card || card.customerId !== request.customerId) return fail('not_found', { message: 'no such saved card for this customer' });
      const { inserted, payment } = await open({
        method: 'card',
        orderRef: request.orderRef,
        amount: request.amount,
        currency: request.currency,
        customerId: request.customerId,
        cardId: card.id,
        returnUrl: request.returnUrl,
        idempotencyKey: request.idempotencyKey,
      });
      if (!inserted) {
        if (payment.method !== 'card') return fail('invalid_state', { message: `the order has an open ${payment.method} payment` });
        return { ok: true, payment: toState(payment) };
      }
      const now = clock.now();
      const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      const behaviour = card.behaviour;
      let updated: StoredPayment | undefined;
      if (expired) updated = await move(payment, ['pending'], 'failed', { code: 'expired_card', declineCode: 'expired_card' });
      else if (behaviour.kind === 'succeed') updated = await move(payment, ['pending'], 'succeeded');
      else if (behaviour.kind === 'decline') updated = await move(payment, ['pending'], 'failed', { code: behaviour.code, declineCode: behaviour.declineCode });
      // Off-session nobody can take the extra step: the card is declined as Stripe declines it.
      else if (request.offSession) updated = await move(payment, ['pending'], 'failed', { code: 'card_declined', declineCode: 'authentication_required' });
      else updated = await move(payment, ['pending'], 'requires_action');
      return { ok: true, payment: toState(updated ?? payment) };
    },

    async confirmPayment(paymentId) {
      const payment = await store.getPayment(paymentId);
      if (!payment) return fail('not_found');
      return { ok: true, payment: toState(await expireIfDue(payment)) };
    },

    async paymentsFor(orderRef) {
      const payments = await Promise.all((await store.listPayments(orderRef)).map(expireIfDue));
      return { ok: true, payments: payments.map(toState) };
    },

    async redeliverDue() {
      let accepted = 0;
      for (;;) {
        const now = clock.now();
        const due = await store.claimDueEvents(now, (e) => new Date(now.getTime() + retryDelay(e.attempts)), REDELIVERY_BATCH);
        for (const event of due) if (await attemptStored(event)) accepted += 1;
        if (due.length < REDELIVERY_BATCH) return accepted;
      }
    },

    async createAlipayPayment(request) {
      const { inserted, payment } = await open({
        method: 'alipay',
        orderRef: request.orderRef,
        amount: request.amount,
        currency: request.currency,
        returnUrl: request.returnUrl,
        idempotencyKey: request.idempotencyKey,
      });
      if (!inserted) {
        if (payment.method !== 'alipay') return fail('invalid_state', { message: `the order has an open ${payment.method} payment` });
        return { ok: true, payment: toState(payment) };
      }
      const updated = await move(payment, ['pending'], 'requires_action');
      return { ok: true, payment: toState(updated ?? payment) };
    },

    async createFpsPayment(request) {
      let amountHkdCents: number;
      try {
        amountHkdCents = request.amountHkdCents ?? toHkdCents(request.amount, request.currency, fps.hkdRates);
      } catch (error) {
        return fail('unsupported', { message: (error as Error).message });
      }
      const payload = buildFpsPayload(fps.merchant, { amountHkdCents, reference: request.orderRef });
      const fields = { method: 'fps' as const, orderRef: request.orderRef, amount: request.amount, currency: request.currency };
      const now = clock.now();
      let opened = await open({ ...fields, idempotencyKey: request.idempotencyKey, fps: { amountHkdCents, payload, expiresAt: new Date(now.getTime() + fps.windowMs) } });
      if (!opened.inserted) {
        const holder = await expireIfDue(opened.payment);
        if (holder.status === 'canceled') {
          // The previous QR ran out just now: this request gets a fresh one (under a key of its own).
          const idempotencyKey = request.idempotencyKey && `${request.idempotencyKey}/after-${holder.id}`;
          opened = await open({ ...fields, idempotencyKey, fps: { amountHkdCents, payload, expiresAt: new Date(now.getTime() + fps.windowMs) } });
        }
      }
      const { inserted, payment } = opened;
      if (!inserted && payment.method !== 'fps') return fail('invalid_state', { message: `the order has an open ${payment.method} payment` });
      if (!inserted && payment.status === 'succeeded') return fail('already_paid');
      return { ok: true, payment: toFpsState(payment) };
    },

    async receiveFpsNotification({ paymentId, amountHkdCents, reference }) {
      const found = await store.getPayment(paymentId);
      if (!found || found.method !== 'fps' || !found.fps) return fail('not_found');
      const payment = await expireIfDue(found);
      if (payment.status === 'succeeded') return fail('already_paid');
      if (payment.status === 'canceled') return fail(payment.failureCode === 'qr_expired' ? 'qr_expired' : 'qr_canceled');
      if (amountHkdCents !== payment.fps!.amountHkdCents || reference !== payment.orderRef) return fail('amount_mismatch');
      const updated = await move(payment, ['pending'], 'succeeded');
      if (!updated) return provider.receiveFpsNotification({ paymentId, amountHkdCents, reference });
      return { ok: true, payment: toState(updated) };
    },

    async simulateFpsTransfer(paymentId) {
      const payment = await store.getPayment(paymentId);
      if (!payment?.fps) return fail('not_found');
      return provider.receiveFpsNotification({ paymentId, amountHkdCents: payment.fps.amountHkdCents, reference: payment.orderRef });
    },

    async cancelPayment(paymentId) {
      const found = await store.getPayment(paymentId);
      if (!found) return fail('not_found');
      const payment = await expireIfDue(found);
      if (payment.status === 'succeeded') return fail('invalid_state', { message: 'the payment has succeeded' });
      if (isFinalStatus(payment.status)) return { ok: true, payment: toState(payment) };
      const updated = await move(payment, ['pending', 'requires_action', 'processing'], 'canceled', { code: 'payment_canceled' });
      if (!updated) return provider.cancelPayment(paymentId);
      return { ok: true, payment: toState(updated) };
    },

    refund: (request) => refundSandboxPayment(store, clock, request),
    async hostedPage(paymentId) {
      const payment = await store.getPayment(paymentId);
      if (!payment || payment.method === 'fps') return { status: 404, html: page('Payment not found', '<p>This payment does not exist.</p>') };
      return { status: 200, html: renderHostedPage(toState(payment), SANDBOX_PAGES_PATH, payment.returnUrl) };
    },

    async completeHostedPage(paymentId, action) {
      const payment = await store.getPayment(paymentId);
      if (!payment || payment.method === 'fps' || !payment.returnUrl) return fail('not_found');
      if (payment.status === 'requires_action') {
        if (payment.method === 'card') await completeCardAuthentication(payment, action);
        else if (action === 'approve') await move(payment, ['requires_action'], 'succeeded');
        else await move(payment, ['requires_action'], 'failed', { code: 'payment_canceled' });
      }
      // Pressing a button twice, or after the payment settled, just sends the payer back again.
      const now = (await store.getPayment(paymentId)) ?? payment;
      const redirectStatus = now.status === 'succeeded' ? 'succeeded' : now.status === 'requires_action' ? 'requires_action' : 'failed';
      return {
        ok: true,
        payment: toState(now),
        redirectUrl: withQuery(payment.returnUrl, { payment_intent: payment.id, redirect_status: redirectStatus }),
      };
    },

    async parseWebhook(rawBody, header) {
      verifyWebhookSignature(rawBody, header(SANDBOX_SIGNATURE_HEADER), options.webhookSecret, clock.now());
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody) as SandboxEventBody;
      } catch {
        throw new WebhookSignatureError('the body is not JSON');
      }
      const type = EVENT_KINDS[body.type];
      if (!type) return { ignored: String(body.type) };
      const o = body.data.object;
      return {
        event: {
          eventId: body.id,
          type,
          paymentId: o.id,
          method: o.method,
          orderRef: o.metadata.orderRef,
          amount: o.amount,
          currency: o.currency,
          occurredAt: new Date(body.created * 1000),
          failure: o.failure,
        },
      };
    },
  };
  return provider;
}

// ---------------------------------------------------------------------------------------------
// Hosted pages. They stand for the provider's own pages (Alipay's, the card issuer's), so they
// are plain server-rendered HTML in both shop languages rather than part of the SPA.

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:grid;place-items:center;min-height:100vh;color:#18181b}
main{background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002;padding:2rem;max-width:22rem;width:calc(100% - 2rem)}
h1{font-size:1.25rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}.muted{color:#71717a;font-size:.875rem}
form{display:inline}button{font:inherit;border:0;border-radius:8px;padding:.75rem 1.25rem;margin:.25rem .5rem .25rem 0;cursor:pointer}
.approve{background:#1677ff;color:#fff}.decline{background:#e4e4e7}
</style></head><body><main>${body}</main></body></html>`;
}

function renderHostedPage(payment: PaymentState, basePath: string, returnUrl: string | undefined): string {
  const alipay = payment.method === 'alipay';
  const title = alipay ? 'Alipay (sandbox) 支付寶（測試）' : 'Card authentication (sandbox) 信用卡驗證（測試）';
  const head = `<h1>${escapeHtml(title)}</h1><p class="muted">Order ${escapeHtml(payment.orderRef)}</p>
<p class="amount">${escapeHtml(formatAmount(payment.amount, payment.currency))}</p>`;
  if (payment.status !== 'requires_action') {
    const link = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the shop 返回商店</a></p>` : '';
    return page(title, `${head}<p>This payment is ${escapeHtml(payment.status)}. 此付款已處理。</p>${link}`);
  }
  const action = (name: 'approve' | 'decline') => `${basePath}/${encodeURIComponent(payment.paymentId)}/${name}`;
  const [approve, decline] = alipay
    ? ['Pay 付款', 'Cancel 取消']
    : ['Complete authentication 完成驗證', 'Fail authentication 驗證失敗'];
  return page(
    title,
    `${head}<p class="muted">This page stands in for ${alipay ? 'Alipay' : 'the card issuer'}; nothing is charged.</p>
<form method="post" action="${escapeHtml(action('approve'))}"><button class="approve" type="submit">${approve}</button></form>
<form method="post" action="${escapeHtml(action('decline'))}"><button class="decline" type="submit">${decline}</button></form>`,
  );
}
