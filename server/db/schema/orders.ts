import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { variances } from './catalogue.ts';

/**
 * Orders of every kind (spec §3; server/services/orders/): placed in one transaction that takes the
 * kind's hold (a product order's stock); an unpaid order past pay_before is expired by its
 * 'order.expire' row in jobs, giving the hold back. A kind keeps its own lines (order_lines: products).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** What a transfer or statement shows; at most 25 characters (the FPS reference label). */
    reference: text('reference').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which order kind it is (server/services/orders/kinds.ts): what it holds, how it is priced, what paying it does. */
    kind: text('kind').notNull().default('product'),
    language: text('language').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status')
      .$type<'WaitForPayment' | 'Paid' | 'PaymentFailed' | 'Cancelled' | 'Expired'>()
      .notNull(),
    fulfilmentStatus: text('fulfilment_status').$type<'None' | 'InProcess' | 'Completed'>().notNull().default('None'),
    couponCode: text('coupon_code'),
    cardId: text('card_id'),
    /** The provider's payment currently paying this order. */
    paymentId: text('payment_id'),
    deliveryAddress: jsonb('delivery_address'),
    billingAddress: jsonb('billing_address'),
    /** The OrderDetail (contract/bag.ts) the order was placed at. */
    orderDetail: jsonb('order_detail').notNull(),
    total: integer('total').notNull(),
    /**
     * The same order priced from the HKD prices, in HKD cents: what an FPS transfer pays (FPS moves Hong Kong
     * dollars), so that paying a USD order by FPS costs what the HKD order would. Null for orders placed before.
     */
    totalHkd: integer('total_hkd'),
    ageConfirmed: boolean('age_confirmed').notNull().default(false),
    payBefore: timestamp('pay_before', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * What the member asked for (a hash of the kind's request, method, card and currency): a second identical
     * checkout while this one is unpaid, or just after it was paid, finds this order instead of placing another.
     */
    requestKey: text('request_key'),
    /**
     * Counts the times the order was changed under its payment (re-priced with a coupon): part of every charge's
     * idempotency key, so the new amount is a new charge and never the answer kept for the old one.
     */
    priceRevision: integer('price_revision').notNull().default(0),
    /** The courier's tracking number, given when staff ship the parcel (issue 32: staff-ship-order). */
    trackingNumber: text('tracking_number'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_user_request_idx').on(t.userId, t.requestKey),
    // The back office's order list (staff-list-orders): newest first, by kind or across every kind.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_kind_created_idx').on(t.kind, t.createdAt, t.id),
    // No index on pay_before: expiry is found through the jobs table; reads expire by member or by id.
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => variances.id),
    productId: text('product_id').notNull(),
    productTypeId: text('product_type_id').notNull(),
    name: jsonb('name').$type<{ en: string; zh: string }>().notNull(),
    varianceName: jsonb('variance_name').$type<{ en: string; zh: string }>().notNull(),
    image: text('image').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    isAlcohol: boolean('is_alcohol').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.varianceId] })],
);

/** Every payment event the shop received, once (a redelivery is recognised by its id). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  orderId: text('order_id'),
  type: text('type').notNull(),
  /** What the shop did with it: applied, ignored (stale or repeated outcome), refund (paid too late). */
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Money received for an order that could no longer take it (expired or cancelled): to be refunded. Staff pay
 * it out once (pay-refund, server/services/staff/refunds.ts): open → paying (claimed, the provider asked) → paid.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    paymentId: text('payment_id').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** How the money came (card, alipay, fps): how it goes back. Null on rows recorded before it was kept. */
    method: text('method'),
    status: text('status').notNull().default('open'),
    /** When a press claimed it for the provider: a claim left by a crash may be taken again after a while. */
    payingSince: timestamp('paying_since', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    /** FPS: the bank transfer's reference, as staff recorded it. */
    bankReference: text('bank_reference'),
  },
  (t) => [
    check('refund_requests_status_check', sql`${t.status} in ('open', 'paying', 'paid')`),
    // The back office's list: by status, oldest first.
    index('refund_requests_status_idx').on(t.status, t.id),
  ],
);

/** The provider's customer record of a member (cards are saved under it). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);
