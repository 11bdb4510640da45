import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { productTypes } from './catalogue.ts';

export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  /** 'big' and 'small' promotion banners, or 'product' banners of one product type. */
  kind: text('kind', { enum: ['big', 'small', 'product'] }).notNull(),
  productTypeId: text('product_type_id').references(() => productTypes.id),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  subtitleEn: text('subtitle_en').notNull(),
  subtitleZh: text('subtitle_zh').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const information = pgTable('information', {
  id: text('id').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  contentEn: text('content_en').notNull(),
  contentZh: text('content_zh').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Content-managed blocks (navigation menu, footer, section titles), one JSON value each. */
export const contentBlocks = pgTable('content_blocks', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
