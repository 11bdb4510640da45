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
  createdAt: Date;
  updatedAt: Date;
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
  ): Promise<StoredPayment | undefined>;
}

/** The sandbox's records in memory (lost on restart). */
export function createMemorySandboxStore(): SandboxStore {
  const customers = new Map<string, StoredCustomer>();
  const cards = new Map<string, StoredCard>();
  const payments = new Map<string, StoredPayment>();
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
      const holder = [...payments.values()].find((p) => p.orderRef === payment.orderRef && !CLOSED_STATUSES.includes(p.status));
      if (holder) return { inserted: false, payment: copy(holder) };
      payments.set(payment.id, copy(payment));
      return { inserted: true, payment: copy(payment) };
    },
    async getPayment(id) {
      const found = payments.get(id);
      return found && copy(found);
    },
    async updatePayment(id, from, patch) {
      const payment = payments.get(id);
      if (!payment || !from.includes(payment.status)) return undefined;
      Object.assign(payment, patch);
      return copy(payment);
    },
  };
}
