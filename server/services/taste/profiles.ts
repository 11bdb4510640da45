/**
 * Product taste profiles (issue 16): one row per product in product_taste_profiles, the sums of its
 * counting cards: each member's latest published card of the product, so a member is one voice however
 * many cards they write (issue 26: 60 cards made a profile one member's). The card service changes a row
 * in the same transaction as the card write that changed which card of a member counts or what it says
 * (create, senses/notes/aromas updated, archive, unarchive); getProductTasteProfile, similar products and
 * the match read that row instead of the cards.
 */
import { desc, eq } from 'drizzle-orm';
import { FIVE_SENSES, type TasteProfile } from '../../../contract/taste-cards.ts';
import type { Db } from '../../db/client.ts';
import { productTasteProfiles, tasteCards } from '../../db/schema.ts';
import { aromasByIds, notesByIds } from './vocabulary.ts';

export type Sense = (typeof FIVE_SENSES)[number];

/** What one card adds to its product's profile while it is published. */
export interface Contribution {
  senses: Record<Sense, number>;
  notes: readonly string[];
  aromas: readonly string[];
}

export type ProfileRow = typeof productTasteProfiles.$inferSelect;

const SUM_COLUMN = {
  Sweetness: 'sweetnessSum',
  Sourness: 'sournessSum',
  Bitterness: 'bitternessSum',
  Saltiness: 'saltinessSum',
  Umami: 'umamiSum',
} as const satisfies Record<Sense, keyof ProfileRow>;

function addCounts(counts: Record<string, number>, ids: readonly string[], sign: 1 | -1): Record<string, number> {
  const next = { ...counts };
  for (const id of new Set(ids)) {
    const n = (next[id] ?? 0) + sign;
    if (n > 0) next[id] = n;
    else delete next[id];
  }
  return next;
}

/**
 * A product's profile row, created if missing, then locked for the rest of the card's transaction: writers
 * on one product take turns, so each reads which card of a member counts after the last writer committed.
 */
