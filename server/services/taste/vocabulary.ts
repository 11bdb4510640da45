/**
 * The taste vocabulary (issue 16): taste notes and aromas grouped like a flavour wheel, read by the
 * vocabulary calls (server/calls/taste-vocabulary.ts), by taste cards (which check and resolve the IDs a card
 * names) and by event surveys. The seed writes it (server/db/seed/taste-vocabulary-data.ts); nothing else does.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import { drinkKindOfType, type Aroma, type DrinkKind, type TasteFamily, type TasteNote } from '../../../contract/taste-vocabulary.ts';
import type { Db } from '../../db/client.ts';
import { aromas, events, tasteFamilies, tasteIcons, tasteNotes, tasteSubFamilies } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { correctionOf } from './typo-correction.ts';

/** The drink kind of a product type (contract drinkKindOfType: the SPA orders a card's vocabulary by it too). */
export function drinkKindOfProductType(typeId: string): DrinkKind | undefined {
  return drinkKindOfType(typeId);
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Which of these taste-note IDs exist (a card names only known notes; the others are a 400). */
export async function knownTasteNotes(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Set();
  const rows = await db.select({ id: tasteNotes.id }).from(tasteNotes).where(inArray(tasteNotes.id, wanted));
  return new Set(rows.map((r) => r.id));
}

/** Which of these aroma IDs exist. */
export async function knownAromas(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Set();
  const rows = await db.select({ id: aromas.id }).from(aromas).where(inArray(aromas.id, wanted));
  return new Set(rows.map((r) => r.id));
}

interface NoteRow {
  id: string;
  nameEn: string;
  nameZh: string;
  familyId: string;
  familyEn: string;
  familyZh: string;
  subFamilyId: string;
  subFamilyEn: string;
  subFamilyZh: string;
  drinks: string[];
  icon: string;
}

interface AromaRow {
  id: string;
  nameEn: string;
  nameZh: string;
  familyId: string;
  familyEn: string;
  familyZh: string;
  drinks: string[];
  icon: string;
}

export const noteOf = (r: NoteRow): TasteNote => ({
  TasteNoteID: r.id,
  Name: { en: r.nameEn, zh: r.nameZh },
  FamilyID: r.familyId,
  Family: { en: r.familyEn, zh: r.familyZh },
  SubFamilyID: r.subFamilyId,
  SubFamily: { en: r.subFamilyEn, zh: r.subFamilyZh },
  Drinks: r.drinks as DrinkKind[],
  Icon: r.icon,
});

export const aromaOf = (r: AromaRow): Aroma => ({
  AromaID: r.id,
  Name: { en: r.nameEn, zh: r.nameZh },
  FamilyID: r.familyId,
  Family: { en: r.familyEn, zh: r.familyZh },
  Drinks: r.drinks as DrinkKind[],
  Icon: r.icon,
});

function noteRows(db: Db) {
  return db
    .select({
      id: tasteNotes.id,
      nameEn: tasteNotes.nameEn,
      nameZh: tasteNotes.nameZh,
      familyId: tasteNotes.familyId,
      familyEn: tasteFamilies.nameEn,
      familyZh: tasteFamilies.nameZh,
      subFamilyId: tasteNotes.subFamilyId,
      subFamilyEn: tasteSubFamilies.nameEn,
      subFamilyZh: tasteSubFamilies.nameZh,
      drinks: tasteNotes.drinks,
      icon: tasteNotes.icon,
    })
    .from(tasteNotes)
    .innerJoin(tasteFamilies, eq(tasteFamilies.id, tasteNotes.familyId))
    .innerJoin(tasteSubFamilies, eq(tasteSubFamilies.id, tasteNotes.subFamilyId));
}

function aromaRows(db: Db) {
  return db
    .select({
      id: aromas.id,
      nameEn: aromas.nameEn,
      nameZh: aromas.nameZh,
      familyId: aromas.familyId,
      familyEn: tasteFamilies.nameEn,
      familyZh: tasteFamilies.nameZh,
      drinks: aromas.drinks,
      icon: aromas.icon,
    })
    .from(aromas)
    .innerJoin(tasteFamilies, eq(tasteFamilies.id, aromas.familyId));
}

/**
 * These notes resolved as the contract answers them, in the order asked (a card keeps its member's order);
 * unknown IDs are left out (knownTasteNotes says which).
 */
export async function notesByIds(db: Db, ids: readonly string[]): Promise<TasteNote[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await noteRows(db).where(inArray(tasteNotes.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, noteOf(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** These aromas resolved, in the order asked; unknown IDs left out. */
export async function aromasByIds(db: Db, ids: readonly string[]): Promise<Aroma[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await aromaRows(db).where(inArray(aromas.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, aromaOf(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Every note and aroma in wheel order (family, sub-family, note), as the vocabulary cache loads them. */
export async function loadVocabularyRows(db: Db) {
  const [notes, aromaList] = await Promise.all([
    noteRows(db).orderBy(asc(tasteFamilies.sort), asc(tasteSubFamilies.sort), asc(tasteNotes.sort), asc(tasteNotes.id)),
    aromaRows(db).orderBy(asc(tasteFamilies.sort), asc(aromas.sort), asc(aromas.id)),
  ]);
  return { notes: notes.map(noteOf), aromas: aromaList.map(aromaOf) };
}

// ------------------------------------------------------------------------------------------ in memory

/**
 * The whole vocabulary is small (≈ 270 notes and aromas, 20-odd icons) and written only by the seed, so
 * each server process reads it once and searches it in memory: prefix matching on normalised names in both
 * languages and a Damerau-Levenshtein typo allowance are a few microseconds per row, with no round trip,
 * and behave the same on PGlite and PostgreSQL. The product search's helpers (services/search/) are built
 * on that catalogue's own tsvector and search_vocabulary tables, which these rows are not in.
 * One cache per Deps (createDeps), never a module singleton.
 */
export interface TasteVocabulary {
  /** The loaded vocabulary; read from the database on first use, then kept for the process. */
  get(): Promise<LoadedVocabulary>;
}

export interface TasteIconEntry {
  id: string;
  nameEn: string;
  nameZh: string;
  svg: string;
}

interface Searchable<T> {
  item: T;
  /** The name, normalised, in each language. */
  nameEn: string;
  nameZh: string;
  /** Its English name's words. */
  nameWords: string[];
  /** Its family's and sub-family's English words and Chinese names: a second-rank match ("cit" → Citrus notes). */
  groupWords: string[];
  groupZh: string;
  drinks: readonly DrinkKind[];
  familyId: string;
}

export interface LoadedVocabulary {
  notes: Searchable<TasteNote>[];
  aromas: Searchable<Aroma>[];
  noteFamilies: TasteFamily[];
  aromaFamilies: TasteFamily[];
  icons: Map<string, TasteIconEntry>;
  /** Every English word of names and groups: what a typo is corrected to. */
  words: string[];
  /** The vocabulary ordered for each drink kind, made on first use (vocabularyFor). */
  byKind: Map<DrinkKind, KindOrder>;
}

/** The vocabulary in the order that suits one drink kind. */
export interface KindOrder {
  notes: Searchable<TasteNote>[];
  aromas: Searchable<Aroma>[];
  noteFamilies: TasteFamily[];
  aromaFamilies: TasteFamily[];
}

export function createTasteVocabulary(db: Db): TasteVocabulary {
  let loading: Promise<LoadedVocabulary> | undefined;
  return {
    get() {
      // A failed read is not kept: the next call tries again.
      loading ??= loadVocabulary(db).catch((err: unknown) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
  };
}

/** Lower case, accents and punctuation gone, white space collapsed ("Crème brûlée" → "creme brulee"). */
export function normaliseTasteText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
const LATIN_WORD = /[\p{L}\p{N}]+/gu;

/** A keyword's English words and Chinese runs (a mixed keyword such as "yuzu 柚" has both). */
function keywordTerms(keyword: string): { words: string[]; cjk: string[] } {
  const text = normaliseTasteText(keyword);
  const cjk = text.match(CJK_RUN) ?? [];
  const words = (text.replace(CJK_RUN, ' ').match(LATIN_WORD) ?? []).filter((w) => w.length > 0);
  return { words, cjk };
}

const wordsOf = (text: string) => normaliseTasteText(text).match(LATIN_WORD) ?? [];

async function loadVocabulary(db: Db): Promise<LoadedVocabulary> {
  const [rows, families, subFamilies, iconRows] = await Promise.all([
    loadVocabularyRows(db),
    db.select().from(tasteFamilies).orderBy(asc(tasteFamilies.sort), asc(tasteFamilies.id)),
    db.select().from(tasteSubFamilies).orderBy(asc(tasteSubFamilies.sort), asc(tasteSubFamilies.id)),
    db.select().from(tasteIcons).orderBy(asc(tasteIcons.id)),
  ]);
  const familyOf = (kind: 'note' | 'aroma'): TasteFamily[] =>
    families
      .filter((f) => f.kind === kind)
      .map((f) => ({
        FamilyID: f.id,
        Name: { en: f.nameEn, zh: f.nameZh },
        Icon: f.icon,
        SubFamilies: subFamilies.filter((s) => s.familyId === f.id).map((s) => ({ SubFamilyID: s.id, Name: { en: s.nameEn, zh: s.nameZh } })),
      }));
  const notes = rows.notes.map(
    (n): Searchable<TasteNote> => ({
      item: n,
      nameEn: normaliseTasteText(n.Name.en),
      nameZh: normaliseTasteText(n.Name.zh),
      nameWords: wordsOf(n.Name.en),
      groupWords: [...wordsOf(n.SubFamily.en), ...wordsOf(n.Family.en)],
      groupZh: `${n.SubFamily.zh} ${n.Family.zh}`,
      drinks: n.Drinks,
      familyId: n.FamilyID,
    }),
  );
  const aromaList = rows.aromas.map(
    (a): Searchable<Aroma> => ({
      item: a,
      nameEn: normaliseTasteText(a.Name.en),
      nameZh: normaliseTasteText(a.Name.zh),
      nameWords: wordsOf(a.Name.en),
      groupWords: wordsOf(a.Family.en),
      groupZh: a.Family.zh,
      drinks: a.Drinks,
      familyId: a.FamilyID,
    }),
  );
  const words = new Set<string>();
  for (const s of [...notes, ...aromaList]) for (const w of [...s.nameWords, ...s.groupWords]) if (w.length >= 3 && !STOP_WORDS.has(w)) words.add(w);
  return {
    notes,
    aromas: aromaList,
    noteFamilies: familyOf('note'),
    aromaFamilies: familyOf('aroma'),
    icons: new Map(iconRows.map((i) => [i.id, i])),
    words: [...words].sort(),
    byKind: new Map(),
  };
}

// ------------------------------------------------------------------------------------------ order by drink

/**
 * How much of a group speaks of a drink: the share of its entries that apply to it (0 to 1). The wheel's
 * order starts with the incense families (agarwood, woods, resins), which say little of an oolong; a tea is
 * better served starting from its floral, herbal and roasted families.
 */
function sharesOf(entries: readonly { group: string; drinks: readonly DrinkKind[] }[], kind: DrinkKind): Map<string, number> {
  const counts = new Map<string, [number, number]>();
  for (const e of entries) {
    const c = counts.get(e.group) ?? [0, 0];
    c[0] += e.drinks.includes(kind) ? 1 : 0;
    c[1] += 1;
    counts.set(e.group, c);
  }
  return new Map([...counts].map(([group, [applies, all]]) => [group, applies / all]));
}

/** The list in order of share, most first; equal shares keep their wheel order (Array.prototype.sort is stable). */
const byShare = <T>(list: readonly T[], idOf: (item: T) => string, shares: Map<string, number>): T[] =>
  [...list].sort((a, b) => (shares.get(idOf(b)) ?? 0) - (shares.get(idOf(a)) ?? 0));

function orderFor(v: Pick<LoadedVocabulary, 'notes' | 'aromas' | 'noteFamilies' | 'aromaFamilies'>, kind: DrinkKind): KindOrder {
  const familyShares = sharesOf([...v.notes, ...v.aromas].map((s) => ({ group: s.familyId, drinks: s.drinks })), kind);
  const subShares = sharesOf(v.notes.map((s) => ({ group: s.item.SubFamilyID, drinks: s.drinks })), kind);
  const orderFamilies = (families: readonly TasteFamily[]) =>
    byShare(families, (f) => f.FamilyID, familyShares).map((f) => ({ ...f, SubFamilies: byShare(f.SubFamilies, (sub) => sub.SubFamilyID, subShares) }));
  const noteFamilies = orderFamilies(v.noteFamilies);
  const aromaFamilies = orderFamilies(v.aromaFamilies);
  // Each entry's place: its family's, then its sub-family's, then whether it applies to the drink, then the wheel's.
  const familyAt = new Map([...noteFamilies, ...aromaFamilies].map((f, at) => [f.FamilyID, at]));
  const subAt = new Map(noteFamilies.flatMap((f) => f.SubFamilies.map((sub, at) => [sub.SubFamilyID, at] as const)));
  const place = <T>(s: Searchable<T>, subFamilyId: string | undefined): [number, number, number] => [
    familyAt.get(s.familyId) ?? Number.MAX_SAFE_INTEGER,
    subFamilyId === undefined ? 0 : (subAt.get(subFamilyId) ?? Number.MAX_SAFE_INTEGER),
    s.drinks.includes(kind) ? 0 : 1,
  ];
  const ordered = <T>(list: readonly Searchable<T>[], subOf: (s: Searchable<T>) => string | undefined) => {
    const places = new Map(list.map((s) => [s, place(s, subOf(s))]));
    return [...list].sort((a, b) => {
      const pa = places.get(a)!;
      const pb = places.get(b)!;
      return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
    });
  };
  return {
    notes: ordered(v.notes, (s) => s.item.SubFamilyID),
    aromas: ordered(v.aromas, () => undefined),
    noteFamilies,
    aromaFamilies,
  };
}

/**
 * The vocabulary as it suits a drink kind (kind: first the families that speak most of it, and within each
 * family the entries that apply to it), or in wheel order without one. Ordered once per kind and kept with
 * the loaded vocabulary, so a call sorts nothing.
 */
export function vocabularyFor(v: LoadedVocabulary, kind: DrinkKind | undefined): KindOrder {
  if (!kind) return v;
  let order = v.byKind.get(kind);
  if (!order) {
    order = orderFor(v, kind);
    v.byKind.set(kind, order);
  }
  return order;
}

/** Words of the vocabulary's names that are never a correction ("and" in "Nutty and cereal"). */
const STOP_WORDS = new Set(['and', 'the', 'of']);

// ------------------------------------------------------------------------------------------ matching

/** How well an entry matches: 0 its name starts with the keyword, 1 its name's words, 2 its family's; undefined: no match. */
function matchRank(s: Searchable<unknown>, words: readonly string[], cjk: readonly string[], phrase: string): number | undefined {
  let rank = 0;
  for (const word of words) {
    if (s.nameWords.some((w) => w.startsWith(word))) continue;
    if (s.groupWords.some((w) => w.startsWith(word))) rank = 2;
    else return undefined;
  }
  for (const run of cjk) {
    if (s.nameZh.includes(run)) continue;
    if (s.groupZh.includes(run)) rank = 2;
    else return undefined;
  }
  if (rank === 0 && !(s.nameEn.startsWith(phrase) || s.nameZh.startsWith(phrase))) rank = 1;
  return rank;
}

/** The entries matching a keyword, best first (then wheel order); all of them, in wheel order, without one. */
function matching<T>(list: readonly Searchable<T>[], words: readonly string[], cjk: readonly string[], phrase: string): Searchable<T>[] {
  if (!words.length && !cjk.length) return [...list];
  const ranked: { s: Searchable<T>; rank: number; at: number }[] = [];
  list.forEach((s, at) => {
    const rank = matchRank(s, words, cjk, phrase);
    if (rank !== undefined) ranked.push({ s, rank, at });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.at - b.at).map((r) => r.s);
}

/**
 * A keyword's matches and, when nothing matches it as typed, those of its corrected words with the
 * correction (DidYouMean). Chinese runs are taken as typed.
 */
function searchIn<T>(
  list: readonly Searchable<T>[],
  vocabularyWords: readonly string[],
  keyword: string | undefined,
  within: (s: Searchable<T>) => boolean,
): { found: Searchable<T>[]; didYouMean?: string } {
  const scope = list.filter(within);
  const { words, cjk } = keywordTerms(keyword ?? '');
  const phrase = normaliseTasteText(keyword ?? '');
  const found = matching(scope, words, cjk, phrase);
  if (found.length || !words.length) return { found };
  // Nothing as typed: a word no name starts with is replaced by the word it most resembles.
  const known = (w: string) => list.some((s) => s.nameWords.some((n) => n.startsWith(w)) || s.groupWords.some((n) => n.startsWith(w)));
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    if (known(word)) {
      corrected.push(word);
      continue;
    }
    const correction = correctionOf(word, vocabularyWords);
    if (!correction) return { found };
    corrected.push(correction);
    changed = true;
  }
  if (!changed) return { found };
  const didYouMean = [...corrected, ...cjk].join(' ');
  const again = matching(scope, corrected, cjk, normaliseTasteText(didYouMean));
  return again.length ? { found: again, didYouMean } : { found };
}

// ------------------------------------------------------------------------------------------ the calls' answers

export interface NoteSearch {
  Keyword?: string | undefined;
  Filter?: { Drink?: DrinkKind[] | undefined; FamilyID?: string[] | undefined } | undefined;
  FilterOut?: { TasteNoteID?: string[] | undefined } | undefined;
  /** Ordered for this drink kind (vocabularyFor); nothing is left out for it. */
  ForDrink?: DrinkKind | undefined;
  From: number;
  Size: number;
}

/** searchTasteNote: a page of the notes matching, within the filters and without the notes left out. */
export async function searchTasteNotes(vocabulary: TasteVocabulary, search: NoteSearch) {
  const v = await vocabulary.get();
  const families = search.Filter?.FamilyID;
  if (families?.length) {
    const known = new Set(v.noteFamilies.map((f) => f.FamilyID));
    const unknown = families.find((id) => !known.has(id));
    if (unknown) throw new ApiError(400, ErrorCode.InvalidParameter, `No taste-note family ${unknown}`, 'Filter.FamilyID');
  }
  const drinks = search.Filter?.Drink;
  const left = new Set(search.FilterOut?.TasteNoteID ?? []);
  const { found, didYouMean } = searchIn(
    vocabularyFor(v, search.ForDrink).notes,
    v.words,
    search.Keyword,
    (s) =>
      !left.has(s.item.TasteNoteID) &&
      (!drinks?.length || s.drinks.some((d) => drinks.includes(d))) &&
      (!families?.length || families.includes(s.familyId)),
  );
  return {
    tasteNoteList: found.slice(search.From, search.From + search.Size).map((s) => s.item),
    Total: found.length,
    ...(didYouMean ? { DidYouMean: didYouMean } : {}),
  };
}

/** search-aroma: the aromas matching, for one drink kind when asked; ordered for forDrink (else for drink). */
export async function searchAromas(vocabulary: TasteVocabulary, keyword: string | undefined, drink: DrinkKind | undefined, forDrink?: DrinkKind) {
  const v = await vocabulary.get();
  const { found, didYouMean } = searchIn(vocabularyFor(v, forDrink ?? drink).aromas, v.words, keyword, (s) => !drink || s.drinks.includes(drink));
  return { aromaList: found.map((s) => s.item), ...(didYouMean ? { DidYouMean: didYouMean } : {}) };
}

/** The families of these entries, in wheel order, each with the sub-families they use. */
function familiesOf(all: readonly TasteFamily[], items: readonly { FamilyID: string; SubFamilyID?: string }[]): TasteFamily[] {
  const familyIds = new Set(items.map((i) => i.FamilyID));
  const subIds = new Set(items.flatMap((i) => (i.SubFamilyID ? [i.SubFamilyID] : [])));
  return all.filter((f) => familyIds.has(f.FamilyID)).map((f) => ({ ...f, SubFamilies: f.SubFamilies.filter((s) => subIds.has(s.SubFamilyID)) }));
}

/**
 * getTasteNote: one note (TasteNote) or the wheel (for one drink kind when asked), with their families,
 * ordered for forDrink (else for drink; without either, in wheel order).
 */
export async function getTasteNotes(vocabulary: TasteVocabulary, id: string | undefined, drink: DrinkKind | undefined, forDrink?: DrinkKind) {
  const v = await vocabulary.get();
  const order = vocabularyFor(v, forDrink ?? drink);
  let notes: TasteNote[];
  if (id !== undefined) {
    const note = v.notes.find((s) => s.item.TasteNoteID === id);
    if (!note) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Taste note not found', 'TasteNote');
    notes = [note.item];
  } else {
    notes = order.notes.filter((s) => !drink || s.drinks.includes(drink)).map((s) => s.item);
  }
  return { tasteNoteList: notes, familyList: familiesOf(order.noteFamilies, notes) };
}

/** getAroma: one aroma (Aroma) or all of them (for one drink kind when asked), with their families, ordered as getTasteNotes. */
export async function getAromas(vocabulary: TasteVocabulary, id: string | undefined, drink: DrinkKind | undefined, forDrink?: DrinkKind) {
  const v = await vocabulary.get();
  const order = vocabularyFor(v, forDrink ?? drink);
  let list: Aroma[];
  if (id !== undefined) {
    const aroma = v.aromas.find((s) => s.item.AromaID === id);
    if (!aroma) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Aroma not found', 'Aroma');
    list = [aroma.item];
  } else {
    list = order.aromas.filter((s) => !drink || s.drinks.includes(drink)).map((s) => s.item);
  }
  return { aromaList: list, familyList: familiesOf(order.aromaFamilies, list) };
}

/** Where an icon is served (server/http/media-routes.ts). */
export const tasteIconUrl = (id: string) => `/media/taste-icons/${id}.svg`;

/** list-taste-card-icon: every icon with its address. */
export async function listTasteIcons(vocabulary: TasteVocabulary) {
  const v = await vocabulary.get();
  return { iconList: [...v.icons.values()].map((i) => ({ IconID: i.id, Name: { en: i.nameEn, zh: i.nameZh }, Image: tasteIconUrl(i.id) })) };
}

/** One icon's SVG document, undefined for an unknown id. */
export async function tasteIconSvg(vocabulary: TasteVocabulary, id: string): Promise<string | undefined> {
  return (await vocabulary.get()).icons.get(id)?.svg;
}

/** getEventTasteNote: the notes and aromas of a published event's drink kind (its product type), ordered for it. */
export async function eventTasteNotes(db: Db, vocabulary: TasteVocabulary, eventId: string) {
  const [event] = await db
    .select({ typeId: events.typeId })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  if (!event) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Event not found', 'EventID');
  const drink = drinkKindOfProductType(event.typeId);
  const v = await vocabulary.get();
  if (!drink) return { tasteNoteList: [], aromaList: [] };
  const order = vocabularyFor(v, drink);
  return {
    tasteNoteList: order.notes.filter((s) => s.drinks.includes(drink)).map((s) => s.item),
    aromaList: order.aromas.filter((s) => s.drinks.includes(drink)).map((s) => s.item),
  };
}
