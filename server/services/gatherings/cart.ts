/**
 * A member's cart at a gathering (spec §7 Gathering cart; issue 31): pours and quantities, one cart per
 * member and gathering. Adding needs the member in the room of a gathering going on now; quantities never
 * pass what is left of a pour (they are checked again when the member orders).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode, MAX_POUR_QUANTITY, type Currency, type GatheringCart } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { events, eventVariances, gatheringCartItems, gatheringPours, gatherings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { requireInRoom } from './info.ts';
import { pourRows, toGatheringProduct } from './pours.ts';

const outOfStock = (productId: string) => new ApiError(400, ErrorCode.OutOfStock, `Not that many left of ${productId} tonight`, 'quantity', { ProductID: productId });
const tooMany = () => new ApiError(400, ErrorCode.InvalidParameter, `At most ${MAX_POUR_QUANTITY} of one pour`, 'quantity');

export async function memberCarts(db: Db, userId: string, currency: Currency): Promise<{ CartList: GatheringCart[] }> {
  const lines = await db
    .select({ gatheringId: gatheringCartItems.gatheringId, productId: gatheringCartItems.productId, quantity: gatheringCartItems.quantity, addedAt: gatheringCartItems.addedAt })
    .from(gatheringCartItems)
    .where(eq(gatheringCartItems.userId, userId))
    .orderBy(desc(gatheringCartItems.addedAt));
  if (lines.length === 0) return { CartList: [] };
  const ids = [...new Set(lines.map((l) => l.gatheringId))];
  const [pours, heads] = await Promise.all([
    pourRows(db, inArray(gatheringPours.gatheringId, ids)),
    db
      .select({ id: gatherings.id, status: gatherings.status, titleEn: events.titleEn, titleZh: events.titleZh })
      .from(gatherings)
      .innerJoin(eventVariances, eq(eventVariances.id, gatherings.varianceId))
      .innerJoin(events, eq(events.id, eventVariances.eventId))
      .where(inArray(gatherings.id, ids)),
  ]);
  const pourOf = new Map(pours.map((p) => [`${p.gatheringId}/${p.productId}`, p]));
  const CartList = ids.flatMap((id): GatheringCart[] => {
    const head = heads.find((h) => h.id === id);
    if (!head) return [];
    const ProductList = lines
      .filter((l) => l.gatheringId === id)
      .flatMap((l) => {
        const pour = pourOf.get(`${id}/${l.productId}`);
        if (!pour) return [];
        const product = toGatheringProduct(pour, currency);
        return [{ ...product, Quantity: l.quantity, LineTotal: product.Price * l.quantity }];
      });
    return [{ GatheringID: id, Title: { en: head.titleEn, zh: head.titleZh }, Status: head.status, ProductList, SubTotal: ProductList.reduce((sum, l) => sum + l.LineTotal, 0), Currency: currency }];
  });
  return { CartList };
}

/** The pours of a gathering by product, locked for this change (two adds of the same member add up right). */
async function poursFor(tx: Db, gatheringId: string, productIds: readonly string[]) {
  const rows = await tx
    .select({ productId: gatheringPours.productId, remaining: gatheringPours.remaining })
    .from(gatheringPours)
    .where(and(eq(gatheringPours.gatheringId, gatheringId), inArray(gatheringPours.productId, [...productIds])));
  const byId = new Map(rows.map((r) => [r.productId, r.remaining]));
  for (const id of productIds) if (!byId.has(id)) throw new ApiError(400, ErrorCode.ObjectNotFound, `${id} is not on tonight's list`, 'productID');
  return byId;
}

async function lockCart(tx: Db, userId: string) {
  // One member's cart changes one at a time: two adds at once both count.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`gathering-cart:${userId}`}))`);
}

export async function addToCart(deps: Pick<Deps, 'db' | 'clock'>, userId: string, gatheringId: string, productList: readonly { productID: string; quantity: number }[]) {
  await requireInRoom(deps.db, userId, gatheringId);
  const wanted = new Map<string, number>();
  for (const p of productList) wanted.set(p.productID, (wanted.get(p.productID) ?? 0) + p.quantity);
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockCart(tx, userId);
    const remaining = await poursFor(tx, gatheringId, [...wanted.keys()]);
    const have = await tx
      .select({ productId: gatheringCartItems.productId, quantity: gatheringCartItems.quantity })
      .from(gatheringCartItems)
      .where(and(eq(gatheringCartItems.userId, userId), eq(gatheringCartItems.gatheringId, gatheringId)));
    const now = deps.clock.now();
    for (const [productId, add] of wanted) {
      const total = (have.find((h) => h.productId === productId)?.quantity ?? 0) + add;
      if (total > MAX_POUR_QUANTITY) throw tooMany();
      if (total > remaining.get(productId)!) throw outOfStock(productId);
      await tx
        .insert(gatheringCartItems)
        .values({ userId, gatheringId, productId, quantity: total, addedAt: now })
        .onConflictDoUpdate({ target: [gatheringCartItems.userId, gatheringCartItems.gatheringId, gatheringCartItems.productId], set: { quantity: total } });
    }
  });
  return {};
}

export async function setCartQuantity(deps: Pick<Deps, 'db' | 'clock'>, userId: string, gatheringId: string, productId: string, quantity: number) {
  if (quantity === 0) return removeFromCart(deps.db, userId, gatheringId, productId);
  await requireInRoom(deps.db, userId, gatheringId);
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockCart(tx, userId);
    const remaining = await poursFor(tx, gatheringId, [productId]);
    if (quantity > remaining.get(productId)!) throw outOfStock(productId);
    const updated = await tx
      .update(gatheringCartItems)
      .set({ quantity })
      .where(and(eq(gatheringCartItems.userId, userId), eq(gatheringCartItems.gatheringId, gatheringId), eq(gatheringCartItems.productId, productId)))
      .returning({ productId: gatheringCartItems.productId });
    if (updated.length === 0) throw notFound('Cart line');
  });
  return {};
}

/** Removing a line that is not there changes nothing (a double tap). */
export async function removeFromCart(db: Db, userId: string, gatheringId: string, productId: string) {
  await db
    .delete(gatheringCartItems)
    .where(and(eq(gatheringCartItems.userId, userId), eq(gatheringCartItems.gatheringId, gatheringId), eq(gatheringCartItems.productId, productId)));
  return {};
}

export async function clearCart(db: Db, userId: string, gatheringId: string | undefined) {
  await db
    .delete(gatheringCartItems)
    .where(and(eq(gatheringCartItems.userId, userId), gatheringId ? eq(gatheringCartItems.gatheringId, gatheringId) : undefined));
  return {};
}
