import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The sandbox provider's own records (it stands in for a real provider's database). */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** How the test card behaves (from its number, which is not kept). */
    behaviour: jsonb('behaviour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sandbox_cards_customer_idx').on(t.customerId)],
);

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    method: text('method').notNull(),
    orderRef: text('order_ref').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    customerId: text('customer_id'),
    cardId: text('card_id'),
    returnUrl: text('return_url'),
    failureCode: text('failure_code'),
    declineCode: text('decline_code'),
    fps: jsonb('fps'),
    /** The shop's Idempotency-Key for the request that created it: the same key answers this payment again, as Stripe does. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // One live payment per order: a new one only once the last failed or was cancelled.
    uniqueIndex('sandbox_payments_live_order_idx')
      .on(t.orderRef)
      .where(sql`${t.status} not in ('failed', 'canceled')`),
    // Every payment of an order, whatever its status: what reconciliation asks for.
    index('sandbox_payments_order_ref_idx').on(t.orderRef),
    uniqueIndex('sandbox_payments_idempotency_key_idx').on(t.idempotencyKey),
  ],
);

/**
 * The sandbox's outgoing notifications (webhooks), written in the same transaction as the payment
 * change they report and sent from here until the shop acknowledges them, across restarts, as a
 * real provider retries its webhooks for days.
 */
export const sandboxWebhookEvents = pgTable(
  'sandbox_webhook_events',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    /** The JSON body as sent (signed afresh at each attempt). */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When to try (again); null once acknowledged or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [index('sandbox_webhook_events_due_idx').on(t.nextAttemptAt)],
);

/**
 * The sandbox's refunds, as a provider records them: one per idempotency key (the shop derives it from its
 * refund request), so asking again after a crash answers the refund already made instead of paying twice.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_refunds_idempotency_key_idx').on(t.idempotencyKey), index('sandbox_refunds_payment_idx').on(t.paymentId)],
);
