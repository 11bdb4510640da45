/**
 * What the sandbox provider keeps (its customers, tokenised cards and payments), behind an
 * interface so the shop can back it with database tables; createMemorySandboxStore serves until
 * then and in unit tests. The sandbox stands in for the provider's own records, so nothing here is
 * the shop's order data.
 */
import type { CardBrand, PaymentFailureCode, PaymentMethodKind, PaymentStatus } from './provider.ts';

/** How a test card behaves, fixed when it is tokenised (from its number, which is not kept). */
export type CardBehaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: 'card_declined' | 'expired_card' | 'incorrect_cvc'; declineCode: string }
  /** The issuer asks for an extra confirmation; `thenDecline` cards are declined after it. */
  | { kind: 'authenticate'; thenDecline?: string | undefined };

export interface StoredCustomer {
  id: string;
  memberId: string;
  email: string;
  createdAt: Date;
}

export interface StoredCard {
  id: string;
  /** Set once the card is saved to a customer. */
  customerId?: string | undefined;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  createdAt: Date;
}

export interface StoredPayment {
  id: string;
  method: PaymentMethodKind;
  orderRef: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  customerId?: string | undefined;
  cardId?: string | undefined;
  /** Where a hosted page (Alipay, the card's extra step) sends the payer back. */
  returnUrl?: string | undefined;
  failureCode?: PaymentFailureCode | undefined;
  declineCode?: string | undefined;
  fps?: { amountHkdCents: number; payload: string; expiresAt: Date } | undefined;
  /** The shop's key for the request that created it: asked again with it, the sandbox answers this payment (as Stripe does). */
  idempotencyKey?: string | undefined;
  createdAt: Date;
  updatedAt: Date;
}

/** A notification the sandbox sends the shop, kept until the shop acknowledges it. */
export interface StoredWebhookEvent {
  id: string;
  paymentId: string;
  /** The JSON body as sent. */
  body: string;
  createdAt: Date;
  attempts: number;
  /** When to try (again); undefined once acknowledged or given up. */
  nextAttemptAt?: Date | undefined;
  acknowledgedAt?: Date | undefined;
  lastError?: string | undefined;
}

/** Money the sandbox paid back on a payment (its refund API). */
export interface StoredRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
  createdAt: Date;
}

/** Statuses that leave an order free for a new payment. */
export const CLOSED_STATUSES: readonly PaymentStatus[] = ['failed', 'canceled'];

export interface SandboxStore {
  insertCustomer(customer: StoredCustomer): Promise<void>;
  getCustomer(id: string): Promise<StoredCustomer | undefined>;

  insertCard(card: StoredCard): Promise<void>;
  getCard(id: string): Promise<StoredCard | undefined>;
  /** The customer's saved cards, oldest first. */
  listCards(customerId: string): Promise<StoredCard[]>;
  /** Saves an unattached card to the customer; undefined when it belongs to someone else. */
  attachCard(cardId: string, customerId: string): Promise<StoredCard | undefined>;
  /** Removes the customer's card; false when the customer has no such card. */
  detachCard(cardId: string, customerId: string): Promise<boolean>;

  /**
   * Inserts a payment unless the order already has one that is not failed or cancelled (SQL: a
   * unique index on order_ref where status not in CLOSED_STATUSES). Returns the payment that holds
   * the order: the new one, or the one already there.
   */
  insertPayment(payment: StoredPayment): Promise<{ inserted: boolean; payment: StoredPayment }>;
  getPayment(id: string): Promise<StoredPayment | undefined>;
  /**
   * Changes a payment only while its status is one of `from` (SQL: UPDATE … WHERE id = $1 AND
   * status = ANY($2) RETURNING *), so two concurrent outcomes cannot both apply. Returns the updated
   * payment, or undefined when it was not in one of those statuses.
   */
  updatePayment(
    id: string,
    from: readonly PaymentStatus[],
    patch: Partial<Pick<StoredPayment, 'status' | 'failureCode' | 'declineCode' | 'updatedAt'>>,
    /** The notification of this change, stored with it (one transaction): no change goes untold. */
    event?: StoredWebhookEvent,
  ): Promise<StoredPayment | undefined>;
  /** Every payment made for an order reference, newest first. */
  listPayments(orderRef: string): Promise<StoredPayment[]>;

