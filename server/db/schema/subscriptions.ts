import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { variances } from './catalogue.ts';
import { orders } from './orders.ts';

/**
 * Box-set subscriptions (issue 18; server/services/subscriptions/). A plan is a box set shipped every cycle
 * (one month, a quarter, a year) at a price per cycle in HKD and USD; what each cycle's box holds is
 * subscription_plan_items (box set variances, whose stock each paid cycle holds).
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    duration: text('duration').$type<'month' | 'quarter' | 'annual'>().notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    /** An artwork seed (as products' images). */
    image: text('image').notNull(),
    priceHkd: integer('price_hkd').notNull(),
    priceUsd: integer('price_usd').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('subscription_plans_duration', sql`${t.duration} in ('month', 'quarter', 'annual')`),
    check('subscription_plans_prices_nonnegative', sql`${t.priceHkd} >= 0 and ${t.priceUsd} >= 0`),
  ],
);

export const subscriptionPlanItems = pgTable(
  'subscription_plan_items',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => variances.id),
    quantity: integer('quantity').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.varianceId] }), check('subscription_plan_items_quantity', sql`${t.quantity} > 0`)],
);

/**
 * A member's subscription. Pending until its first order (cycle 1) is paid, then Active: current_period_end
 * is the next billing date, where the renewal job ('subscription.renew', keyed by the id) bills the next
 * cycle. cancelled_at: no further renewals, it ends at current_period_end. Ended with end_reason
 * (Cancelled, PaymentFailed, Unpaid, NotStarted: the first order closed unpaid).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text('status').$type<'Pending' | 'Active' | 'Ended'>().notNull(),
    endReason: text('end_reason').$type<'Cancelled' | 'PaymentFailed' | 'Unpaid' | 'NotStarted'>(),
    language: text('language').notNull(),
    currency: text('currency').notNull(),
    /** How renewals are paid: CreditCard (charged off-session), Alipay or FPS (a link is mailed). */
    paymentMethod: text('payment_method').notNull(),
    /** The saved card renewals charge. */
    cardId: text('card_id'),
    /**
     * The plan's price per cycle when the member subscribed (minor units): what every renewal charges, whatever
     * staff later set as the plan's price (issue 32), so a price change holds for new subscribers only.
     */
    priceHkd: integer('price_hkd').notNull(),
    priceUsd: integer('price_usd').notNull(),
    /** Where boxes go: the account's delivery address at subscribing, with the recipient's name. */
    deliveryAddress: jsonb('delivery_address').notNull(),
    /** The order of cycle 1. */
    firstOrderId: text('first_order_id').notNull().unique(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /**
     * The billing date of the renewal last found out of stock and mailed about: the member hears of a delayed
     * box once per cycle, however many daily retries it takes.
     */
    stockDelayMailedFor: timestamp('stock_delay_mailed_for', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One order per subscription and cycle: the unique key is what keeps a cycle from being billed twice,
 * whoever (which job runner) tries to create its order. attempts: card charges tried for it.
 */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The billing date (cycle 1: when it is paid, set then). */
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Alipay / FPS: when the payment link was mailed. */
    linkMailedAt: timestamp('link_mailed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.cycle] }), unique('subscription_cycles_order_unique').on(t.orderId)],
);
