import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CouponOrderKind } from '../../../contract/staff-coupon-fields.ts';
import { users } from './accounts.ts';
import { countries } from './places.ts';

/** Coupons by code. Percent coupons use rate_bp; fixed ones amount_hkd/amount_usd. */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    rateBp: integer('rate_bp'),
    amountHkd: integer('amount_hkd'),
    amountUsd: integer('amount_usd'),
    minSpendHkd: integer('min_spend_hkd').notNull().default(0),
    minSpendUsd: integer('min_spend_usd').notNull().default(0),
    /** Product types it applies to; empty = all. */
    productTypeIds: jsonb('product_type_ids').$type<string[]>().notNull().default([]),
    /**
     * Order kinds (orders.kind) it applies to; empty = all. Another kind's order is refused as 70600, reason
     * WrongOrderKind, wherever the code is applied or checked again (issue 32: set by staff).
     */
    orderKinds: jsonb('order_kinds').$type<CouponOrderKind[]>().notNull().default([]),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** Uses across all members; null = unlimited. */
    maxUses: integer('max_uses'),
    /** Uses per member; null = unlimited. */
    maxUsesPerMember: integer('max_uses_per_member'),
    /** Shown in coupon/list; unlisted codes still apply when typed. */
    listed: boolean('listed').notNull().default(true),
    /**
     * When staff disabled it (back office); null = enabled. A disabled code is refused wherever a coupon is
     * applied or checked (70600, reason Disabled) and left out of coupon/list; orders holding a use keep it.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'coupons_kind_value',
      sql`(${t.kind} = 'percent' and ${t.rateBp} between 1 and 10000) or (${t.kind} = 'fixed' and ${t.amountHkd} >= 0 and ${t.amountUsd} >= 0)`,
    ),
  ],
);

/** A coupon used by an order (written at checkout, released when the order is cancelled unpaid). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('coupon_redemptions_code_user_idx').on(t.couponCode, t.userId)],
);

/** Automatic discounts: a percentage off the product types in scope, within a window. */
export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  rateBp: integer('rate_bp').notNull(),
  productTypeIds: jsonb('product_type_ids').$type<string[]>().notNull().default([]),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Shipping fee per delivery country; the row with country_id '*' serves every other country. */
export const shippingRates = pgTable('shipping_rates', {
  countryId: text('country_id').primaryKey(),
  feeHkd: integer('fee_hkd').notNull(),
  feeUsd: integer('fee_usd').notNull(),
  /** Merchandise (after discounts) from which shipping is free; null = never free. */
  freeOverHkd: integer('free_over_hkd'),
  freeOverUsd: integer('free_over_usd'),
});

/** Taxes of a delivery country, one row per component of the breakdown. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: text('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    rateBp: integer('rate_bp').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('tax_rates_country_idx').on(t.countryId)],
);
