/**
 * The Stripe provider (official SDK): cards and Alipay as PaymentIntents, saved cards as
 * PaymentMethods attached to a Customer, webhooks verified with stripe.webhooks.constructEvent and
 * mapped to the same normalised events as the sandbox's.
 *
 * Stripe does not offer FPS, so FPS QR codes stay with the sandbox's FPS part (a real EMVCo QR
 * either way); its payments, ids `pi_sbx_…`, are routed there, and so are webhooks signed with the
 * sandbox's header. A bank's transfer notifications reach it through receiveFpsNotification.
 */
import Stripe from 'stripe';
import {
  type CardBrand,
  type PaymentEvent,
  type PaymentFailureCode,
  type PaymentProvider,
  type PaymentResult,
  type PaymentState,
  type PaymentStatus,
  type SavedCard,
  WebhookSignatureError,
} from './provider.ts';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export interface StripeProviderOptions {
  /** A configured client (tests pass one whose HTTP client answers locally). */
  client: Stripe;
  webhookSecret: string;
  /** Serves FPS (ids `pi_sbx_…`, sandbox-signed webhooks): the sandbox provider. */
  fps: Pick<PaymentProvider, 'createFpsPayment' | 'receiveFpsNotification' | 'cancelPayment' | 'confirmPayment' | 'paymentsFor' | 'parseWebhook' | 'refund'>;
  /** Whether typed card numbers may be tokenised: only with a test key (see isStripeTestKey). */
  allowCardTokenizing: boolean;
}

/** Test-mode keys: the only ones for which the server may see typed card numbers. */
export function isStripeTestKey(secretKey: string): boolean {
  return /^(sk|rk)_test_/.test(secretKey);
}

/** A client for a secret key, with the SDK's own retries of failed connections. */
export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'sip-and-gather' } });
}

const BRANDS: ReadonlySet<string> = new Set<CardBrand>(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'diners']);

