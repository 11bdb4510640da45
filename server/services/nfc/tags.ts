/**
 * NFC tags (issue 20; spec §2 nfc/{ID}, §7 getNFC, addUserProductByNFC): a tag on a tin or bottle stands for
 * one product. Anyone may look it up; a member adds its product to their drinks (list-user-product, source
 * 'nfc'). An unknown or retired tag is ObjectNotFound.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Currency, ProductCard } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { nfcTags, userNfcProducts } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { cardsByIds } from '../catalogue.ts';

/** The product a live tag stands for; ObjectNotFound for a tag that is unknown or retired. */
async function liveTag(db: Db, id: string) {
  const [tag] = await db
    .select({ id: nfcTags.id, productId: nfcTags.productId })
    .from(nfcTags)
    .where(and(eq(nfcTags.id, id), isNull(nfcTags.retiredAt)));
  if (!tag) throw notFound('NFC tag');
  return tag;
}

export async function nfcProduct(db: Db, id: string, currency: Currency): Promise<{ ID: string; Product: ProductCard }> {
  const tag = await liveTag(db, id);
  const [card] = await cardsByIds(db, currency, [tag.productId]);
  if (!card) throw notFound('NFC tag');
  return { ID: tag.id, Product: card };
}

/** Adds the tag's product to the member's drinks; again later, it moves to the front (its time is the last tap). */
export async function addProductByNfc(deps: Pick<Deps, 'db' | 'clock'>, userId: string, id: string) {
  const tag = await liveTag(deps.db, id);
  const now = deps.clock.now();
  await deps.db
    .insert(userNfcProducts)
    .values({ userId, productId: tag.productId, tagId: tag.id, addedAt: now })
    .onConflictDoUpdate({ target: [userNfcProducts.userId, userNfcProducts.productId], set: { tagId: tag.id, addedAt: now } });
  return { ProductID: tag.productId, AddedAt: now.toISOString() };
}
