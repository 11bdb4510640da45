/**
 * list-user-product (issue 16; spec §7): the member's drinks: what they bought (lines of their paid product
 * orders), added by tapping a tag (addUserProductByNFC, issue 20) and carded, newest first, each with where
 * it came from.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Currency, ProductCard } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, tasteCards, userNfcProducts } from '../../db/schema.ts';
import { cardsByIds } from '../catalogue.ts';
import { drinkKindOfProductType } from './vocabulary.ts';

type Source = 'bought' | 'nfc' | 'carded';

export async function userProducts(db: Db, userId: string, currency: Currency) {
  const [bought, carded, tapped] = await Promise.all([
    db
      .select({ productId: orderLines.productId, typeId: orderLines.productTypeId, at: sql<Date>`max(${orders.paidAt})`.mapWith(orders.paidAt) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'product'), eq(orders.paymentStatus, 'Paid'), isNotNull(orders.paidAt)))
      .groupBy(orderLines.productId, orderLines.productTypeId),
    db
      .select({ productId: tasteCards.productId, at: sql<Date>`max(${tasteCards.createdAt})`.mapWith(tasteCards.createdAt) })
      .from(tasteCards)
      .where(eq(tasteCards.userId, userId))
      .groupBy(tasteCards.productId),
    db.select({ productId: userNfcProducts.productId, at: userNfcProducts.addedAt }).from(userNfcProducts).where(eq(userNfcProducts.userId, userId)),
  ]);
  const drinks = new Map<string, { sources: Set<Source>; last: Date }>();
  const note = (productId: string, source: Source, at: Date) => {
    const entry = drinks.get(productId) ?? { sources: new Set<Source>(), last: at };
    entry.sources.add(source);
    if (at > entry.last) entry.last = at;
    drinks.set(productId, entry);
  };
  // Bought equipment and box sets are not drinks (a teapot has no taste card).
  for (const b of bought) if (drinkKindOfProductType(b.typeId)) note(b.productId, 'bought', b.at);
  for (const n of tapped) note(n.productId, 'nfc', n.at);
  for (const c of carded) note(c.productId, 'carded', c.at);
  const ordered = [...drinks].sort((a, b) => b[1].last.getTime() - a[1].last.getTime() || (a[0] < b[0] ? -1 : 1));
  const cards = new Map<string, ProductCard>((await cardsByIds(db, currency, ordered.map(([id]) => id))).map((c) => [c.ProductID, c]));
  return {
    ProductList: ordered.flatMap(([id, d]) => {
      const card = cards.get(id);
      const Sources = (['bought', 'nfc', 'carded'] as const).filter((s) => d.sources.has(s));
      return card ? [{ Product: card, Sources, LastAt: d.last.toISOString() }] : [];
    }),
  };
}
