/**
 * The catalogue in the back office (issue 32, contract/staff-catalogue.ts): the products and variances the
 * customers' calls read, listed, made and changed by staff, each change with its audit row in the change's
 * own transaction.
 *
 * What customers see must follow at once. The search index needs nothing from here: a product's search
 * vector is a generated column and its words reach the did-you-mean vocabulary by trigger (migration 0007),
 * and the per-type counts on sale are kept by triggers too. What a process keeps in memory is told after
 * each commit (published): getProduct's cached answers (productCache, dropped in every process through its
 * signal) and the taste index's product cards (prices, names, on sale).
 *
 * A product's lowest price on sale (products.min_price_*, what listings sort and filter by) is worked out
 * again after every variance change, under the product's row lock so two changes at once cannot leave the
 * older minimum. Variances: services/staff/catalogue-variances.ts; uploaded pictures:
 * services/staff/catalogue-photos.ts.
 *
 * Alcohol is each product's own flag (products.is_alcohol): a new product takes its type's unless staff say,
 * and moving a product to an alcohol type flags it unless staff say otherwise in the same change; nothing but
 * an explicit false clears it, so no edit lifts the age rules by accident.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffPhoto, StaffProduct, StaffProductSort, StaffVariance } from '../../../contract/staff-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { productTypes, products, variances, type ProductPhoto } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { artworkUrl, parseArtSeed } from '../artwork.ts';
import { alcoholOfType } from '../catalogue.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { photoCardUrl } from '../product-pictures.ts';
import { mediaUrlFor } from '../media-urls.ts';
import { appendAudit } from './audit.ts';

/** The audit log's actions for products. */
export const CREATE_PRODUCT_ACTION = 'product.create';
export const UPDATE_PRODUCT_ACTION = 'product.update';

export type CatalogueDeps = Pick<Deps, 'db' | 'clock' | 'productCache' | 'tasteProfiles'>;
type ProductRow = typeof products.$inferSelect;
export type VarianceRow = typeof variances.$inferSelect;
type Money = { HKD: number; USD: number };
type Bilingual = { en: string; zh: string };

/** What an audit row keeps of a product (its own fields; variances have rows of their own). */
export const productAuditView = (row: ProductRow) => ({
  ProductID: row.id,
  ProductTypeID: row.typeId,
  Name: { en: row.nameEn, zh: row.nameZh },
  Description: { en: row.descriptionEn, zh: row.descriptionZh },
  Images: row.images,
  IsAlcohol: row.isAlcohol,
  StopSell: row.stopSell,
  MinPrice: { HKD: row.minPriceHkd, USD: row.minPriceUsd },
});

export const toStaffPhoto = (photo: ProductPhoto): StaffPhoto => ({
  MediaID: photo.mediaId,
  Url: mediaUrlFor(photo.mediaId),
  ThumbUrl: photoCardUrl(photo),
  Alt: photo.alt,
});

export const toStaffVariance = (row: VarianceRow): StaffVariance => ({
  VarianceID: row.id,
  Name: { en: row.nameEn, zh: row.nameZh },
  Price: { HKD: row.priceHkd, USD: row.priceUsd },
  Stock: row.stock,
  StopSell: row.stopSell,
});

/** The products as staff see them, with their variances, in the order of `ids` (unknown ids skipped). */
export async function readStaffProducts(db: Db, ids: readonly string[]): Promise<StaffProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, [...ids]));
  const varianceRows = await db.select().from(variances).where(inArray(variances.productId, [...ids])).orderBy(asc(variances.sort), asc(variances.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...productAuditView(row),
        ImageUrls: row.images.map(artworkUrl),
        Photos: row.photos.map(toStaffPhoto),
        CreatedAt: row.createdAt.toISOString(),
        Variances: varianceRows.filter((v) => v.productId === id).map(toStaffVariance),
      },
    ];
  });
}

/** Customers' copies of these products, in every process, and the taste index's cards: read afresh. Called after commit. */
export function published(deps: CatalogueDeps, productIds: readonly string[]): void {
  deps.productCache.forget(productIds);
  deps.tasteProfiles.changed(productIds);
}

/**
 * Sets a product's lowest prices from its variances (those on sale; all of them when none is), as the seed
 * does. Called with the product's row locked, after the variances changed.
 */
export async function refreshMinPrice(tx: Db, productId: string): Promise<void> {
  const lowest = (column: SQL) => sql<number>`coalesce(
    (select min(${column}) from ${variances} where ${variances.productId} = ${productId} and not ${variances.stopSell}),
    (select min(${column}) from ${variances} where ${variances.productId} = ${productId}), 0)`;
  await tx
    .update(products)
    .set({ minPriceHkd: lowest(sql`${variances.priceHkd}`), minPriceUsd: lowest(sql`${variances.priceUsd}`) })
    .where(eq(products.id, productId));
}

