/**
 * The sandbox provider's records in the shop's database (sandbox_customers, sandbox_cards,
 * sandbox_payments), so sandbox payments survive a restart and several server processes see the
 * same ones. The partial unique index sandbox_payments_live_order_idx keeps one live payment per
 * order; conditional updates keep two outcomes from both applying.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCards, sandboxCustomers, sandboxPayments, sandboxRefunds, sandboxWebhookEvents } from '../../db/schema.ts';
import type { CardBrand, PaymentFailureCode, PaymentMethodKind, PaymentStatus } from './provider.ts';
import { CLOSED_STATUSES, type CardBehaviour, type SandboxStore, type StoredCard, type StoredPayment, type StoredWebhookEvent } from './store.ts';

type CardRow = typeof sandboxCards.$inferSelect;
type PaymentRow = typeof sandboxPayments.$inferSelect;
type EventRow = typeof sandboxWebhookEvents.$inferSelect;
/** sandbox_payments.fps: the QR's amount and payload, its expiry as ISO text. */
type FpsColumn = { amountHkdCents: number; payload: string; expiresAt: string };

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

function toCard(row: CardRow): StoredCard {
  return {
    id: row.id,
    customerId: orUndefined(row.customerId),
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    behaviour: row.behaviour as CardBehaviour,
    createdAt: row.createdAt,
  };
}

