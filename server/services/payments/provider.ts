/**
 * The payment provider seen by the shop: cards (saved per customer, with an extra confirmation step
 * when the issuer asks for one), Alipay through a hosted page, FPS QR codes, cancellation, and
 * results arriving by signed webhook as normalised events. Two implementations: `sandbox` (the
 * default, no network) and `stripe` (the official SDK), chosen by createPaymentProvider.
 *
 * Amounts are integer minor units; currencies ISO 4217 upper-case. Failures travel as codes
 * (PaymentFailureCode); the calls layer turns them into spec §8 codes with `toSpecErrorCode`.
 */
import { ErrorCode } from '../../../contract/errors.ts';
import type { Clock } from '../clock.ts';
import type { FpsMerchant, HkdRates } from './fps.ts';

export type PaymentMethodKind = 'card' | 'alipay' | 'fps';

/**
 * Where a payment stands. `pending`: created, nothing asked of the payer yet (an FPS QR waiting for
 * a transfer, an Alipay payment before its page); `requires_action`: the payer must act (the card's
 * extra confirmation, the Alipay page); `processing`: the provider is deciding.
 * `succeeded`, `failed`, `canceled` are final (see nextPaymentStatus).
 */
export type PaymentStatus = 'pending' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'unionpay' | 'diners' | 'unknown';

