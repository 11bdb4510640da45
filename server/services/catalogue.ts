import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type Currency, type ProductCard, type StockStatus } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { banners, products, variances, type ProductPhoto } from '../db/schema.ts';
import { artworkUrl } from './artwork.ts';
import { productCardImage } from './product-pictures.ts';

/** Product cards, stock status and banners: what the catalogue, search, wishlist, content and bag share. */

export function stockStatusOf(stock: number): StockStatus {
  if (stock <= 0) return 'OutOfStock';
  return stock <= LOW_STOCK_THRESHOLD ? 'LowStock' : 'InStock';
}

const ALCOHOL_NAME = /alcohol/i;

/**
 * Whether a product is alcohol, as a column to select. Spec §9 recognises alcohol by product type, or by a type or
 * product name containing "Alcohol"; since issue 32 the type's part is each product's own flag
 * (products.is_alcohol, which staff set), and a product named "Alcohol" is alcohol whatever its flag. Every
 * customer-facing "is this alcohol" (cards, product page, bag and checkout, boxes, pour lists) selects this.
 */
export const productIsAlcohol = sql<boolean>`(${products.isAlcohol} or ${products.nameEn} ~* 'alcohol')`;

/** The flag a new product of this type takes when staff do not set it (what migration 0035 gave existing products). */
export const alcoholOfType = (type: { isAlcohol: boolean; nameEn: string }) => type.isAlcohol || ALCOHOL_NAME.test(type.nameEn);

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
  photos: products.photos,
  stopSell: products.stopSell,
  price: priceColumn(currency),
  stock: stockOnSale,
  isAlcohol: productIsAlcohol,
});

type CardRow = {
  id: string;
  typeId: string;
  nameEn: string;
  nameZh: string;
  images: string[];
  photos: ProductPhoto[];
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
    Image: productCardImage(row),
    Price: row.price,
    Currency: currency,
    StockStatus: stockStatusOf(Number(row.stock)),
    IsAlcohol: row.isAlcohol,
    StopSell: row.stopSell,
  };
}

export function cardQuery(db: Db, currency: Currency) {
  return db.select(cardColumns(currency)).from(products);
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
