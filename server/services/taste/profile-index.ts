/**
 * Every product's taste profile as a vector, in this process's memory, so that similar products is one
 * pass over a few thousand small vectors instead of a read of them all per request (issue 16 bench:
 * p99 ≤ 30 ms at 100,000 published cards).
 *
 * Kept fresh two ways: this process's own card writes name their product (changed()), and that product's
 * row is read again before the next answer, so a member sees their card count at once; other processes'
 * writes show once the snapshot is older than the TTL: the rows updated since are read again in the
 * background (the answer meanwhile uses the one it has), and everything every FULL_RELOAD_MS. A refresh
 * that overlaps own changes reads those products again.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../../db/client.ts';
import { productTasteProfiles, products, type ProductPhoto } from '../../db/schema.ts';
import { productIsAlcohol } from '../catalogue.ts';
import { drinkKindOfProductType, loadVocabularyRows } from './vocabulary.ts';
import { senseSums, type ProfileRow } from './profiles.ts';
import { packVectors, vectorOf, vocabularyIndex, type PackedVectors, type TasteVector, type VocabularyIndex } from './taste-vectors.ts';
import type { DrinkKind } from '../../../contract/taste-vocabulary.ts';
import type { Bilingual } from '../../../contract/define.ts';

export const TASTE_INDEX_TTL_MS = 60_000;
/** How often everything is read again (products off sale, a missed change); between, only what changed. */
const FULL_RELOAD_MS = 15 * 60_000;
const REFRESH_MARGIN_MS = 10_000;

export interface IndexedProduct {
  productId: string;
  cardCount: number;
  /** What its product card needs besides stock (read with the profile; prices change rarely). */
  product: { typeId: string; nameEn: string; nameZh: string; images: string[]; photos: ProductPhoto[]; priceHkd: number; priceUsd: number; isAlcohol: boolean };
  drink: DrinkKind | undefined;
  vector: TasteVector;
  row: ProfileRow;
}

export interface TasteSnapshot {
  vocab: VocabularyIndex;
  /** Family and aroma names, for the match's reasons. */
  names: { family: Map<string, Bilingual>; aroma: Map<string, Bilingual> };
  /** Products with at least one published card that are on sale. */
  products: IndexedProduct[];
  /** Their vectors packed in the same order (built when first asked for, once per snapshot). */
  packed(): PackedVectors;
  byId: Map<string, IndexedProduct>;
}

export interface TasteProfileIndex {
  snapshot(db: Db): Promise<TasteSnapshot>;
  /** These products' profiles changed here (committed): read them again before the next answer. */
  changed(productIds: Iterable<string>): void;
  clear(): void;
}

export function profileVector(row: ProfileRow, vocab: VocabularyIndex, drink?: DrinkKind): TasteVector {
  return vectorOf(
    {
      cardCount: row.cardCount,
      senseSums: senseSums(row),
      senseWeight: row.cardCount,
      noteCounts: row.noteCounts,
      aromaCounts: row.aromaCounts,
      ...(drink ? { drinks: { [drink]: 1 } } : {}),
    },
    vocab,
  );
}

const profileColumns = {
  row: productTasteProfiles,
  typeId: products.typeId,
  nameEn: products.nameEn,
  nameZh: products.nameZh,
  images: products.images,
  photos: products.photos,
  priceHkd: products.minPriceHkd,
  priceUsd: products.minPriceUsd,
  isAlcohol: productIsAlcohol,
};

async function readProfiles(db: Db, vocab: VocabularyIndex, ids?: readonly string[]): Promise<IndexedProduct[]> {
  const rows = await db
    .select(profileColumns)
    .from(productTasteProfiles)
    .innerJoin(products, eq(products.id, productTasteProfiles.productId))
    .where(and(gt(productTasteProfiles.cardCount, 0), eq(products.stopSell, false), ids ? inArray(productTasteProfiles.productId, [...ids]) : undefined));
  return rows.map(({ row, ...product }) => {
    const drink = drinkKindOfProductType(product.typeId);
    return { productId: row.productId, cardCount: row.cardCount, product, drink, vector: profileVector(row, vocab, drink), row };
  });
}

