import { and, desc, eq } from 'drizzle-orm';
import * as contract from '../../contract/wishlist.ts';
import { products, wishlistItems } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { cardQuery, toCard } from '../services/catalogue.ts';
import { implement } from './handler.ts';

export const wishlistHandlers = implement(contract, {
  async getWishlist({ body, deps: { db }, userId }) {
    const rows = await cardQuery(db, body.Currency)
      .innerJoin(wishlistItems, and(eq(wishlistItems.productId, products.id), eq(wishlistItems.userId, userId)))
      .orderBy(desc(wishlistItems.createdAt), desc(products.id));
    return { ProductList: rows.map((r) => toCard(r, body.Currency)) };
  },

  async addWishlist({ body, deps: { db, clock }, userId }) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, body.ProductID));
    if (!product) throw notFound('Product');
    await db
      .insert(wishlistItems)
      .values({ userId: userId, productId: product.id, createdAt: clock.now() })
      .onConflictDoNothing();
    return {};
  },

  async delWishlist({ body, deps: { db }, userId }) {
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, body.ProductID)));
    return {};
  },
});