function toSavedCard(pm: Stripe.PaymentMethod): SavedCard | undefined {
  if (!pm.card) return undefined;
  return {
    id: pm.id,
    brand: BRANDS.has(pm.card.brand) ? (pm.card.brand as CardBrand) : 'unknown',
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** Stripe's error codes in the shop's words. */
export function failureCodeOf(code: string | undefined, method: PaymentState['method']): PaymentFailureCode {
  switch (code) {
    case 'card_declined':
    case 'processing_error':
      return 'card_declined';
    case 'expired_card':
      return 'expired_card';
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'incorrect_cvc';
    case 'incorrect_number':
    case 'invalid_number':
      return 'incorrect_number';
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return 'invalid_expiry';
    case 'payment_intent_authentication_failure':
      return method === 'alipay' ? 'payment_canceled' : 'authentication_failed';
    case 'payment_intent_payment_attempt_failed':
    case 'payment_intent_payment_attempt_expired':
      return method === 'alipay' ? 'payment_canceled' : 'card_declined';
    default:
      return 'provider_error';
  }
}

function methodOf(pi: Stripe.PaymentIntent): PaymentState['method'] {
  const types = [...(pi.payment_method_types ?? []), ...(pi.allowed_payment_method_types ?? [])];
  return types.includes('alipay') ? 'alipay' : 'card';
}

/** A PaymentIntent's status in the shop's words. */
export function statusOf(pi: Stripe.PaymentIntent): PaymentStatus {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      // Back to "needs a payment method" after an attempt: that attempt failed.
      return pi.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

/** A PaymentIntent as the shop sees a payment. */
export function paymentStateOf(pi: Stripe.PaymentIntent): PaymentState {
  const method = methodOf(pi);
  const status = statusOf(pi);
  const error = pi.last_payment_error;
  return {
    paymentId: pi.id,
    method,
    status,
    orderRef: pi.metadata?.orderRef ?? '',
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    redirectUrl:
      status === 'requires_action'
        ? (pi.next_action?.alipay_handle_redirect?.url ?? pi.next_action?.redirect_to_url?.url ?? undefined)
        : undefined,
    failure: status === 'failed' && error ? { code: failureCodeOf(error.code, method), declineCode: error.decline_code } : undefined,
  };
}

const EVENT_TYPES: Partial<Record<string, PaymentEvent['type']>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.requires_action': 'requires_action',
  'payment_intent.canceled': 'canceled',
};

/** A verified Stripe event as the shop's normalised event, or why it is ignored. */
export function normaliseStripeEvent(event: Stripe.Event): { event: PaymentEvent } | { ignored: string } {
  const type = EVENT_TYPES[event.type];
  if (!type) return { ignored: event.type };
  const pi = event.data.object as Stripe.PaymentIntent;
  const orderRef = pi.metadata?.orderRef;
  if (!orderRef) return { ignored: `${event.type} without an order reference` };
  const method = methodOf(pi);
  const error = pi.last_payment_error;
  return {
    event: {
      eventId: event.id,
      type,
      paymentId: pi.id,
      method,
      orderRef,
      amount: pi.amount,
      currency: pi.currency.toUpperCase(),
      occurredAt: new Date(event.created * 1000),
      failure: type === 'failed' ? { code: failureCodeOf(error?.code, method), declineCode: error?.decline_code } : undefined,
    },
  };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Turns a thrown SDK error into a failure; a declined card still names its PaymentIntent. */
function fromError(error: unknown, method: PaymentState['method']): PaymentResult<{ payment: PaymentState }> {
  if (isStripeError(error)) {
    if (error.payment_intent && error.type === 'StripeCardError') return { ok: true, payment: paymentStateOf(error.payment_intent) };
    if (error.type === 'StripeCardError') return { ok: false, code: failureCodeOf(error.code, method), declineCode: error.decline_code, message: error.message };
    if (error.statusCode === 404) return { ok: false, code: 'not_found', message: error.message };
    return { ok: false, code: 'provider_error', message: error.message };
  }
  return { ok: false, code: 'provider_error', message: error instanceof Error ? error.message : String(error) };
}

const isSandboxId = (id: string) => id.startsWith('pi_sbx_');

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { client: stripe, fps } = options;
  const allowTokenizing = options.allowCardTokenizing;

  return {
    name: 'stripe',

    async createCustomer({ memberId, email }) {
      try {
        const customer = await stripe.customers.create({ email, metadata: { memberId } }, { idempotencyKey: `customer-${memberId}` });
        return { ok: true, customerId: customer.id };
      } catch (error) {
        const failed = fromError(error, 'card');
        return failed.ok ? { ok: false, code: 'provider_error' } : failed;
      }
    },

    async listSavedCards(customerId) {
      try {
        const list = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
        return { ok: true, cards: list.data.flatMap((pm) => toSavedCard(pm) ?? []) };
      } catch (error) {
        const failed = fromError(error, 'card');
        return failed.ok ? { ok: false, code: 'provider_error' } : failed;
      }
    },

    async attachCard(customerId, paymentMethodId) {
      try {
        const pm = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
        const card = toSavedCard(pm);
        return card ? { ok: true, card } : { ok: false, code: 'unsupported', message: 'not a card' };
      } catch (error) {
        const failed = fromError(error, 'card');
        return failed.ok ? { ok: false, code: 'card_declined' } : failed;
      }
    },

    async tokenizeCard(card) {
      // Card numbers reach our server only in test mode; live cards are tokenised by Stripe.js in the browser.
      if (!allowTokenizing) return { ok: false, code: 'unsupported', message: 'card numbers are tokenised in the browser in live mode' };
      try {
        const pm = await stripe.paymentMethods.create({
          type: 'card',
          card: { number: card.number.replace(/[\s-]/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
        });
        return { ok: true, paymentMethodId: pm.id };
      } catch (error) {
        const failed = fromError(error, 'card');
        return failed.ok ? { ok: false, code: 'card_declined' } : failed;
      }
    },

    async detachCard(customerId, cardId) {
      try {
        const pm = await stripe.paymentMethods.retrieve(cardId);
        const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
        if (owner !== customerId) return { ok: false, code: 'not_found' };
        await stripe.paymentMethods.detach(cardId);
        return { ok: true };
      } catch (error) {
        const failed = fromError(error, 'card');
        return failed.ok ? { ok: false, code: 'provider_error' } : failed;
      }
    },

    async createCardPayment(request) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.cardId,
            // (this API version's name for what older ones called payment_method_types)
            allowed_payment_method_types: ['card'],
            confirm: true,
            // Off-session (a renewal): the saved card is charged with the member away; a card that asks for a
            // step of theirs fails (authentication_required) instead of waiting for it.
            ...(request.offSession
              ? { off_session: true }
              : // An extra confirmation step comes back as a redirect to Stripe's page, then to returnUrl.
                { return_url: request.returnUrl }),
            metadata: { orderRef: request.orderRef },
          },
          // The shop's key (orders/payments.ts paymentKey): a repeated request gets the same PaymentIntent, never a second charge.
          { idempotencyKey: `card-${request.idempotencyKey ?? `${request.orderRef}-${request.cardId}${request.attempt ? `-${request.attempt}` : ''}`}` },
        );
        return { ok: true, payment: paymentStateOf(pi) };
      } catch (error) {
        return fromError(error, 'card');
      }
    },

    async confirmPayment(paymentId) {
      if (isSandboxId(paymentId)) return fps.confirmPayment(paymentId);
      try {
        return { ok: true, payment: paymentStateOf(await stripe.paymentIntents.retrieve(paymentId)) };
      } catch (error) {
        return fromError(error, 'card');
      }
    },

    async paymentsFor(orderRef) {
      const fpsPayments = await fps.paymentsFor(orderRef);
      if (!fpsPayments.ok) return fpsPayments;
      try {
        // Search by the metadata every PaymentIntent carries. Stripe's search index may lag a new
        // PaymentIntent by a minute; reconciliation also retrieves the order's own payment by id.
        const found = await stripe.paymentIntents.search({ query: `metadata['orderRef']:'${orderRef.replace(/'/g, "\\'")}'`, limit: 100 });
        const payments = [...found.data.map(paymentStateOf), ...fpsPayments.payments];
        return { ok: true, payments };
      } catch (error) {
        // A read: whatever went wrong, nothing can be decided from it.
        return { ok: false, code: 'provider_error', message: error instanceof Error ? error.message : String(error) };
      }
    },

    async createAlipayPayment(request) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            allowed_payment_method_types: ['alipay'],
            payment_method_data: { type: 'alipay' },
            confirm: true,
            return_url: request.returnUrl,
            metadata: { orderRef: request.orderRef },
          },
          { idempotencyKey: `alipay-${request.idempotencyKey ?? request.orderRef}` },
        );
        return { ok: true, payment: paymentStateOf(pi) };
      } catch (error) {
        return fromError(error, 'alipay');
      }
    },

    createFpsPayment: (request) => fps.createFpsPayment(request),
    receiveFpsNotification: (notification) => fps.receiveFpsNotification(notification),

    async cancelPayment(paymentId) {
      if (isSandboxId(paymentId)) return fps.cancelPayment(paymentId);
      try {
        return { ok: true, payment: paymentStateOf(await stripe.paymentIntents.cancel(paymentId)) };
      } catch (error) {
        // Cancelling a cancelled or settled PaymentIntent is refused: report where it stands instead.
        if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') {
          try {
            const pi = await stripe.paymentIntents.retrieve(paymentId);
            if (pi.status === 'succeeded') return { ok: false, code: 'invalid_state', message: 'the payment has succeeded' };
            return { ok: true, payment: paymentStateOf(pi) };
          } catch (inner) {
            return fromError(inner, 'card');
          }
        }
        return fromError(error, 'card');
      }
    },

    async refund(request) {
      if (isSandboxId(request.paymentId)) return fps.refund(request);
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amount },
          // The shop's key (one per refund request): a retry after a crash gets the same refund, never a second one.
          { idempotencyKey: `refund-${request.idempotencyKey}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return { ok: false, code: 'provider_error', message: `refund ${refund.id} ${refund.status}` };
        return { ok: true, refundId: refund.id };
      } catch (error) {
        // Stripe's answer when everything was refunded already: say so rather than "provider error".
        if (isStripeError(error) && error.code === 'charge_already_refunded') return { ok: false, code: 'invalid_state', message: error.message };
        const failed = fromError(error, 'card');
        return failed.ok ? { ok: false, code: 'provider_error' } : failed;
      }
    },

    async parseWebhook(rawBody, header) {
      const signature = header(STRIPE_SIGNATURE_HEADER);
      if (!signature && header(SANDBOX_SIGNATURE_HEADER)) return fps.parseWebhook(rawBody, header);
      if (!signature) throw new WebhookSignatureError('no signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      return normaliseStripeEvent(event);
    },
  };
}