function toPayment(row: PaymentRow): StoredPayment {
  const fps = row.fps as FpsColumn | null;
  return {
    id: row.id,
    method: row.method as PaymentMethodKind,
    orderRef: row.orderRef,
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentStatus,
    customerId: orUndefined(row.customerId),
    cardId: orUndefined(row.cardId),
    returnUrl: orUndefined(row.returnUrl),
    failureCode: orUndefined(row.failureCode) as PaymentFailureCode | undefined,
    declineCode: orUndefined(row.declineCode),
    fps: fps ? { amountHkdCents: fps.amountHkdCents, payload: fps.payload, expiresAt: new Date(fps.expiresAt) } : undefined,
    idempotencyKey: orUndefined(row.idempotencyKey),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toEvent(row: EventRow): StoredWebhookEvent {
  return {
    id: row.id,
    paymentId: row.paymentId,
    body: row.body,
    createdAt: row.createdAt,
    attempts: row.attempts,
    nextAttemptAt: orUndefined(row.nextAttemptAt),
    acknowledgedAt: orUndefined(row.acknowledgedAt),
    lastError: orUndefined(row.lastError),
  };
}

export function createDbSandboxStore(db: Db): SandboxStore {
  const liveHolder = async (orderRef: string) => {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.orderRef, orderRef), notInArray(sandboxPayments.status, [...CLOSED_STATUSES])));
    return row && toPayment(row);
  };

  return {
    async insertCustomer(customer) {
      await db.insert(sandboxCustomers).values(customer);
    },
    async getCustomer(id) {
      const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
      return row;
    },

    async insertCard(card) {
      await db.insert(sandboxCards).values({ ...card, customerId: card.customerId ?? null });
    },
    async getCard(id) {
      const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
      return row && toCard(row);
    },
    async listCards(customerId) {
      const rows = await db
        .select()
        .from(sandboxCards)
        .where(eq(sandboxCards.customerId, customerId))
        .orderBy(asc(sandboxCards.createdAt), asc(sandboxCards.id));
      return rows.map(toCard);
    },
    async attachCard(cardId, customerId) {
      // Unattached, or already this customer's: attaching twice is harmless.
      const [row] = await db
        .update(sandboxCards)
        .set({ customerId })
        .where(and(eq(sandboxCards.id, cardId), or(isNull(sandboxCards.customerId), eq(sandboxCards.customerId, customerId))))
        .returning();
      return row && toCard(row);
    },
    async detachCard(cardId, customerId) {
      const removed = await db
        .delete(sandboxCards)
        .where(and(eq(sandboxCards.id, cardId), eq(sandboxCards.customerId, customerId)))
        .returning({ id: sandboxCards.id });
      return removed.length > 0;
    },

    async insertPayment(payment) {
      // A conflict is the idempotency key's (the payment made for that request answers again, whatever its
      // status, as Stripe's keys do) or the live-payment index (ids are random): the order's holder answers.
      // Should the holder close between the insert and the read, the insert is simply tried again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await db
          .insert(sandboxPayments)
          .values({
            ...payment,
            customerId: payment.customerId ?? null,
            cardId: payment.cardId ?? null,
            returnUrl: payment.returnUrl ?? null,
            failureCode: payment.failureCode ?? null,
            declineCode: payment.declineCode ?? null,
            fps: payment.fps ? { ...payment.fps, expiresAt: payment.fps.expiresAt.toISOString() } : null,
            idempotencyKey: payment.idempotencyKey ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (inserted[0]) return { inserted: true, payment: toPayment(inserted[0]) };
        if (payment.idempotencyKey) {
          const [keyed] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, payment.idempotencyKey));
          if (keyed) return { inserted: false, payment: toPayment(keyed) };
        }
        const holder = await liveHolder(payment.orderRef);
        if (holder) return { inserted: false, payment: holder };
      }
      throw new Error(`sandbox payment for ${payment.orderRef}: the live payment kept changing`);
    },
    async getPayment(id) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      return row && toPayment(row);
    },
    async updatePayment(id, from, patch, event) {
      // As the memory store: a key present with undefined clears the column.
      const set: Partial<typeof sandboxPayments.$inferInsert> = {};
      if ('status' in patch && patch.status) set.status = patch.status;
      if ('failureCode' in patch) set.failureCode = patch.failureCode ?? null;
      if ('declineCode' in patch) set.declineCode = patch.declineCode ?? null;
      if ('updatedAt' in patch && patch.updatedAt) set.updatedAt = patch.updatedAt;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxPayments)
          .set(set)
          .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, [...from])))
          .returning();
        if (row && event) {
          await tx.insert(sandboxWebhookEvents).values({
            ...event,
            nextAttemptAt: event.nextAttemptAt ?? null,
            acknowledgedAt: event.acknowledgedAt ?? null,
            lastError: event.lastError ?? null,
          });
        }
        return row && toPayment(row);
      });
    },
    async listPayments(orderRef) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderRef, orderRef))
        .orderBy(desc(sandboxPayments.createdAt), desc(sandboxPayments.id));
      return rows.map(toPayment);
    },

    async beginAttempt(id, retryAt) {
      const [row] = await db
        .update(sandboxWebhookEvents)
        .set({ attempts: sql`${sandboxWebhookEvents.attempts} + 1`, nextAttemptAt: retryAt })
        .where(and(eq(sandboxWebhookEvents.id, id), isNotNull(sandboxWebhookEvents.nextAttemptAt)))
        .returning();
      return row && toEvent(row);
    },
    async claimDueEvents(now, retryAt, limit) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(sandboxWebhookEvents)
          .where(lte(sandboxWebhookEvents.nextAttemptAt, now))
          .orderBy(asc(sandboxWebhookEvents.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        const claimed: StoredWebhookEvent[] = [];
        for (const row of due) {
          const event = toEvent({ ...row, attempts: row.attempts + 1 });
          event.nextAttemptAt = retryAt(event);
          await tx
            .update(sandboxWebhookEvents)
            .set({ attempts: event.attempts, nextAttemptAt: event.nextAttemptAt })
            .where(eq(sandboxWebhookEvents.id, row.id));
          claimed.push(event);
        }
        return claimed;
      });
    },
    async endAttempts(id, at, error) {
      await db
        .update(sandboxWebhookEvents)
        .set(error ? { nextAttemptAt: null, lastError: error } : { nextAttemptAt: null, acknowledgedAt: at })
        .where(eq(sandboxWebhookEvents.id, id));
    },
    async recordAttemptError(id, error) {
      await db.update(sandboxWebhookEvents).set({ lastError: error }).where(eq(sandboxWebhookEvents.id, id));
    },
    async getEvent(id) {
      const [row] = await db.select().from(sandboxWebhookEvents).where(eq(sandboxWebhookEvents.id, id));
      return row && toEvent(row);
    },

    async insertRefund(refund) {
      // The unique key index decides between two requests with one key at once: the loser reads the winner's.
      const [inserted] = await db.insert(sandboxRefunds).values(refund).onConflictDoNothing().returning();
      if (inserted) return { inserted: true, refund: inserted };
      const [keyed] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey));
      if (!keyed) throw new Error(`sandbox refund ${refund.id}: neither inserted nor found by its key`);
      return { inserted: false, refund: keyed };
    },
    async listRefunds(paymentId) {
      return db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId)).orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
    },
  };
}
