import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type Currency, type ProductCard, type StockStatus } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { banners, productTypes, products, variances } from '../db/schema.ts';
import { artworkUrl } from './artwork.ts';

/** Product cards, stock status and banners: what the catalogue, search, wishlist, content and bag share. */

export function stockStatusOf(stock: number): StockStatus {
  if (stock <= 0) return 'OutOfStock';
  return stock <= LOW_STOCK_THRESHOLD ? 'LowStock' : 'InStock';
}

const ALCOHOL_NAME = /alcohol/i;

/** Spec §9: alcohol is recognised by product type, or by a type or product name containing "Alcohol". */
export const isAlcoholProduct = (p: { typeIsAlcohol: boolean; typeNameEn: string; nameEn: string }) =>
  p.typeIsAlcohol || ALCOHOL_NAME.test(p.typeNameEn) || ALCOHOL_NAME.test(p.nameEn);

const priceColumn = (currency: Currency) => (currency === 'HKD' ? products.minPriceHkd : products.minPriceUsd);

/** Units on sale across a product's variances. */
const stockOnSale = sql<number>`(select coalesce(sum(v.stock), 0)::int from variances v
  where v.product_id = "products"."id" and not v.stop_sell)`;

export const cardColumns = (currency: Currency) => ({
  id: products.id,
  typeId: products.typeId,
  nameEn: products.nameEn,
  nameZh: products.nameZh,
  images: products.images,
  stopSell: products.stopSell,
  price: priceColumn(currency),
  stock: stockOnSale,
  isAlcohol: productTypes.isAlcohol,
});

type CardRow = {
  id: string;
  typeId: string;
  nameEn: string;
  nameZh: string;
  images: string[];
  stopSell: boolean;
  price: number;
  stock: number;
  isAlcohol: boolean;
};

export function toCard(row: CardRow, currency: Currency): ProductCard {
  return {
    ProductID: row.id,
    ProductTypeID: row.typeId,
    Name: { en: row.nameEn, zh: row.nameZh },
    Image: artworkUrl(row.images[0] ?? 'box-30-0'),
    Price: row.price,
    Currency: currency,
    StockStatus: stockStatusOf(Number(row.stock)),
    IsAlcohol: row.isAlcohol,
    StopSell: row.stopSell,
  };
}

export function cardQuery(db: Db, currency: Currency) {
  return db
    .select(cardColumns(currency))
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId));
}

/** Cards of the given products, in the order given (unknown ids are skipped). */
export async function cardsByIds(db: Db, currency: Currency, ids: readonly string[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  // The ids travel as one array parameter, and the page's stock is summed in one pass over its variances.
  const idList = sql`${sql.param([...ids])}::text[]`;
  const stock = db
    .select({ productId: variances.productId, units: sql<number>`sum(${variances.stock})::int`.as('units') })
    .from(variances)
    .where(and(sql`${variances.productId} = any(${idList})`, eq(variances.stopSell, false)))
    .groupBy(variances.productId)
    .as('stock');
  const rows = await db
    .select({ ...cardColumns(currency), stock: sql<number>`coalesce(${stock.units}, 0)` })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .leftJoin(stock, eq(stock.productId, products.id))
    .where(sql`${products.id} = any(${idList})`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row, currency)] : [];
  });
}

/** The newest products on sale, as cards (the home page's "new in" section). */
export async function newestProducts(db: Db, currency: Currency, size: number) {
  const rows = await cardQuery(db, currency)
    .where(eq(products.stopSell, false))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(size);
  return rows.map((r) => toCard(r, currency));
}

export function toBanner(b: typeof banners.$inferSelect) {
  return {
    BannerID: b.id,
    Title: { en: b.titleEn, zh: b.titleZh },
    Subtitle: { en: b.subtitleEn, zh: b.subtitleZh },
    Image: artworkUrl(b.image),
    Link: b.link,
  };
}
