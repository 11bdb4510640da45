/**
 * Drinks for the member (issue 20, the member home): every product with published cards scored against the
 * member's taste profile by the match's own comparison (taste/match.ts memberProfile, MATCH_WEIGHTS), best
 * first, leaving out the member's own drinks and what is sold out. Drinks of the kinds the member already has
 * (tea, coffee, incense, spirits) come before the others: a profile of floral oolongs compares with an incense
 * stick's notes too, but a tea drinker shown drinks for their taste wants teas first.
 */
import type { Currency, ProductCard } from '../../../contract/index.ts';
import type { Deps } from '../../deps.ts';
import { cardsByIds } from '../catalogue.ts';
import { memberProfile } from '../taste/match.ts';
import { drinkKindOfProductType } from '../taste/vocabulary.ts';
import { comparer, MATCH_WEIGHTS, percent, vectorOf } from '../taste/taste-vectors.ts';
import { userProducts } from '../taste/user-products.ts';

export async function recommendedProducts(
  deps: Pick<Deps, 'db' | 'tasteProfiles'>,
  userId: string,
  currency: Currency,
  size: number,
): Promise<{ ProductList: Array<{ Product: ProductCard; Match: number }>; HasProfile: boolean }> {
  const { db } = deps;
  const [profile, snapshot, own] = await Promise.all([
    memberProfile(db, userId),
    deps.tasteProfiles.snapshot(db),
    userProducts(db, userId, currency),
  ]);
  if (!profile) return { ProductList: [], HasProfile: false };
  const owned = new Set(own.ProductList.map((p) => p.Product.ProductID));
  const kinds = new Set(own.ProductList.map((p) => drinkKindOfProductType(p.Product.ProductTypeID)).filter((k) => k !== undefined));
  const { scoreAll } = comparer(vectorOf(profile, snapshot.vocab), MATCH_WEIGHTS, snapshot.vocab);
  const scores = new Float64Array(snapshot.products.length);
  scoreAll(snapshot.packed(), scores);
  const ranked = snapshot.products
    .map((p, at) => ({ id: p.productId, familiar: p.drink !== undefined && kinds.has(p.drink), score: scores[at]! }))
    .filter((r) => r.score >= 0 && !owned.has(r.id))
    // The member's kinds of drink first, then best first; ties by product ID, so the row is the same on every read.
    .sort((a, b) => Number(b.familiar) - Number(a.familiar) || b.score - a.score || (a.id < b.id ? -1 : 1))
    // Room for a few sold out ones, dropped below.
    .slice(0, size * 2);
  const cards = await cardsByIds(db, currency, ranked.map((r) => r.id));
  const scoreOf = new Map(ranked.map((r) => [r.id, r.score]));
  return {
    ProductList: cards
      .filter((c) => c.StockStatus !== 'OutOfStock' && !c.StopSell)
      .slice(0, size)
      .map((Product) => ({ Product, Match: percent(scoreOf.get(Product.ProductID)!) })),
    HasProfile: true,
  };
}
