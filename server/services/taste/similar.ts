/**
 * SearchSimilarProductTasteCard (issue 16): the products whose taste profiles are closest to this one's,
 * by taste-vectors.ts's comparison (senses, notes with their sub-families and families, aromas), whatever
 * their category. Not the product itself, not products without published cards or off sale.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Currency, ProductCard } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { products, variances } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { productCardImage } from '../product-pictures.ts';
import { stockStatusOf } from '../catalogue.ts';
import { drinkKindOfProductType } from './vocabulary.ts';
import { profileVector, type IndexedProduct, type TasteSnapshot } from './profile-index.ts';
import { profileRow } from './profiles.ts';
import { comparer, percent, SIMILAR_WEIGHTS, type TasteVector } from './taste-vectors.ts';

/** The product's own vector: from the index, or (a product off sale still has a profile) from its row. */
async function vectorFor(db: Db, snapshot: TasteSnapshot, productId: string): Promise<TasteVector | undefined> {
  const indexed = snapshot.byId.get(productId);
  if (indexed) return indexed.vector;
  const [product] = await db.select({ typeId: products.typeId }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  const row = await profileRow(db, productId);
  return row ? profileVector(row, snapshot.vocab, drinkKindOfProductType(product.typeId)) : undefined;
}

/** The `size` closest products, closest first (ties by product ID), with their Similarity 0-100. */
export function closestProducts(snapshot: TasteSnapshot, vector: TasteVector, excludeId: string, size: number) {
  const { scoreAll } = comparer(vector, SIMILAR_WEIGHTS, snapshot.vocab);
  const scores = new Float64Array(snapshot.products.length);
  scoreAll(snapshot.packed(), scores);
  // A small sorted list of the best so far: k ≤ 20, so insertion beats sorting thousands.
  const best: Array<{ at: number; id: string; score: number }> = [];
  for (let p = 0; p < scores.length; p++) {
    const s = scores[p]!;
    if (!(s >= 0)) continue;
    if (best.length === size && s <= best[best.length - 1]!.score) {
      if (s < best[best.length - 1]!.score) continue;
      if (snapshot.products[p]!.productId > best[best.length - 1]!.id) continue;
    }
    const id = snapshot.products[p]!.productId;
    if (id === excludeId) continue;
    if (best.length === size) best.pop();
    let at = best.length;
    while (at > 0 && (best[at - 1]!.score < s || (best[at - 1]!.score === s && best[at - 1]!.id > id))) at--;
    best.splice(at, 0, { at: p, id, score: s });
  }
  return best.map((b) => ({ id: b.id, score: b.score, cardCount: snapshot.products[b.at]!.cardCount }));
}

/**
 * Units on sale of these products, through the product cache (forgotten there when a product's stock
 * changes, as getProduct's answers are); the misses of one answer are read together in one small query.
 */
async function stockOf(deps: Pick<Deps, 'db' | 'productCache'>, ids: readonly string[]): Promise<Map<string, number>> {
  const missing: string[] = [];
  let batch: Promise<Map<string, number>> | undefined;
  const load = (id: string) => {
    missing.push(id);
    // Every miss is named before the read runs: get() calls load at once, the read waits a microtask.
    batch ??= Promise.resolve().then(async () => {
      const rows = await deps.db
        .select({ productId: variances.productId, units: sql<number>`coalesce(sum(${variances.stock}), 0)::int` })
        .from(variances)
        .where(and(inArray(variances.productId, missing), eq(variances.stopSell, false)))
        .groupBy(variances.productId);
      return new Map(rows.map((r) => [r.productId, Number(r.units)]));
    });
    return batch.then((found) => ({ units: found.get(id) ?? 0 }));
  };
  const units = await Promise.all(ids.map((id) => deps.productCache.get(id, 'taste-stock', () => load(id))));
  return new Map(ids.map((id, i) => [id, units[i]?.units ?? 0]));
}

function cardOf(p: IndexedProduct, currency: Currency, stock: number): ProductCard {
  return {
    ProductID: p.productId,
    ProductTypeID: p.product.typeId,
    Name: { en: p.product.nameEn, zh: p.product.nameZh },
    Image: productCardImage(p.product),
    Price: currency === 'HKD' ? p.product.priceHkd : p.product.priceUsd,
    Currency: currency,
    StockStatus: stockStatusOf(stock),
    IsAlcohol: p.product.isAlcohol,
    StopSell: false,
  };
}

export async function similarProducts(
  deps: Pick<Deps, 'db' | 'tasteProfiles' | 'productCache'>,
  productId: string,
  currency: Currency,
  size: number,
): Promise<Array<{ Product: ProductCard; Similarity: number; CardCount: number }>> {
  const snapshot = await deps.tasteProfiles.snapshot(deps.db);
  const vector = await vectorFor(deps.db, snapshot, productId);
  if (!vector) return [];
  const best = closestProducts(snapshot, vector, productId, size);
  const stock = await stockOf(deps, best.map((b) => b.id));
  return best.map((b) => ({ Product: cardOf(snapshot.byId.get(b.id)!, currency, stock.get(b.id) ?? 0), Similarity: percent(b.score), CardCount: b.cardCount }));
}
