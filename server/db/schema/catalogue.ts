import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const productTypes = pgTable('product_types', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionZh: text('description_zh').notNull(),
  isAlcohol: boolean('is_alcohol').notNull().default(false),
  isBoxset: boolean('is_boxset').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** Filterable attribute values, grouped (origin, roast, …). */
export const attributes = pgTable('attributes', {
  id: text('id').primaryKey(),
  group: text('group').notNull(),
  groupNameEn: text('group_name_en').notNull(),
  groupNameZh: text('group_name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** PostgreSQL full-text document; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What keyword search matches (server/services/search/product-match.ts): English names (weight A) and descriptions (B),
 * stemmed; Traditional Chinese names and descriptions as character grams (cjk_grams, migration 0007), because
 * Chinese has no spaces to split words on. The grams carry no positions (strip): Chinese matches are
 * confirmed and ranked on the texts themselves, and the vector stays small.
 */
const productSearchDocument = sql`setweight(to_tsvector('english'::regconfig, "name_en"), 'A')
  || setweight(to_tsvector('english'::regconfig, "description_en"), 'B')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("name_zh" || ' ' || "description_zh")))`;

/** An uploaded product picture (media_uploads, purpose 'product'): its alt text, and the widths of its resized copies. */
export interface ProductPhoto {
  mediaId: string;
  alt: { en: string; zh: string };
  widths: number[];
}

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    typeId: text('type_id')
      .notNull()
      .references(() => productTypes.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    /** Artwork seeds: each renders as an SVG served under /media/art/. */
    images: jsonb('images').$type<string[]>().notNull(),
    /**
     * Pictures staff uploaded (issue 32), in the order customers see them: shown instead of the artwork seeds when
     * there is one. Kept on the row, not in a table of their own, so every read of a product has them at no cost.
     */
    photos: jsonb('photos').$type<ProductPhoto[]>().notNull().default([]),
    /**
     * Sold to over-18s only (spec §9; issue 32): the product's own flag, set by staff. A new product takes its
     * type's (services/catalogue.ts alcoholOfType), as migration 0035 did for the products there were.
     */
    isAlcohol: boolean('is_alcohol').notNull().default(false),
    /** Attribute IDs; a jsonb array so that `?|` can filter with a GIN index. */
    attributeIds: jsonb('attribute_ids').$type<string[]>().notNull().default([]),
    stopSell: boolean('stop_sell').notNull().default(false),
    /** Lowest price among variances on sale, kept by the catalogue service for sorting and ranges. */
    minPriceHkd: integer('min_price_hkd').notNull(),
    minPriceUsd: integer('min_price_usd').notNull(),
    soldCount: integer('sold_count').notNull().default(0),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(productSearchDocument),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('products_attributes_idx').using('gin', t.attributeIds),
    index('products_search_idx').using('gin', t.searchVector),
    // The listing orders, over products on sale only (every listing hides stopped sales); the id breaks ties.
    // Whole catalogue, and per type: prices follow the type closely, so a type's cheapest products are not
    // found by walking the catalogue's price order.
    index('products_on_sale_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_sold_idx').on(t.soldCount.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_price_hkd_idx').on(t.minPriceHkd, t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_price_usd_idx').on(t.minPriceUsd, t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_newest_idx').on(t.typeId, t.createdAt.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_sold_idx').on(t.typeId, t.soldCount.desc().nullsFirst(), t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_price_hkd_idx').on(t.typeId, t.minPriceHkd, t.id).where(sql`not ${t.stopSell}`),
    index('products_on_sale_type_price_usd_idx').on(t.typeId, t.minPriceUsd, t.id).where(sql`not ${t.stopSell}`),
    // Autocomplete: names starting with what was typed.
    index('products_name_en_prefix_idx').on(sql`lower(${t.nameEn}) text_pattern_ops`),
    index('products_name_zh_prefix_idx').on(sql`${t.nameZh} text_pattern_ops`),
  ],
);

export const variances = pgTable(
  'variances',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    priceHkd: integer('price_hkd').notNull(),
    priceUsd: integer('price_usd').notNull(),
    stock: integer('stock').notNull(),
    stopSell: boolean('stop_sell').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('variances_product_idx').on(t.productId),
    check('variances_stock_nonnegative', sql`${t.stock} >= 0`),
    check('variances_prices_nonnegative', sql`${t.priceHkd} >= 0 and ${t.priceUsd} >= 0`),
  ],
);

/** Products on sale per product type, kept by triggers on products (migration 0007): Totals without counting rows. */
export const productOnSaleCounts = pgTable('product_on_sale_counts', {
  typeId: text('type_id')
    .primaryKey()
    .references(() => productTypes.id),
  onSale: integer('on_sale').notNull(),
});