/** The product's row, locked for the rest of the transaction; 400 ObjectNotFound naming ProductID. */
export async function lockProduct(tx: Db, productId: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No product has this id', 'ProductID');
  return row;
}

/** A LIKE pattern matching what contains `text` (its own % _ and \ taken literally). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ProductQuery {
  productTypeId?: string | undefined;
  text?: string | undefined;
  status: 'all' | 'onSale' | 'stopped';
  size: number;
  /** By id when absent. */
  sort?: StaffProductSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** The order of staff-list-products under each sort (contract StaffProductSort): ties broken by id. */
const PRODUCT_SORTS: Record<StaffProductSort['Field'], KeyPart[]> = {
  ProductID: [],
  Name: [{ expr: products.nameEn, type: 'text' }],
  ProductTypeID: [{ expr: products.typeId, type: 'text' }],
  MinPrice: [{ expr: products.minPriceHkd, type: 'integer' }],
  // Read from its variances each time: stock moves with every order, so it is not kept on the product.
  Stock: [{ expr: sql`(select coalesce(sum(${variances.stock}), 0)::bigint from ${variances} where ${variances.productId} = ${products.id})`, type: 'bigint' }],
  CreatedAt: [{ expr: products.createdAt, type: 'timestamptz' }],
};

const productKeyset = (sort: StaffProductSort) => sortKeyset(sort.Field, sort.Direction, [...PRODUCT_SORTS[sort.Field], { expr: products.id, type: 'text' }]);