function packer(list: readonly IndexedProduct[]): () => PackedVectors {
  let packed: PackedVectors | undefined;
  return () => (packed ??= packVectors(list.map((p) => p.vector)));
}

export function createTasteProfileIndex(clock: Clock, ttlMs = TASTE_INDEX_TTL_MS): TasteProfileIndex {
  let current: { snapshot: TasteSnapshot; loadedAt: number } | undefined;
  let loading: Promise<TasteSnapshot> | undefined;
  let reloading = false;
  let fullAt = 0;
  const dirty = new Set<string>();
  const changedDuringReload = new Set<string>();

  async function loadAll(db: Db): Promise<TasteSnapshot> {
    const { notes, aromas } = await loadVocabularyRows(db);
    const vocab = vocabularyIndex(notes, aromas);
    const family = new Map<string, Bilingual>([...notes, ...aromas].map((x) => [x.FamilyID, x.Family]));
    const aroma = new Map<string, Bilingual>(aromas.map((a) => [a.AromaID, a.Name]));
    const list = await readProfiles(db, vocab);
    return { vocab, names: { family, aroma }, products: list, byId: new Map(list.map((p) => [p.productId, p])), packed: packer(list) };
  }

  async function patch(db: Db, snapshot: TasteSnapshot, ids: string[]): Promise<TasteSnapshot> {
    const fresh = await readProfiles(db, snapshot.vocab, ids);
    const byId = new Map(snapshot.byId);
    for (const id of ids) byId.delete(id);
    for (const p of fresh) byId.set(p.productId, p);
    const list = [...byId.values()];
    return { ...snapshot, products: list, byId, packed: packer(list) };
  }

  /**
   * Other processes' changes: the profiles changed since the last look (a margin earlier, for clocks and
   * transactions that committed late), and every FULL_RELOAD_MS everything (products taken off sale).
   */
  function refreshInBackground(db: Db) {
    if (reloading || !current) return;
    reloading = true;
    changedDuringReload.clear();
    const startedAt = clock.now().getTime();
    const full = startedAt - fullAt >= FULL_RELOAD_MS;
    const since = new Date(current.loadedAt - REFRESH_MARGIN_MS);
    const refreshed = full
      ? loadAll(db)
      : db
          .select({ id: productTasteProfiles.productId })
          .from(productTasteProfiles)
          .where(gt(productTasteProfiles.updatedAt, since))
          .then((rows) => (rows.length && current ? patch(db, current.snapshot, rows.map((r) => r.id)) : current!.snapshot));
    refreshed.then(
      (snapshot) => {
        reloading = false;
        current = { snapshot, loadedAt: startedAt };
        if (full) fullAt = startedAt;
        for (const id of changedDuringReload) dirty.add(id);
      },
      () => {
        // The next answer tries again; meanwhile the snapshot in hand serves.
        reloading = false;
      },
    );
  }

  return {
    async snapshot(db) {
      if (!current) {
        loading ??= loadAll(db).finally(() => (loading = undefined));
        const snapshot = await loading;
        if (!current) {
          current = { snapshot, loadedAt: clock.now().getTime() };
          fullAt = current.loadedAt;
        }
      }
      if (dirty.size) {
        const ids = [...dirty];
        dirty.clear();
        try {
          current = { snapshot: await patch(db, current.snapshot, ids), loadedAt: current.loadedAt };
        } catch (err) {
          for (const id of ids) dirty.add(id);
          throw err;
        }
      }
      if (clock.now().getTime() - current.loadedAt > ttlMs) refreshInBackground(db);
      return current.snapshot;
    },
    changed(productIds) {
      for (const id of productIds) {
        dirty.add(id);
        if (reloading) changedDuringReload.add(id);
      }
    },
    clear() {
      current = undefined;
      dirty.clear();
    },
  };
}