/** Spec §3 "Selected payment card": id, brand, expMonth, expYear, last4. */
export interface SavedCard {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Card details as typed (the spec's test-only addCreditCard). Never stored. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Why something failed, in the providers' shared words (Stripe's where it has one):
 * card_declined (with declineCode), incorrect_number, invalid_expiry, expired_card, incorrect_cvc,
 * authentication_failed (the extra step was refused), payment_canceled (the payer cancelled a
 * hosted page), qr_expired / qr_canceled / already_paid (FPS), amount_mismatch (a transfer that does
 * not match the QR), not_found, invalid_state (e.g. cancelling a paid payment), unsupported, and
 * provider_error (the provider could not be reached or answered unexpectedly).
 */
export type PaymentFailureCode =
  | 'card_declined'
  | 'incorrect_number'
  | 'invalid_expiry'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'authentication_failed'
  | 'payment_canceled'
  | 'qr_expired'
  | 'qr_canceled'
  | 'already_paid'
  | 'amount_mismatch'
  | 'not_found'
  | 'invalid_state'
  | 'unsupported'
  | 'provider_error';

export interface PaymentFailure {
  ok: false;
  code: PaymentFailureCode;
  /** The issuer's reason for a decline (insufficient_funds, lost_card, generic_decline …). */
  declineCode?: string | undefined;
  /** For logs, never shown as is. */
  message?: string | undefined;
}

export type PaymentResult<T> = ({ ok: true } & T) | PaymentFailure;

/** A payment as the provider reports it after an operation. */
export interface PaymentState {
  paymentId: string;
  method: PaymentMethodKind;
  status: PaymentStatus;
  orderRef: string;
  amount: number;
  currency: string;
  /** When status is requires_action: where to send the browser (the card's extra step, the Alipay page). */
  redirectUrl?: string | undefined;
  /** When status is failed: why. */
  failure?: { code: PaymentFailureCode; declineCode?: string | undefined } | undefined;
}

export interface FpsQr {
  /** The EMVCo payload the banking app scans. */
  payload: string;
  /** The payload drawn as an SVG QR code. */
  svg: string;
  /**
   * What the payer transfers, in HKD cents: the request's amountHkdCents (the order at the shop's HKD
   * prices), else the order's amount converted at the configured rate.
   */
  amountHkdCents: number;
  /** The order reference, carried as the payload's reference label. */
  reference: string;
  /** After this the QR is no longer honoured. */
  expiresAt: Date;
}

export interface FpsPaymentState extends PaymentState {
  method: 'fps';
  fps: FpsQr;
}

/** A payment result as the webhook endpoint hands it to the order service. */
export interface PaymentEvent {
  /** Unique per event: the order service records it and ignores a second delivery. */
  eventId: string;
  type: 'succeeded' | 'failed' | 'requires_action' | 'canceled';
  paymentId: string;
  method: PaymentMethodKind;
  orderRef: string;
  amount: number;
  currency: string;
  /** When the provider says it happened (deliveries may arrive out of this order). */
  occurredAt: Date;
  failure?: { code: PaymentFailureCode; declineCode?: string | undefined } | undefined;
}

export interface CardPaymentRequest {
  orderRef: string;
  /** Names the request to the provider: the same key answers the same payment, never a second one (see orders/payments.ts paymentKey). */
  idempotencyKey?: string | undefined;
  amount: number;
  currency: string;
  customerId: string;
  /** A saved card of this customer. */
  cardId: string;
  /** Where the payer comes back after an extra confirmation step. */
  returnUrl: string;
  /**
   * The payer is not there (a subscription's renewal): charge the saved card without any step of theirs; a
   * card that asks for one fails (authentication_required).
   */
  offSession?: boolean;
  /** Which try of the same order and card this is (a renewal retried after a decline): a new payment each. */
  attempt?: number;
}

export interface AlipayPaymentRequest {
  orderRef: string;
  /** Names the request to the provider: the same key answers the same payment, never a second one (see orders/payments.ts paymentKey). */
  idempotencyKey?: string | undefined;
  amount: number;
  currency: string;
  /** Where the hosted page sends the payer back, paid or cancelled. */
  returnUrl: string;
}

export interface FpsPaymentRequest {
  orderRef: string;
  /** Names the request to the provider: the same key answers the same payment, never a second one (see orders/payments.ts paymentKey). */
  idempotencyKey?: string | undefined;
  /** The order's total in its own currency: the payment's amount, which webhooks report and settling checks. */
  amount: number;
  currency: string;
  /**
   * What the QR asks for, in HKD cents: the order priced from the HKD prices (orders.total_hkd), so
   * paying a USD order by FPS costs what the HKD order would. Absent (orders placed before HKD
   * pricing): the amount converted at the configured rate.
   */
  amountHkdCents?: number | undefined;
}

export interface RefundRequest {
  paymentId: string;
  /** Minor units of the payment's currency. */
  amount: number;
  idempotencyKey: string;
}

/** A transfer the bank reports for an FPS QR (in the sandbox: the "pay" endpoint). */
export interface FpsNotification {
  paymentId: string;
  amountHkdCents: number;
  reference: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';

  /** A customer record for a member, to save cards under; the shop keeps the id with the member. */
  createCustomer(member: { memberId: string; email: string }): Promise<PaymentResult<{ customerId: string }>>;
  listSavedCards(customerId: string): Promise<PaymentResult<{ cards: SavedCard[] }>>;
  /** Saves a card tokenised in the browser (Stripe.js, or the sandbox's tokenizeCard) to the customer. */
  attachCard(customerId: string, paymentMethodId: string): Promise<PaymentResult<{ card: SavedCard }>>;
  /** Tokenises typed card details (test mode only: live card numbers never reach the shop's server). */
  tokenizeCard(card: CardDetails): Promise<PaymentResult<{ paymentMethodId: string }>>;
  detachCard(customerId: string, cardId: string): Promise<PaymentResult<object>>;

  /**
   * Charges a saved card. Idempotent per order reference: asking again returns the same payment.
   * `requires_action` comes with the redirectUrl of the extra confirmation step.
   */
  createCardPayment(request: CardPaymentRequest): Promise<PaymentResult<{ payment: PaymentState }>>;
  /** Reads a payment's outcome after the payer came back from a redirect (idempotent, read-only). */
  confirmPayment(paymentId: string): Promise<PaymentResult<{ payment: PaymentState }>>;
  /**
   * Every payment made for an order reference, newest first, as the provider has it now
   * (reconciliation: money whose notification was lost, a payment made just before a crash).
   */
  paymentsFor(orderRef: string): Promise<PaymentResult<{ payments: PaymentState[] }>>;
  /** Starts an Alipay payment; the payer goes to redirectUrl. Idempotent per order reference. */
  createAlipayPayment(request: AlipayPaymentRequest): Promise<PaymentResult<{ payment: PaymentState }>>;
  /**
   * Creates the FPS QR for an order, valid for the configured window. Idempotent per order
   * reference while that QR is live: the same QR comes back.
   */
  createFpsPayment(request: FpsPaymentRequest): Promise<PaymentResult<{ payment: FpsPaymentState }>>;
  /** The bank reports a transfer for an FPS QR; refused when the QR expired or was cancelled. */
  receiveFpsNotification(notification: FpsNotification): Promise<PaymentResult<{ payment: PaymentState }>>;
  /** Cancels a payment not yet paid (an FPS QR stops being honoured). Cancelling twice is fine. */
  cancelPayment(paymentId: string): Promise<PaymentResult<{ payment: PaymentState }>>;
  /**
   * Pays back `amount` of a succeeded card or Alipay payment. Idempotent per key: asked again with it (a retry
   * after a crash, a second press), the provider answers the refund already made and pays nothing more.
   */
  refund(request: RefundRequest): Promise<PaymentResult<{ refundId: string }>>;

  /**
   * Verifies a webhook's signature over the raw body (from the request header the provider signs
   * with: stripe-signature, sandbox-signature) and normalises it. `ignored` for event types the
   * shop does not act on; throws WebhookSignatureError when the signature does not verify.
   */
  parseWebhook(rawBody: string, header: (name: string) => string | undefined): Promise<{ event: PaymentEvent } | { ignored: string }>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

// ---------------------------------------------------------------------------------------------

const FINAL: ReadonlySet<PaymentStatus> = new Set(['succeeded', 'failed', 'canceled']);

export function isFinalStatus(status: PaymentStatus): boolean {
  return FINAL.has(status);
}

/**
 * The status a payment moves to when an event arrives, or undefined when the event must not change
 * it. Events may come twice and out of order: a late `requires_action` never undoes a result; a
 * result is never replaced, except `failed` → `succeeded` (the payer retried the same payment and
 * the retry went through: the money arrived and must be recorded).
 */
export function nextPaymentStatus(current: PaymentStatus, event: PaymentEvent['type']): PaymentStatus | undefined {
  const target: PaymentStatus = event;
  if (current === target) return undefined;
  if (!isFinalStatus(current)) return target;
  if (current === 'failed' && target === 'succeeded') return 'succeeded';
  return undefined;
}

/**
 * The spec §8 code the shop answers with when a payment step fails: Alipay's failures are
 * AlipayError, a provider that could not be reached (or refused the request) is StripeError for
 * cards, and every refusal of the payment itself is PaymentFail.
 */
export function toSpecErrorCode(
  method: PaymentMethodKind,
  failure: Pick<PaymentFailure, 'code'>,
): typeof ErrorCode.PaymentFail | typeof ErrorCode.StripeError | typeof ErrorCode.AlipayError {
  if (method === 'alipay') return failure.code === 'payment_canceled' ? ErrorCode.PaymentFail : ErrorCode.AlipayError;
  if (method === 'card' && failure.code === 'provider_error') return ErrorCode.StripeError;
  return ErrorCode.PaymentFail;
}

// ---------------------------------------------------------------------------------------------
// Configuration

export interface FpsSettings {
  merchant: FpsMerchant;
  /** HKD per unit of each other currency the shop sells in: converts an order's total when no HKD amount is given. */
  hkdRates: HkdRates;
  /** How long a QR is honoured (spec §9: 10 minutes). */
  windowMs: number;
}

export interface PaymentConfig {
  /** Stripe is used when a secret key is set; the sandbox otherwise. */
  stripe?:
    | {
        secretKey: string;
        webhookSecret: string;
        /** Stripe.js in the browser (wallet payments through the Payment Request API); no wallet without it. */
        publishableKey?: string | undefined;
      }
    | undefined;
  /** Signs the sandbox's webhooks (any random string; the same for every process of one shop). */
  sandboxWebhookSecret: string;
  /** The shop's public address: the sandbox's hosted pages live under it. */
  publicUrl: string;
  fps: FpsSettings;
}

export const FPS_WINDOW_MS = 10 * 60_000;

/**
 * Reads the payment settings from the environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET
 * (both, or neither), STRIPE_PUBLISHABLE_KEY (wallets), SANDBOX_WEBHOOK_SECRET, FPS_ID | FPS_MOBILE | FPS_EMAIL (the proxy; a demo
 * FPS ID when none), FPS_CLEARING_CODE, FPS_MERCHANT_NAME, FPS_MERCHANT_CITY, FPS_MCC and
 * FPS_HKD_PER_USD (default 7.8; only for USD orders placed before orders.total_hkd was kept: the
 * others' FPS amount is their HKD price).
 */
export function readPaymentConfig(env: NodeJS.ProcessEnv, defaults: { publicUrl: string; randomSecret: () => string }): PaymentConfig {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (secretKey && !webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY');
  const proxy: FpsMerchant['proxy'] = env.FPS_MOBILE
    ? { kind: 'mobile', value: env.FPS_MOBILE }
    : env.FPS_EMAIL
      ? { kind: 'email', value: env.FPS_EMAIL }
      : { kind: 'fpsId', value: env.FPS_ID || '1234567' };
  return {
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret, publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined } : undefined,
    sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET || defaults.randomSecret(),
    publicUrl: defaults.publicUrl,
    fps: {
      merchant: {
        proxy,
        clearingCode: env.FPS_CLEARING_CODE || undefined,
        name: env.FPS_MERCHANT_NAME || 'Sip and Gather',
        city: env.FPS_MERCHANT_CITY || 'Hong Kong',
        merchantCategoryCode: env.FPS_MCC || '5499',
      },
      hkdRates: { USD: env.FPS_HKD_PER_USD || '7.8' },
      windowMs: FPS_WINDOW_MS,
    },
  };
}

/** Runs a task later; the sandbox delivers its webhooks through it, so tests decide when (and how often). */
export interface Scheduler {
  schedule(delayMs: number, task: () => Promise<void>): void;
}

/** The real scheduler: a timer per task. Errors are the task's own business (it logs them). */
export const timerScheduler: Scheduler = {
  schedule(delayMs, task) {
    setTimeout(() => void task().catch(() => {}), delayMs).unref?.();
  },
};

export type { Clock };