/** staff-list-products: by id (the primary key) or as `sort` asks, filtered and paged on the server, each with its variances. */
export async function listProducts(db: Db, q: ProductQuery): Promise<{ ProductList: StaffProduct[]; LastEvaluatedKey?: string }> {
  const conditions: SQL[] = [];
  if (q.productTypeId) conditions.push(eq(products.typeId, q.productTypeId));
  if (q.status === 'onSale') conditions.push(eq(products.stopSell, false));
  if (q.status === 'stopped') conditions.push(eq(products.stopSell, true));
  if (q.text) {
    const pattern = containsPattern(q.text);
    conditions.push(sql`(${products.id} = ${q.text} or lower(${products.nameEn}) like lower(${pattern}) or ${products.nameZh} like ${pattern})`);
  }
  const keyset = productKeyset(q.sort ?? { Field: 'ProductID', Direction: 'asc' });
  const after = afterPageKey(keyset, q.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await db
    .select({ id: products.id, pageKey: keysetColumn(keyset) })
    .from(products)
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(q.size + 1);
  const next = nextPageKey(keyset, rows, q.size);
  return {
    ProductList: await readStaffProducts(db, rows.slice(0, q.size).map((r) => r.id)),
    ...(next ? { LastEvaluatedKey: next } : {}),
  };
}

/** The product type (what its products' alcohol flag starts from); 400 naming ProductTypeID when there is none. */
async function productTypeOf(db: Db, typeId: string): Promise<{ isAlcohol: boolean; nameEn: string }> {
  const [found] = await db.select({ isAlcohol: productTypes.isAlcohol, nameEn: productTypes.nameEn }).from(productTypes).where(eq(productTypes.id, typeId));
  if (!found) throw new ApiError(400, ErrorCode.InvalidParameter, `ProductTypeID is invalid: no product type ${typeId}`, 'ProductTypeID');
  return found;
}

/** 400 naming Images when a seed names no motif the artwork draws (the contract checks its shape only). */
function checkImages(images: readonly string[]): string[] {
  const bad = images.find((seed) => !parseArtSeed(seed));
  if (bad !== undefined) throw new ApiError(400, ErrorCode.InvalidParameter, `Images is invalid: ${bad} is not an artwork seed`, 'Images');
  return [...images];
}

/** Lower-case ASCII words joined by '-', at most `max` characters: ids staff can read in a URL. */
function slug(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}
const suffix = (bytes: number) => randomBytes(bytes).toString('hex');

/** A new product's id: its type and English name, and a random tail so two of the same name differ (≤ 47 characters). */
const newProductId = (typeId: string, nameEn: string) => `${slug(`${typeId}-${nameEn}`, 40) || 'product'}-${suffix(3)}`;
/** A new variance's id: its product's, its English name and a random tail (≤ 64 characters). */
export const newVarianceId = (productId: string, nameEn: string) => `${productId}-${slug(nameEn, 10) || 'v'}-${suffix(2)}`;

export interface NewVariance {
  name: Bilingual;
  price: Money;
  stock: number;
  stopSell: boolean;
}

export interface NewProduct {
  typeId: string;
  name: Bilingual;
  description: Bilingual;
  images: readonly string[];
  /** Undefined: the type's. */
  isAlcohol?: boolean | undefined;
  stopSell: boolean;
  variances: readonly NewVariance[];
}

/** staff-create-product: the product and its variances made in one transaction, with one audit row. */
export async function createProduct(deps: CatalogueDeps, actorUserId: string, p: NewProduct): Promise<StaffProduct> {
  const type = await productTypeOf(deps.db, p.typeId);
  const images = checkImages(p.images);
  const now = deps.clock.now();
  const productId = newProductId(p.typeId, p.name.en);
  const product = await deps.db.transaction(async (tx) => {
    await tx.insert(products).values({
      id: productId,
      typeId: p.typeId,
      nameEn: p.name.en,
      nameZh: p.name.zh,
      descriptionEn: p.description.en,
      descriptionZh: p.description.zh,
      images,
      isAlcohol: p.isAlcohol ?? alcoholOfType(type),
      stopSell: p.stopSell,
      // Set from the variances below, once they are in.
      minPriceHkd: 0,
      minPriceUsd: 0,
      createdAt: now,
    });
    await tx
      .insert(variances)
      .values(
        p.variances.map((v, sort) => ({
          id: newVarianceId(productId, v.name.en),
          productId,
          nameEn: v.name.en,
          nameZh: v.name.zh,
          priceHkd: v.price.HKD,
          priceUsd: v.price.USD,
          stock: v.stock,
          stopSell: v.stopSell,
          sort,
        })),
      );
    await refreshMinPrice(tx, productId);
    const [made] = await readStaffProducts(tx, [productId]);
    // The product as made, its variances with it.
    await appendAudit(tx, { at: now, actorUserId, action: CREATE_PRODUCT_ACTION, target: `product:${productId}`, before: null, after: made });
    return made!;
  });
  published(deps, [productId]);
  return product;
}

/** What staff may change of a product; undefined: unchanged. */
export interface ProductEdit {
  productId: string;
  typeId?: string | undefined;
  name?: Bilingual | undefined;
  description?: Bilingual | undefined;
  images?: readonly string[] | undefined;
  isAlcohol?: boolean | undefined;
  stopSell?: boolean | undefined;
}

/** Keeps of `wanted` the columns whose value differs from the row's. */
export function changedOnly<Row extends object, Change extends Partial<Row>>(before: Row, wanted: Change): Change {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return Object.fromEntries(Object.entries(wanted).filter(([column, value]) => !same(before[column as keyof Row], value))) as Change;
}

/**
 * staff-update-product: the changes applied under the product's row lock, with one audit row; nothing
 * changed, nothing written.
 */
export async function updateProduct(deps: CatalogueDeps, actorUserId: string, e: ProductEdit): Promise<StaffProduct> {
  const type = e.typeId ? await productTypeOf(deps.db, e.typeId) : undefined;
  const images = e.images && checkImages(e.images);
  const now = deps.clock.now();
  const { product, changed } = await deps.db.transaction(async (tx) => {
    const before = await lockProduct(tx, e.productId);
    // Moved to an alcohol type: alcohol, unless this very change says it is not.
    const movedToAlcohol = type !== undefined && e.typeId !== before.typeId && alcoholOfType(type);
    const isAlcohol = e.isAlcohol ?? (movedToAlcohol ? true : undefined);
    const change = changedOnly(before, {
      ...(e.typeId ? { typeId: e.typeId } : {}),
      ...(e.name ? { nameEn: e.name.en, nameZh: e.name.zh } : {}),
      ...(e.description ? { descriptionEn: e.description.en, descriptionZh: e.description.zh } : {}),
      ...(images ? { images } : {}),
      ...(isAlcohol !== undefined ? { isAlcohol } : {}),
      ...(e.stopSell !== undefined ? { stopSell: e.stopSell } : {}),
    });
    const changed = Object.keys(change).length > 0;
    if (changed) {
      const [after] = await tx.update(products).set(change).where(eq(products.id, e.productId)).returning();
      await appendAudit(tx, { at: now, actorUserId, action: UPDATE_PRODUCT_ACTION, target: `product:${e.productId}`, before: productAuditView(before), after: productAuditView(after!) });
    }
    const [product] = await readStaffProducts(tx, [e.productId]);
    return { product: product!, changed };
  });
  if (changed) published(deps, [e.productId]);
  return product;
}
