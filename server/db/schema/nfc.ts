import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/**
 * NFC tags on the shop's tins and bottles (issue 20; spec §2 nfc/{ID}): each carries the address nfc/{ID}
 * and stands for one product. A retired tag (lost, reprinted) no longer answers.
 */
export const nfcTags = pgTable(
  'nfc_tags',
  {
    /** Random-looking (nfc_…), so tags cannot be walked through by counting. */
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('nfc_tags_product_idx').on(t.productId)],
);

/** Drinks a member added by tapping a tag (addUserProductByNFC): one row per member and product, the last tap kept. */
export const userNfcProducts = pgTable(
  'user_nfc_products',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The tag last tapped for it. */
    tagId: text('tag_id')
      .notNull()
      .references(() => nfcTags.id),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