export async function lockProfile(tx: Db, productId: string, now: Date): Promise<ProfileRow> {
  await tx
    .insert(productTasteProfiles)
    .values({
      productId,
      cardCount: 0,
      sweetnessSum: 0,
      sournessSum: 0,
      bitternessSum: 0,
      saltinessSum: 0,
      umamiSum: 0,
      noteCounts: {},
      aromaCounts: {},
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(productTasteProfiles).where(eq(productTasteProfiles.productId, productId)).for('update');
  if (!row) throw new Error(`taste profile of ${productId} vanished`);
  return row;
}

/** Adds (sign 1) or takes away (sign -1) cards' contributions to a profile row locked by lockProfile. */
export async function applyContributions(
  tx: Db,
  row: ProfileRow,
  changes: ReadonlyArray<{ contribution: Contribution; sign: 1 | -1 }>,
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const next = { ...row };
  for (const { contribution, sign } of changes) {
    next.cardCount += sign;
    for (const sense of FIVE_SENSES) next[SUM_COLUMN[sense]] += sign * contribution.senses[sense];
    next.noteCounts = addCounts(next.noteCounts, contribution.notes, sign);
    next.aromaCounts = addCounts(next.aromaCounts, contribution.aromas, sign);
  }
  if (next.cardCount < 0) throw new Error(`taste profile of ${row.productId} would count ${next.cardCount} cards`);
  await tx
    .update(productTasteProfiles)
    .set({
      cardCount: next.cardCount,
      sweetnessSum: next.sweetnessSum,
      sournessSum: next.sournessSum,
      bitternessSum: next.bitternessSum,
      saltinessSum: next.saltinessSum,
      umamiSum: next.umamiSum,
      noteCounts: next.noteCounts,
      aromaCounts: next.aromaCounts,
      updatedAt: now,
    })
    .where(eq(productTasteProfiles.productId, row.productId));
}

/** The five-sense sums of a row, by sense. */
export function senseSums(row: ProfileRow): Record<Sense, number> {
  return {
    Sweetness: row.sweetnessSum,
    Sourness: row.sournessSum,
    Bitterness: row.bitternessSum,
    Saltiness: row.saltinessSum,
    Umami: row.umamiSum,
  };
}

export async function profileRow(db: Db, productId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(productTasteProfiles).where(eq(productTasteProfiles.productId, productId));
  return row && row.cardCount > 0 ? row : undefined;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const TOP = 8;

function top(counts: Record<string, number>): Array<[string, number]> {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP);
}

/** getProductTasteProfile: the averages of the product's counting cards and their most named notes and aromas. */
export async function productTasteProfile(db: Db, productId: string): Promise<TasteProfile> {
  const row = await profileRow(db, productId);
  if (!row) {
    return { CardCount: 0, FiveSenses: { Sweetness: 0, Sourness: 0, Bitterness: 0, Saltiness: 0, Umami: 0 }, TopTasteNotes: [], TopAromas: [] };
  }
  const sums = senseSums(row);
  const notes = top(row.noteCounts);
  const aromaList = top(row.aromaCounts);
  const [resolvedNotes, resolvedAromas] = await Promise.all([notesByIds(db, notes.map(([id]) => id)), aromasByIds(db, aromaList.map(([id]) => id))]);
  const noteById = new Map(resolvedNotes.map((n) => [n.TasteNoteID, n]));
  const aromaById = new Map(resolvedAromas.map((a) => [a.AromaID, a]));
  return {
    CardCount: row.cardCount,
    FiveSenses: Object.fromEntries(FIVE_SENSES.map((s) => [s, oneDecimal(sums[s] / row.cardCount)])) as TasteProfile['FiveSenses'],
    TopTasteNotes: notes.flatMap(([id, Count]) => {
      const note = noteById.get(id);
      return note ? [{ TasteNote: note, Count }] : [];
    }),
    TopAromas: aromaList.flatMap(([id, Count]) => {
      const aroma = aromaById.get(id);
      return aroma ? [{ Aroma: aroma, Count }] : [];
    }),
  };
}

/** Every product's profile recomputed from its counting cards (each member's latest published one): what the rows must equal (tests, repair). */
export async function recomputedProfiles(db: Db): Promise<Map<string, { cardCount: number; senses: Record<Sense, number>; notes: Record<string, number>; aromas: Record<string, number> }>> {
  const list = await db
    .select({
      product_id: tasteCards.productId,
      user_id: tasteCards.userId,
      sweetness: tasteCards.sweetness,
      sourness: tasteCards.sourness,
      bitterness: tasteCards.bitterness,
      saltiness: tasteCards.saltiness,
      umami: tasteCards.umami,
      taste_note_ids: tasteCards.tasteNoteIds,
      aroma_ids: tasteCards.aromaIds,
    })
    .from(tasteCards)
    .where(eq(tasteCards.status, 'Published'))
    .orderBy(desc(tasteCards.createdAt), desc(tasteCards.id));
  const counted = new Set<string>();
  const out = new Map<string, { cardCount: number; senses: Record<Sense, number>; notes: Record<string, number>; aromas: Record<string, number> }>();
  for (const r of list) {
    // Newest first: the first card of a member's seen for a product is the one that counts.
    const voice = JSON.stringify([r.product_id, r.user_id]);
    if (counted.has(voice)) continue;
    counted.add(voice);
    const p = out.get(r.product_id) ?? { cardCount: 0, senses: { Sweetness: 0, Sourness: 0, Bitterness: 0, Saltiness: 0, Umami: 0 }, notes: {}, aromas: {} };
    p.cardCount += 1;
    p.senses.Sweetness += r.sweetness;
    p.senses.Sourness += r.sourness;
    p.senses.Bitterness += r.bitterness;
    p.senses.Saltiness += r.saltiness;
    p.senses.Umami += r.umami;
    p.notes = addCounts(p.notes, r.taste_note_ids, 1);
    p.aromas = addCounts(p.aromas, r.aroma_ids, 1);
    out.set(r.product_id, p);
  }
  return out;
}