  /**
   * Takes a notification for an attempt: moves its next attempt to `retryAt` (so a sender that dies
   * mid-attempt leaves it due again then) and counts the attempt. Undefined when it was acknowledged.
   */
  beginAttempt(id: string, retryAt: Date): Promise<StoredWebhookEvent | undefined>;
  /**
   * Claims up to `limit` notifications due at `now` (each at most once among concurrent callers), as
   * beginAttempt does; `retryAt` is asked with the attempt already counted.
   */
  claimDueEvents(now: Date, retryAt: (event: StoredWebhookEvent) => Date, limit: number): Promise<StoredWebhookEvent[]>;
  /** The shop accepted it (or the sandbox gives up, with `error`): no more attempts. */
  endAttempts(id: string, at: Date, error?: string): Promise<void>;
  /** A refused attempt: why, for the record. */
  recordAttemptError(id: string, error: string): Promise<void>;
  getEvent(id: string): Promise<StoredWebhookEvent | undefined>;

  /** Records a refund unless its idempotency key has one already (SQL: a unique index); answers the key's refund. */
  insertRefund(refund: StoredRefund): Promise<{ inserted: boolean; refund: StoredRefund }>;
  /** The refunds of a payment, oldest first. */
  listRefunds(paymentId: string): Promise<StoredRefund[]>;
}

/** The sandbox's records in memory (lost on restart). */
export function createMemorySandboxStore(): SandboxStore {
  const customers = new Map<string, StoredCustomer>();
  const cards = new Map<string, StoredCard>();
  const payments = new Map<string, StoredPayment>();
  const events = new Map<string, StoredWebhookEvent>();
  const refunds = new Map<string, StoredRefund>();
  const copy = <T extends object>(value: T): T => structuredClone(value);
  return {
    async insertCustomer(customer) {
      customers.set(customer.id, copy(customer));
    },
    async getCustomer(id) {
      const found = customers.get(id);
      return found && copy(found);
    },
    async insertCard(card) {
      cards.set(card.id, copy(card));
    },
    async getCard(id) {
      const found = cards.get(id);
      return found && copy(found);
    },
    async listCards(customerId) {
      return [...cards.values()]
        .filter((c) => c.customerId === customerId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map(copy);
    },
    async attachCard(cardId, customerId) {
      const card = cards.get(cardId);
      if (!card || (card.customerId !== undefined && card.customerId !== customerId)) return undefined;
      card.customerId = customerId;
      return copy(card);
    },
    async detachCard(cardId, customerId) {
      const card = cards.get(cardId);
      if (!card || card.customerId !== customerId) return false;
      cards.delete(cardId);
      return true;
    },
    async insertPayment(payment) {
      const keyed = payment.idempotencyKey ? [...payments.values()].find((p) => p.idempotencyKey === payment.idempotencyKey) : undefined;
      if (keyed) return { inserted: false, payment: copy(keyed) };
      const holder = [...payments.values()].find((p) => p.orderRef === payment.orderRef && !CLOSED_STATUSES.includes(p.status));
      if (holder) return { inserted: false, payment: copy(holder) };
      payments.set(payment.id, copy(payment));
      return { inserted: true, payment: copy(payment) };
    },
    async getPayment(id) {
      const found = payments.get(id);
      return found && copy(found);
    },
    async updatePayment(id, from, patch, event) {
      const payment = payments.get(id);
      if (!payment || !from.includes(payment.status)) return undefined;
      Object.assign(payment, patch);
      if (event) events.set(event.id, copy(event));
      return copy(payment);
    },
    async listPayments(orderRef) {
      return [...payments.values()]
        .filter((p) => p.orderRef === orderRef)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map(copy);
    },
    async beginAttempt(id, retryAt) {
      const event = events.get(id);
      if (!event?.nextAttemptAt) return undefined;
      event.attempts += 1;
      event.nextAttemptAt = retryAt;
      return copy(event);
    },
    async claimDueEvents(now, retryAt, limit) {
      const due = [...events.values()]
        .filter((e) => e.nextAttemptAt && e.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime())
        .slice(0, limit);
      for (const event of due) {
        event.attempts += 1;
        event.nextAttemptAt = retryAt(event);
      }
      return due.map(copy);
    },
    async endAttempts(id, at, error) {
      const event = events.get(id);
      if (!event) return;
      event.nextAttemptAt = undefined;
      if (error) event.lastError = error;
      else event.acknowledgedAt = at;
    },
    async recordAttemptError(id, error) {
      const event = events.get(id);
      if (event) event.lastError = error;
    },
    async getEvent(id) {
      const found = events.get(id);
      return found && copy(found);
    },
    async insertRefund(refund) {
      const keyed = [...refunds.values()].find((r) => r.idempotencyKey === refund.idempotencyKey);
      if (keyed) return { inserted: false, refund: copy(keyed) };
      refunds.set(refund.id, copy(refund));
      return { inserted: true, refund: copy(refund) };
    },
    async listRefunds(paymentId) {
      return [...refunds.values()].filter((r) => r.paymentId === paymentId).map(copy);
    },
  };
}
