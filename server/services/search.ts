/**
 * Product search (SearchAndFilterProduct, UserSearchAndFilterProduct, searchProduct), the search log, the
 * top-search and now-trending lists, members' recent searches and autocomplete.
 *
 * Keywords match products.search_vector (migration 0007): English words by stem and prefix ("brewing" finds
 * "brew", "oolo" finds "Oolong"); a word that matches nothing is corrected to the most similar stems of the
 * catalogue (trigram similarity against search_vocabulary, so "oloong" finds "Oolong"); Chinese by substring
 * of the name or description, or by most of its distinct character bigrams appearing in the name. Every word
 * and Chinese run of a keyword must match. Relevance: exact name, then name hits, description hits, partial
 * Chinese hits and corrected words; ties go to the best seller.
 *
 * A keyword that names a product type or category as a whole ("tea", 茶, "whisky": search-categories.ts)
 * finds every product of it first (best sellers first), then what merely mentions it; products of another
 * kind that mention it only outside their names are left out (a gin "with a touch of Long Jing tea"). A
 * keyword that still finds nothing offers the nearest words of the catalogue (search-suggest.ts), when they
 * find something: DidYouMean.
 *
 * The work per keyword is linear in it and bounded: at most MAX_TERMS terms, MAX_GRAMS bigrams a run, and
 * a gram query that counts its combinations before it builds any (issue 11: 24 × 茶 held the event loop for
 * seconds, 100 characters ran the process out of memory).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  HOT_KEYWORD_LIMIT,
  pushRecentSearch,
  type CallBody,
  type HotKeyword,
  type Recommendation,
  type SearchAndFilterProduct,
} from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { KINDS, keywordCategory, type KeywordCategory } from './search-categories.ts';
import { nearestKeyword, type KeywordPiece } from './search-suggest.ts';
import {
  hotKeywords,
  productOnSaleCounts,
  productTypes,
  products,
  recentSearches,
  searchLogs,
  users,
  wishlistItems,
} from '../db/schema.ts';

export type ProductSearch = CallBody<typeof SearchAndFilterProduct>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Words and Chinese runs of a keyword that count; the rest is ignored. */
const MAX_TERMS = 8;
/**
 * Distinct bigrams of one Chinese run that count (the first ones). Longer than any product name, and a
 * bound on the per-row checks (nameGramHits) whatever a keyword holds; the contract caps keywords at
 * KEYWORD_MAX_LENGTH, which alone allows 63.
 */
const MAX_GRAMS = 32;
/** Trigram similarity from which a catalogue stem counts as what a mistyped word meant ("oloong" → oolong: 0.4). */
const TYPO_SIMILARITY = 0.35;
const TYPO_CORRECTIONS = 4;
/** A correction is about as long as the word ("matcha" is not "mat"); stems lose a suffix at most. */
const TYPO_LENGTH_DIFFERENCE = 2;

/** How a keyword is logged and compared: trimmed, lower-cased, inner white space collapsed. */
export function normaliseKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').toLowerCase();
}

// -------------------------------------------------------------------------------- keyword terms

/** The Chinese and Japanese characters that cjk_grams (migration 0007) cuts into grams: the same ranges. */
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const PIECE = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}])+)`, 'gu');

/**
 * A keyword's runs of Chinese characters and its words (letters and digits), where each starts in the
 * normalised keyword; punctuation only separates. The first MAX_TERMS pieces: the keyword is read no
 * further than that.
 */
function keywordPieces(keyword: string): KeywordPiece[] {
  const pieces: KeywordPiece[] = [];
  for (const m of normaliseKeyword(keyword).matchAll(PIECE)) {
    pieces.push(m[1] ? { kind: 'cjk', text: m[1], at: m.index } : { kind: 'word', text: m[2]!, at: m.index });
    if (pieces.length === MAX_TERMS) break;
  }
  return pieces;
}

/** A catalogue lexeme in a tsquery: quoted, optionally a prefix and restricted to name text (weight A). */
type Lexeme = { text: string; prefix: boolean };

function tsquery(lexemes: readonly Lexeme[], nameOnly = false): string {
  const label = (l: Lexeme) => `${l.prefix ? '*' : ''}${nameOnly ? 'A' : ''}`;
  return lexemes
    .map((l) => {
      const quoted = `'${l.text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
      const suffix = label(l);
      return suffix ? `${quoted}:${suffix}` : quoted;
    })
    .join(' | ');
}

/**
 * An English word, found by its stem as a prefix (to_tsquery('english') stems it: "brewing" → brew:*); or,
 * when no catalogue stem starts like it, by the stems it most resembles (`corrections`: "oloong" → oolong).
 */
export type WordTerm = { kind: 'word'; word: string; corrections?: string[] };
/**
 * Chinese: found as a substring, or (`partial`, a run of 3 or more characters) through most of its distinct
 * character bigrams, at most MAX_GRAMS of them; a single character is its own gram.
 */
export type CjkTerm = { kind: 'cjk'; text: string; grams: string[]; partial: boolean };
export type Term = WordTerm | CjkTerm;

/**
 * The terms of a keyword as typed; null when it has nothing to search for (only punctuation). Words are
 * taken as they are (stop words then match nothing and count for nothing): correctedTerms is for when
 * they find nothing. The event search (services/events/catalogue.ts) reads keywords with it too.
 */
export function keywordTerms(keyword: string): Term[] | null {
  const terms = keywordPieces(keyword).map((piece): Term => {
    if (piece.kind === 'word') return { kind: 'word', word: piece.text };
    return { kind: 'cjk', text: piece.text, ...cjkGrams(piece.text) };
  });
  return terms.length ? terms : null;
}

/**
 * A Chinese run's distinct bigrams in order, the first MAX_GRAMS (a repeated character adds nothing: 64 ×
 * 茶 is one gram); a single character is its own gram.
 */
function cjkGrams(text: string): { grams: string[]; partial: boolean } {
  const chars = [...text];
  if (chars.length === 1) return { grams: chars, partial: false };
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length && grams.size < MAX_GRAMS; i++) grams.add(chars[i]! + chars[i + 1]!);
  return { grams: [...grams], partial: chars.length > 2 };
}

/**
 * For a search that found nothing: its words checked against the catalogue's stems in one query. Stop words
 * are dropped; a word no stem starts like is replaced by the stems it resembles. Null when that changes
 * nothing, or when a word resembles nothing (the search cannot find anything).
 */
async function correctedTerms(db: Db, terms: readonly Term[]): Promise<Term[] | null> {
  const words = terms.flatMap((t) => (t.kind === 'word' && !t.corrections ? [t.word] : []));
  if (words.length === 0) return null;
  // "known": some catalogue stem starts with the word's stem, looked up as a range in the prefix index's
  // byte order (~>=~, ~<~).
  const rows = await rowsOf<{ word: string; stem: string | null; known: boolean; corrections: string[] }>(
    db,
    sql`select w.word, s.stem,
        s.stem is not null and exists (select 1 from search_vocabulary v
          where v.stem ~>=~ s.stem and v.stem ~<~ (s.stem || chr(1114111))) as known,
        array(select v.stem from search_vocabulary v
              where char_length(w.word) >= 3 and v.stem % w.word and similarity(v.stem, w.word) >= ${TYPO_SIMILARITY}
                and abs(char_length(v.stem) - char_length(w.word)) <= ${TYPO_LENGTH_DIFFERENCE}
              order by similarity(v.stem, w.word) desc, v.stem limit ${TYPO_CORRECTIONS}) as corrections
      from unnest(${textArray(words)}) as w(word)
      cross join lateral (select (ts_lexize('english_stem', w.word))[1] as stem) s`,
  );
  const analysed = new Map(rows.map((r) => [r.word, r]));
  let changed = false;
  const corrected: Term[] = [];
  for (const term of terms) {
    const word = term.kind === 'word' && !term.corrections ? analysed.get(term.word) : undefined;
    if (!word) {
      corrected.push(term);
    } else if (!word.stem) {
      changed = true; // a stop word ("the", "no"): neither required nor searched
    } else if (word.known || !/\p{L}/u.test(word.word)) {
      corrected.push(term); // numbers are taken as typed; the vocabulary holds words only
    } else if (word.corrections.length) {
      changed = true;
      corrected.push({ kind: 'word', word: word.word, corrections: word.corrections });
    } else {
      return null;
    }
  }
  return changed && corrected.length ? corrected : null;
}

/** A word term as a tsquery: its stem as a prefix, or its corrections; optionally only in names (weight A). */
export function wordQuery(term: WordTerm, nameOnly = false): SQL {
  if (term.corrections) return sql`${tsquery(term.corrections.map((text) => ({ text, prefix: false })), nameOnly)}::tsquery`;
  return sql`to_tsquery('english', ${`${term.word}:*${nameOnly ? 'A' : ''}`})`;
}

const vector = products.searchVector;

/** What the GIN index on search_vector can answer for a term (the rest is checked on those rows). */
function candidateQuery(term: Term): SQL {
  return term.kind === 'word' ? wordQuery(term) : sql`${gramQuery(term)}::tsquery`;
}

export function gramQuery(term: CjkTerm): string {
  const { grams } = term;
  if (grams.length === 1) return tsquery([{ text: grams[0]!, prefix: grams[0]!.length === 1 }]);
  // A match holds every bigram (substring) or at least half of them (in the name): rows with enough of
  // them together. Past a few combinations, any n - need + 1 of the bigrams (one of them must be there).
  // The combinations are counted before any is built: there are C(n, n/2), exponentially many.
  const need = gramsNeeded(term);
  if (combinationCount(grams.length, need, MAX_GRAM_COMBINATIONS) <= MAX_GRAM_COMBINATIONS) {
    return combinations(grams, need)
      .map((combo) => `(${combo.map((text) => tsquery([{ text, prefix: false }])).join(' & ')})`)
      .join(' | ');
  }
  return tsquery(grams.slice(0, grams.length - need + 1).map((text) => ({ text, prefix: false })));
}

const MAX_GRAM_COMBINATIONS = 10;
const gramsNeeded = (term: CjkTerm) => Math.ceil(term.grams.length / 2);

/** C(n, k), or limit + 1 as soon as it is known to be larger: at most k steps, whatever n. */
function combinationCount(n: number, k: number, limit: number): number {
  if (k < 0 || k > n) return 0;
  let count = 1;
  // C(n - k + i, i) for i = 1…k: each step is a whole number and no smaller than the one before.
  for (let i = 1; i <= k; i++) {
    count = (count * (n - k + i)) / i;
    if (count > limit) return limit + 1;
  }
  return count;
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, size - 1).map((c) => [first!, ...c]), ...combinations(rest, size)];
}

/** Chinese bigrams of the term found anywhere in the name. */
const nameGramHits = (term: CjkTerm) =>
  sql.join(
    term.grams.map((g) => sql`(strpos(${products.nameZh}, ${g}) > 0)::int`),
    sql` + `,
  );

/** A Chinese run matches as a substring of name or description, or with at least half its bigrams in the name. */
function cjkCondition(term: CjkTerm): SQL {
  const substring = sql`(strpos(${products.nameZh}, ${term.text}) > 0 or strpos(${products.descriptionZh}, ${term.text}) > 0)`;
  if (!term.partial) return substring;
  return sql`(${substring} or (${nameGramHits(term)}) >= ${gramsNeeded(term)})`;
}

/**
 * Relevance of one term on a row that matches it: in the name 10, in the description 4; most Chinese bigrams
 * in the name up to 3; a corrected word 2 in the name, 1 in the description.
 */
function termScore(term: Term): SQL {
  if (term.kind === 'cjk') {
    const partial = term.partial ? sql`3.0 * (${nameGramHits(term)}) / ${term.grams.length}` : sql`0`;
    return sql`(case when strpos(${products.nameZh}, ${term.text}) > 0 then 10
      when strpos(${products.descriptionZh}, ${term.text}) > 0 then 4 else ${partial} end)`;
  }
  const [inName, elsewhere] = term.corrections ? [2, 1] : [10, 4];
  return sql`(case when ${vector} @@ ${wordQuery(term, true)} then ${sql.raw(String(inName))} else ${sql.raw(String(elsewhere))} end)`;
}

/** Rows matching every term: one GIN lookup for all of them, then the Chinese substring checks. */
function keywordConditions(terms: readonly Term[]): SQL[] {
  const candidates = sql.join(terms.map(candidateQuery), sql` && `);
  return [sql`${vector} @@ (${candidates})`, ...terms.filter((t): t is CjkTerm => t.kind === 'cjk').map(cjkCondition)];
}

/** A product named exactly the keyword (in either language): looked up once, through the name indexes. */
const exactNameMatch = (keyword: string) =>
  sql`${products.id} = any(array(select exact.id from ${products} exact
    where lower(exact.name_en) = ${keyword} or exact.name_zh = ${keyword}))`;

/** The terms' scores, and 100 for a name that is exactly the keyword. */
function relevance(terms: readonly Term[], keyword: string): SQL {
  return sql`((${exactNameMatch(keyword)})::int * 100 + ${sql.join(terms.map(termScore), sql` + `)})`;
}

// -------------------------------------------------------------------------------- keyword match

/**
 * What a product of the category a keyword names scores: above any text relevance (an exact name 100, at
 * most 10 a term), so every one of them comes first; among them the best sellers (and an exact name) lead.
 */
const CATEGORY_SCORE = 1000;

/** How rows match a keyword, and how they rank for it. */
interface KeywordMatch {
  condition: SQL;
  score: SQL;
  /** The most a row can score but for an exact name (bestSellerWindow adds exact names itself). */
  best: number;
  /** Types whose every product on sale matches (a category's). */
  memberTypes: string[];
}

/**
 * The keyword's match: its terms; and when it names a category (search-categories.ts), the category's
 * products, ranked first, and no product of another kind that mentions the keyword only outside its name.
 */
function keywordMatch(terms: readonly Term[], keyword: string, category: KeywordCategory | undefined): KeywordMatch {
  const text = sql.join(keywordConditions(terms), sql` and `);
  if (!category) {
    const best = terms.reduce((sum, t) => sum + (t.kind === 'word' && t.corrections ? 2 : 10), 0);
    return { condition: sql`(${text})`, score: relevance(terms, keyword), best, memberTypes: [] };
  }
  const member = categoryMember(category);
  const otherKinds = KINDS.filter((kind) => !category.kinds.includes(kind));
  const mentioned = otherKinds.length
    ? sql`(${text}) and not (${inArray(products.typeId, otherKinds)} and not ${nameMentions(terms)})`
    : text;
  // One GIN lookup for every way in (the members' name terms and the keyword's words), beside the types'
  // own indexes; the rest is checked on those rows.
  const queries = [...member.queries, sql`(${sql.join(terms.map(candidateQuery), sql` && `)})`];
  const indexed = sql`${vector} @@ (${sql.join(queries, sql` || `)})`;
  const candidates = category.types.length ? sql`(${inArray(products.typeId, category.types)} or ${indexed})` : indexed;
  return {
    condition: sql`(${candidates} and (${member.condition} or (${mentioned})))`,
    score: sql`(case when ${member.condition} then ${CATEGORY_SCORE} + (${exactNameMatch(keyword)})::int * 100 else ${relevance(terms, keyword)} end)`,
    best: CATEGORY_SCORE,
    memberTypes: category.types,
  };
}

/**
 * A product of the category: of one of its types, or named by one of its name terms in either language;
 * and the tsqueries that find the named ones through the GIN index.
 */
function categoryMember(category: KeywordCategory): { condition: SQL; queries: SQL[] } {
  const parts: SQL[] = [];
  const queries: SQL[] = [];
  if (category.types.length) parts.push(inArray(products.typeId, category.types));
  if (category.nameTermsEn.length) {
    // Each term as a phrase of name words (weight A), stemmed as the vector is: 'single:A <-> malt:A'.
    const phrases = category.nameTermsEn.map(
      (term) => `(${(term.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `${w}:A`).join(' <-> ')})`,
    );
    const query = sql`to_tsquery('english', ${phrases.join(' | ')})`;
    queries.push(query);
    parts.push(sql`${vector} @@ ${query}`);
  }
  for (const term of category.nameTermsZh) {
    const { grams } = cjkGrams(term);
    const query = sql`${grams.map((g) => tsquery([{ text: g, prefix: [...g].length === 1 }])).join(' & ')}::tsquery`;
    queries.push(query);
    parts.push(sql`(${vector} @@ ${query} and strpos(${products.nameZh}, ${term}) > 0)`);
  }
  return { condition: parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`, queries };
}

/** Every term is in the product's name (English name words, or the Chinese name as a substring). */
function nameMentions(terms: readonly Term[]): SQL {
  const each = terms.map((t) =>
    t.kind === 'word' ? sql`${vector} @@ ${wordQuery(t, true)}` : sql`strpos(${products.nameZh}, ${t.text}) > 0`,
  );
  return sql`(${sql.join(each, sql` and `)})`;
}

// ------------------------------------------------------------------------------------- affinity

/** A product a member showed interest in, and how much that counts (a wishlist save counts 1). */
export interface Interest {
  productId: string;
  typeId: string;
  attributeIds: readonly string[];
  weight: number;
}

/**
 * What a member's interests say about other products: the products themselves, their types and attributes,
 * each weighted by the interests behind it.
 */
export interface Affinity {
  products: ReadonlyMap<string, number>;
  types: ReadonlyMap<string, number>;
  attributes: ReadonlyMap<string, number>;
}

/** Attributes beyond these (the most shared ones are kept) add little and cost a check per row each. */
const AFFINITY_ATTRIBUTES = 24;

export function affinityFrom(interests: readonly Interest[]): Affinity {
  const add = (map: Map<string, number>, key: string, weight: number) => map.set(key, (map.get(key) ?? 0) + weight);
  const productsOf = new Map<string, number>();
  const types = new Map<string, number>();
  const attributes = new Map<string, number>();
  for (const interest of interests) {
    add(productsOf, interest.productId, interest.weight);
    add(types, interest.typeId, interest.weight);
    for (const id of interest.attributeIds) add(attributes, id, interest.weight);
  }
  const strongest = [...attributes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, AFFINITY_ATTRIBUTES);
  return { products: productsOf, types, attributes: new Map(strongest) };
}

/**
 * The member's interests: the wishlist. Ordered products join here, weighted above a wishlist save, once
 * orders exist (next issue); the ranking takes whatever this answers.
 */
export async function memberInterests(db: Db, userId: string): Promise<Interest[]> {
  const rows = await db
    .select({ productId: products.id, typeId: products.typeId, attributeIds: products.attributeIds })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId));
  return rows.map((r) => ({ ...r, weight: 1 }));
}

export async function memberAffinity(db: Db, userId: string): Promise<Affinity> {
  return affinityFrom(await memberInterests(db, userId));
}

const isEmptyAffinity = (a: Affinity) => a.products.size === 0;

/** Per product: 10 per interest in it, plus the weights of its type and of each attribute it shares. */
function affinityScore(a: Affinity): SQL {
  const weighted = (map: ReadonlyMap<string, number>, test: (key: string) => SQL, scale = 1) =>
    [...map].map(([key, weight]) => sql`(case when ${test(key)} then ${weight * scale} else 0 end)`);
  const parts = [
    ...weighted(a.products, (id) => sql`${products.id} = ${id}`, 10),
    ...weighted(a.types, (id) => sql`${products.typeId} = ${id}`),
    ...weighted(a.attributes, (id) => sql`${products.attributeIds} ? ${id}`),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`0`;
}

// ------------------------------------------------------------------------------- product search

export interface SearchOptions {
  /** A member's affinity: among equally relevant products, those closer to the member's interests first. */
  affinity?: Affinity;
}

export interface SearchPage {
  /** Product IDs of the page, in order. */
  ids: string[];
  total: number;
  /** More than `total` products match: counting stopped at TOTAL_CAP. */
  capped?: boolean;
  /** Nothing found: the nearest words of the catalogue, which find something with the same filters. */
  didYouMean?: string;
}

/**
 * Matches are counted up to this many, then the answer says "1,000+" (as large shops do, and as
 * Elasticsearch's track_total_hits does): an exact count of a broad keyword's 10,000+ matches cost more
 * than the rest of the search together (DESIGN §10: p99 ≤ 20 ms at 100,000 products).
 */
export const TOTAL_CAP = 1000;

const priceColumn = (currency: ProductSearch['Currency']) => (currency === 'HKD' ? products.minPriceHkd : products.minPriceUsd);
/** Written as the partial indexes' predicate, so that the planner matches them. */
const onSale = sql`not ${products.stopSell}`;

type SortKey = { value: SQL; direction: 'asc' | 'desc' };
const ascending = (value: SQL | AnyColumn): SortKey => ({ value: sql`${value}`, direction: 'asc' });
const descending = (value: SQL | AnyColumn): SortKey => ({ value: sql`${value}`, direction: 'desc' });
const orderOf = (keys: readonly SortKey[]) => keys.map((k) => (k.direction === 'asc' ? asc(k.value) : desc(k.value)));

/** Pages deeper than this in a relevance sort are ranked in full (see bestSellerWindow). */
const WINDOW_MAX_RANK = 100;
/** Best-selling matches read per rank of the page. */
const WINDOW_PER_RANK = 4;

/**
 * Searches the products on sale: keyword, type and attribute filters, exclusions, price range, one of the
 * sorts, a page.
 *
 * Cost is what decides the shape (DESIGN §10: 100,000 products): a listing by type alone walks an order
 * index and takes its Total from the per-type counts the database keeps; anything narrower counts its
 * matches (unavoidable for an exact Total) while it pages through an order index or, for relevance, through
 * the best sellers (bestSellerWindow), falling back to ranking every match.
 *
 * A keyword that finds nothing, even with its words corrected, is answered with the nearest words of the
 * catalogue (didYouMean) when those find something with the same filters.
 */
export async function searchProducts(db: Db, search: ProductSearch, options: SearchOptions = {}): Promise<SearchPage> {
  const keyword = normaliseKeyword(search.Keyword ?? '');
  const found = await findProducts(db, search, keyword, options);
  if (found.total > 0 || !keyword || found.unsearchable) return withoutFlags(found);
  const suggestion = await nearestKeyword(db, keyword, keywordPieces(keyword));
  if (!suggestion || suggestion === keyword) return withoutFlags(found);
  const filters = filterConditions(search);
  const finds = !filters.empty && (await keywordFinds(db, suggestion, filtersWithin(filters)));
  return finds ? { ...withoutFlags(found), didYouMean: suggestion } : withoutFlags(found);
}

type Found = SearchPage & { unsearchable?: boolean };
const withoutFlags = ({ unsearchable: _unsearchable, ...page }: Found): SearchPage => page;

/** The keyword's terms and the category it names (null: nothing to search for, only punctuation). */
async function keywordPlan(db: Db, keyword: string): Promise<{ terms: Term[]; category?: KeywordCategory } | null> {
  if (!keyword) return { terms: [] };
  const terms = keywordTerms(keyword);
  if (terms === null) return null;
  const category = await keywordCategory(db, keyword);
  return category ? { terms, category } : { terms };
}

/** The search as typed; when it finds nothing, with stop words dropped and mistyped words corrected. */
async function findProducts(db: Db, search: ProductSearch, keyword: string, options: SearchOptions): Promise<Found> {
  const plan = await keywordPlan(db, keyword);
  if (plan === null) return { ids: [], total: 0, unsearchable: true };
  const { terms, category } = plan;
  const found = await searchWith(db, search, keyword, terms.length ? keywordMatch(terms, keyword, category) : undefined, options);
  if (found.total > 0 || !terms.length) return found;
  // Nothing found: try again with stop words dropped and mistyped words corrected, if that changes anything.
  const corrected = await correctedTerms(db, terms);
  return corrected ? searchWith(db, search, keyword, keywordMatch(corrected, keyword, category), options) : found;
}

/**
 * The conditions of a search's filters, by what they filter: its fixed restrictions (on sale, excluded
 * types), the type filter, each attribute group's, and the price range in the search's currency.
 */
export interface FilterConditions {
  fixed: SQL[];
  /** The excluded types (MustNot). */
  excluded: string[];
  /** The chosen types but the excluded ones; undefined: no type filter. */
  typeIds?: string[];
  /** Undefined: no type filter. */
  types?: SQL;
  /** Attribute group → any of its chosen values. */
  attributeGroups: Map<string, SQL>;
  price: SQL[];
  /** The type filter leaves nothing (every chosen type excluded). */
  empty: boolean;
}

export function filterConditions(search: Pick<ProductSearch, 'Currency' | 'Filter' | 'Range' | 'MustNot'>): FilterConditions {
  const price = priceColumn(search.Currency);
  const excluded = [...new Set(search.MustNot?.ProductType ?? [])];
  const types = search.Filter?.ProductType?.length ? [...new Set(search.Filter.ProductType)].filter((t) => !excluded.includes(t)) : undefined;
  const byGroup = new Map<string, string[]>();
  for (const id of search.Filter?.Attribute ?? []) {
    const group = id.split(':')[0] ?? id;
    byGroup.set(group, [...(byGroup.get(group) ?? []), id]);
  }
  return {
    fixed: [onSale, ...(excluded.length ? [notInArray(products.typeId, excluded)] : [])],
    excluded,
    ...(types ? { typeIds: types } : {}),
    ...(types?.length ? { types: inArray(products.typeId, types) } : {}),
    attributeGroups: new Map([...byGroup].map(([group, ids]) => [group, sql`${products.attributeIds} ?| ${textArray(ids)}`])),
    price: [
      ...(search.Range?.Price?.Min !== undefined ? [gte(price, search.Range.Price.Min)] : []),
      ...(search.Range?.Price?.Max !== undefined ? [lte(price, search.Range.Price.Max)] : []),
    ],
    empty: types?.length === 0,
  };
}

/**
 * The keyword's condition as the results apply it (for the filter counts of search-facets.ts): as typed, or
 * corrected when as typed it finds nothing among `within`. Undefined without a keyword; null when it can
 * find nothing.
 */
export async function keywordCondition(db: Db, keyword: string, within: readonly SQL[]): Promise<SQL | null | undefined> {
  const resolved = await resolveKeyword(db, keyword, within);
  return resolved && resolved.condition;
}

/** Whether a keyword finds anything among `within` (as typed, or corrected): one or two existence checks. */
async function keywordFinds(db: Db, keyword: string, within: readonly SQL[]): Promise<boolean> {
  return (await resolveKeyword(db, keyword, within))?.found ?? false;
}

async function resolveKeyword(db: Db, keyword: string, within: readonly SQL[]): Promise<{ condition: SQL; found: boolean } | null | undefined> {
  const normalised = normaliseKeyword(keyword);
  const plan = await keywordPlan(db, normalised);
  if (plan === null) return null;
  if (!plan.terms.length) return undefined;
  const matches = async (condition: SQL) =>
    (await rowsOf<{ found: boolean }>(db, sql`select exists(select 1 from ${products} where ${and(...within, condition)}) as found`))[0]?.found ?? false;
  const typed = keywordMatch(plan.terms, normalised, plan.category).condition;
  if (await matches(typed)) return { condition: typed, found: true };
  const corrected = await correctedTerms(db, plan.terms);
  if (!corrected) return { condition: typed, found: false };
  const condition = keywordMatch(corrected, normalised, plan.category).condition;
  return { condition, found: await matches(condition) };
}

/** What a search's filters require of every row (keyword aside). */
export function filtersWithin(filters: FilterConditions): SQL[] {
  return [...filters.fixed, ...(filters.types ? [filters.types] : []), ...filters.attributeGroups.values(), ...filters.price];
}

async function searchWith(
  db: Db,
  search: ProductSearch,
  keyword: string,
  match: KeywordMatch | undefined,
  options: SearchOptions,
): Promise<SearchPage> {
  const filters = filterConditions(search);
  if (filters.empty) return { ids: [], total: 0 };
  const { excluded, typeIds: types } = filters;
  const narrowing = [...(match ? [match.condition] : []), ...filters.attributeGroups.values(), ...filters.price];

  const sort = search.Sort ?? (match ? 'relevance' : 'newest');
  const affinity = sort === 'relevance' && options.affinity && !isEmptyAffinity(options.affinity) ? options.affinity : undefined;
  const price = priceColumn(search.Currency);
  const keys: SortKey[] = {
    relevance: [
      ...(match ? [descending(match.score)] : []),
      ...(affinity ? [descending(affinityScore(affinity))] : []),
      descending(products.soldCount),
      ascending(products.id),
    ],
    newest: [descending(products.createdAt), ascending(products.id)],
    priceAsc: [ascending(price), ascending(products.id)],
    // Ties run backwards too, so that one index serves both price orders.
    priceDesc: [descending(price), descending(products.id)],
    bestSelling: [descending(products.soldCount), ascending(products.id)],
  }[sort];

  if (narrowing.length === 0 && !affinity) {
    const ids = types ? await typeListingPage(db, types, keys, search) : await orderedPage(db, and(...filters.fixed), keys, search);
    return { ids, total: await onSaleCount(db, types, excluded) };
  }

  const where = and(...filters.fixed, filters.types, ...narrowing);
  // A category's types holding more than TOTAL_CAP products on sale, unfiltered: the count is capped without
  // counting (the per-type counts the database keeps say so).
  const memberTypes = (match?.memberTypes ?? []).filter((t) => (!types || types.includes(t)) && !excluded.includes(t));
  const unfiltered = filters.attributeGroups.size === 0 && filters.price.length === 0;
  const beyondCap = memberTypes.length > 0 && unfiltered && (await onSaleCount(db, memberTypes, [])) > TOTAL_CAP;
  // Counting and paging need not wait for each other (PostgreSQL runs them side by side).
  const relevant = sort === 'relevance' && match && !affinity && search.From + search.Size <= WINDOW_MAX_RANK;
  const [count, page] = await Promise.all([
    beyondCap
      ? [{ n: TOTAL_CAP + 1 }]
      : rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${TOTAL_CAP + 1}) matched`),
    relevant ? bestSellerWindow(db, where, match, keyword, search) : orderedPage(db, where, keys, search),
  ]);
  const counted = Number(count[0]?.n ?? 0);
  const found = counted > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: counted };
  // Past a capped count the pages go on for as long as there are matches.
  if (counted === 0 || (!found.capped && search.From >= counted)) return { ids: [], ...found };
  return { ids: page ?? (await orderedPage(db, where, keys, search)), ...found };
}

async function orderedPage(db: Db, where: SQL | undefined, keys: readonly SortKey[], page: ProductSearch): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderOf(keys))
    .limit(page.Size)
    .offset(page.From);
  return rows.map((r) => r.id);
}

/**
 * A listing of some types: each type's page from its own order index, merged. Walking the catalogue's
 * order instead would wade through the other types first (all the spirits before the cheapest tea).
 */
async function typeListingPage(db: Db, types: readonly string[], keys: readonly SortKey[], page: ProductSearch): Promise<string[]> {
  const column = (i: number) => sql.raw(`k${i}`);
  const branches = types.map(
    (type) => sql`(select ${sql.join(
      keys.map((k, i) => sql`${k.value} as ${column(i)}`),
      sql`, `,
    )} from ${products} where ${onSale} and ${products.typeId} = ${type}
      order by ${sql.join(orderOf(keys), sql`, `)} limit ${page.From + page.Size})`,
  );
  // The last key is the product id.
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ${column(keys.length - 1)} as id from (${sql.join(branches, sql` union all `)}) merged
      order by ${sql.join(
        keys.map((k, i) => sql`${column(i)} ${sql.raw(k.direction)}`),
        sql`, `,
      )} limit ${page.Size} offset ${page.From}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The relevance page, found among the best-selling matches when that is provably the same as ranking them
 * all. The window holds the best sellers among the matches (and any exact-name match), ranked. It is the
 * answer when it holds every match, or when every product up to the page's end scores the most a product
 * can score: a product outside the window sells less, so it cannot come before them. Broad keywords ("tea",
 * a word in every name, or a type's name) end here after reading a few hundred rows instead of thousands;
 * narrow ones fit in the window. Undefined when the window cannot tell.
 */
async function bestSellerWindow(
  db: Db,
  where: SQL | undefined,
  match: KeywordMatch,
  keyword: string,
  page: ProductSearch,
): Promise<string[] | undefined> {
  const end = page.From + page.Size;
  const size = WINDOW_PER_RANK * end;
  const { score, best } = match;
  const rows = await rowsOf<{ id: string; score: number; best_sellers: number }>(
    db,
    sql`with best_sellers as (
        select ${products.id} as id, ${products.soldCount} as sold, ${score} as score
        from ${products} where ${where} order by ${products.soldCount} desc, ${products.id} limit ${size}
      )
      select id, score, (select count(*) from best_sellers)::int as best_sellers from (
        select id, sold, score from best_sellers
        union
        select ${products.id}, ${products.soldCount}, ${score} from ${products} where ${where} and ${exactNameMatch(keyword)}
      ) ranked order by score desc, sold desc, id`,
  );
  const complete = Number(rows[0]?.best_sellers ?? 0) < size;
  if (!complete && (rows.length < end || Number(rows[end - 1]!.score) < best)) return undefined;
  return rows.slice(page.From, end).map((r) => r.id);
}

/** Products on sale among some types (all but the excluded when none given), from the counts the database keeps. */
async function onSaleCount(db: Db, types: readonly string[] | undefined, excluded: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${productOnSaleCounts.onSale}), 0)::int` })
    .from(productOnSaleCounts)
    .where(
      types
        ? inArray(productOnSaleCounts.typeId, [...types])
        : excluded.length
          ? notInArray(productOnSaleCounts.typeId, [...excluded])
          : undefined,
    );
  return row?.n ?? 0;
}

/** The product types that are box sets (spec §9: a type marks them). */
export async function boxsetTypeIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.isBoxset, true));
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------------- log, recent searches

export interface LoggedSearch {
  keyword: string;
  userId?: string;
  cookieId?: string;
  /** The client's address as the server could tell it (the call context's clientIp). */
  clientIp?: string;
  resultCount: number;
  at: Date;
}

/**
 * Records a submitted search (normalised keyword) for the hot-keyword lists, with the network it came from
 * (searcherNetwork); an empty keyword is not logged.
 */
export async function logSearch(db: Db, search: LoggedSearch): Promise<void> {
  const keyword = normaliseKeyword(search.keyword);
  if (!keyword) return;
  await db.insert(searchLogs).values({
    keyword,
    userId: search.userId ?? null,
    cookieId: search.cookieId || null,
    clientIp: searcherNetwork(search.clientIp),
    resultCount: search.resultCount,
    createdAt: search.at,
  });
}

/**
 * The network a searcher is counted by: an IPv4 address as it is (also written IPv4-mapped, as Node gives it
 * on a dual-stack socket); an IPv6 address as its /64, one subscriber's network, in which a host may take
 * any address it likes; null for what is not an address.
 */
export function searcherNetwork(address: string | undefined): string | null {
  // A zone ("fe80::1%eth0") names our interface, not the client.
  const plain = address?.trim().replace(/%.*$/, '') ?? '';
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return null;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address; the URL parser writes it with one "::" at most and no dotted tail. */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groupsOf = (text: string | undefined) => (text ? text.split(':').map((g) => parseInt(g, 16)) : []);
  const [left, right] = [groupsOf(head), groupsOf(tail)];
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** A member's recent searches, newest first. */
export async function recentSearchesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ keyword: recentSearches.keyword })
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.searchedAt), asc(recentSearches.keyword));
  return rows.map((r) => r.keyword);
}

/**
 * Remembers a member's search by the spec §5 rules (contract pushRecentSearch): the list is rewritten with
 * strictly decreasing times, so its order survives searches within the same millisecond.
 */
export async function rememberSearch(db: Db, userId: string, keyword: string, at: Date): Promise<string[]> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One member's searches are rewritten one at a time.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const stored = await tx
      .select({ keyword: recentSearches.keyword, searchedAt: recentSearches.searchedAt })
      .from(recentSearches)
      .where(eq(recentSearches.userId, userId))
      .orderBy(desc(recentSearches.searchedAt), asc(recentSearches.keyword));
    const list = pushRecentSearch(
      stored.map((s) => s.keyword),
      keyword,
    );
    const timeOf = new Map(stored.map((s) => [s.keyword, s.searchedAt.getTime()]));
    let previous = Infinity;
    const rows = list.map((entry, i) => {
      const time = Math.min(i === 0 ? at.getTime() : (timeOf.get(entry) ?? at.getTime()), previous - 1);
      previous = time;
      return { userId, keyword: entry, searchedAt: new Date(time) };
    });
    await tx.delete(recentSearches).where(eq(recentSearches.userId, userId));
    if (rows.length) await tx.insert(recentSearches).values(rows);
    return list;
  });
}

/** Forgets one keyword (ignoring case and spacing), or every recent search when none is given. */
export async function forgetSearch(db: Db, userId: string, keyword?: string): Promise<string[]> {
  const forgotten = keyword === undefined ? undefined : normaliseKeyword(keyword);
  await db
    .delete(recentSearches)
    .where(
      and(
        eq(recentSearches.userId, userId),
        forgotten === undefined ? undefined : sql`lower(${recentSearches.keyword}) = ${forgotten}`,
      ),
    );
  return recentSearchesOf(db, userId);
}

// --------------------------------------------------------------------------------- hot keywords

type HotKind = 'top' | 'trending';
/** Stored lists older than this are recomputed when asked for. */
const HOT_KEYWORDS_MAX_AGE_MS = HOUR_MS;
const TOP_WINDOW_DAYS = 90;
const TRENDING_BASELINE_DAYS = 7;

/**
 * A searcher: the member when signed in, else the network searched from (searcherNetwork). Never the
 * visitor's cookie id, which is the client's to choose: one visitor rotating it, plus one member, put a
 * SQL-looking keyword on Now Trending (issue 11). A search with neither (logged before addresses were)
 * counts for no one.
 */
const searcher = sql`coalesce('member:' || ${searchLogs.userId}, 'network:' || ${searchLogs.clientIp})`;

/**
 * A keyword is on a list every visitor sees (top search, now trending, autocomplete's keywords) only once
 * this many searchers looked for it, from this many networks, and found products: no one person, and no one
 * household, office or NAT, puts a word there alone, and one person's search is not shown to others.
 */
export const LIST_MIN_SEARCHERS = 3;
export const LIST_MIN_NETWORKS = 2;

/** Grouped by keyword: searched by enough people from enough networks to be shown to everyone. */
const seenByEnough = sql`count(distinct ${searcher}) >= ${LIST_MIN_SEARCHERS}
  and count(distinct ${searchLogs.clientIp}) >= ${LIST_MIN_NETWORKS}`;

/** Keywords of the last 90 days that found something, by how many people searched them. */
async function computeTopSearch(db: Db, now: Date): Promise<string[]> {
  const searchers = sql<number>`count(distinct ${searcher})`;
  const rows = await db
    .select({ keyword: searchLogs.keyword })
    .from(searchLogs)
    .where(
      and(
        gte(searchLogs.createdAt, new Date(now.getTime() - TOP_WINDOW_DAYS * DAY_MS)),
        lte(searchLogs.createdAt, now),
        sql`${searchLogs.resultCount} > 0`,
      ),
    )
    .groupBy(searchLogs.keyword)
    .having(seenByEnough)
    .orderBy(desc(searchers), desc(sql`count(*)`), asc(searchLogs.keyword))
    .limit(HOT_KEYWORD_LIMIT);
  return rows.map((r) => r.keyword);
}

/**
 * Keywords rising now: searchers of the last 24 hours (at least LIST_MIN_SEARCHERS, from LIST_MIN_NETWORKS
 * networks) against the daily average of the 7 days before, ranked by growth (rise over the average plus
 * one, so that a new keyword ranks by its searchers).
 */
async function computeNowTrending(db: Db, now: Date): Promise<string[]> {
  const dayStart = new Date(now.getTime() - DAY_MS);
  const baselineStart = new Date(dayStart.getTime() - TRENDING_BASELINE_DAYS * DAY_MS);
  const rows = await rowsOf<{ keyword: string }>(
    db,
    sql`with found as (
        select keyword, ${searcher} as who, client_ip as network, created_at from search_logs
        where created_at > ${baselineStart} and created_at <= ${now} and result_count > 0 and ${searcher} is not null
      ),
      recent as (
        select keyword, count(distinct who)::float8 as searchers from found where created_at > ${dayStart}
        group by keyword
        having count(distinct who) >= ${LIST_MIN_SEARCHERS} and count(distinct network) >= ${LIST_MIN_NETWORKS}
      ),
      daily as (
        select keyword, count(distinct who) as searchers from found where created_at <= ${dayStart}
        group by keyword, floor(extract(epoch from (${dayStart}::timestamptz - created_at)) / 86400)
      ),
      baseline as (select keyword, sum(searchers)::float8 / ${TRENDING_BASELINE_DAYS} as average from daily group by keyword)
      select r.keyword from recent r left join baseline b using (keyword)
      where r.searchers > coalesce(b.average, 0)
      order by (r.searchers - coalesce(b.average, 0)) / (coalesce(b.average, 0) + 1) desc, r.searchers desc, r.keyword
      limit ${HOT_KEYWORD_LIMIT}`,
  );
  return rows.map((r) => r.keyword);
}

const compute: Record<HotKind, (db: Db, now: Date) => Promise<string[]>> = { top: computeTopSearch, trending: computeNowTrending };

/** Recomputes one list and stores it (Sort 1…n). */
export async function refreshHotKeywords(db: Db, kind: HotKind, now: Date): Promise<HotKeyword[]> {
  const list = (await compute[kind](db, now)).map((Keyword, i) => ({ Keyword, Sort: i + 1 }));
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Upsert, then drop the tail: two refreshes at once leave one whole list, never a key conflict.
    if (list.length) {
      await tx
        .insert(hotKeywords)
        .values(list.map((k) => ({ kind, sort: k.Sort, keyword: k.Keyword, computedAt: now })))
        .onConflictDoUpdate({
          target: [hotKeywords.kind, hotKeywords.sort],
          set: { keyword: sql`excluded.keyword`, computedAt: sql`excluded.computed_at` },
        });
    }
    await tx.delete(hotKeywords).where(and(eq(hotKeywords.kind, kind), sql`${hotKeywords.sort} > ${list.length}`));
  });
  return list;
}

/** Both stored lists; a list missing or older than an hour is recomputed first. */
export async function currentHotKeywords(db: Db, now: Date): Promise<Record<HotKind, HotKeyword[]>> {
  const stored = await db.select().from(hotKeywords).orderBy(asc(hotKeywords.kind), asc(hotKeywords.sort));
  const result = {} as Record<HotKind, HotKeyword[]>;
  for (const kind of ['top', 'trending'] as const) {
    const rows = stored.filter((r) => r.kind === kind);
    const fresh = rows.length > 0 && rows.every((r) => now.getTime() - r.computedAt.getTime() < HOT_KEYWORDS_MAX_AGE_MS);
    result[kind] = fresh ? rows.map((r) => ({ Keyword: r.keyword, Sort: r.sort })) : await refreshHotKeywords(db, kind, now);
  }
  return result;
}

// ---------------------------------------------------------------------------------- autocomplete

const AUTOCOMPLETE_LIMIT = 10;
/** Logged keywords come first, at most this many when products fill the rest. */
const AUTOCOMPLETE_KEYWORDS = 5;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Suggestions while typing: popular logged keywords starting with the text (last 90 days, searches that
 * found something, by searchers, shown once enough people searched them as for the hot lists), then products
 * on sale whose English or Chinese name starts with it, then those with a name word starting with it; best
 * sellers first within each.
 */
export async function autocomplete(db: Db, typed: string, now: Date): Promise<Recommendation[]> {
  const text = normaliseKeyword(typed);
  if (!text) return [];
  const prefix = `${escapeLike(text)}%`;
  const keywordRows = await db
    .select({ keyword: searchLogs.keyword })
    .from(searchLogs)
    .where(
      and(
        sql`${searchLogs.keyword} like ${prefix}`,
        gte(searchLogs.createdAt, new Date(now.getTime() - TOP_WINDOW_DAYS * DAY_MS)),
        lte(searchLogs.createdAt, now),
        sql`${searchLogs.resultCount} > 0`,
      ),
    )
    .groupBy(searchLogs.keyword)
    .having(seenByEnough)
    .orderBy(desc(sql`count(distinct ${searcher})`), asc(searchLogs.keyword))
    .limit(AUTOCOMPLETE_LIMIT);

  const card = { id: products.id, nameEn: products.nameEn, nameZh: products.nameZh };
  const starting = await db
    .select(card)
    .from(products)
    .where(and(onSale, sql`(lower(${products.nameEn}) like ${prefix} or ${products.nameZh} like ${prefix})`))
    .orderBy(desc(products.soldCount), asc(products.id))
    .limit(AUTOCOMPLETE_LIMIT);
  let found = starting;
  // Suggestions follow what is typed: no corrected spellings here.
  const terms = found.length < AUTOCOMPLETE_LIMIT ? keywordTerms(text) : null;
  if (terms) {
    const inName = terms.flatMap((t): SQL[] =>
      t.kind === 'word'
        ? [sql`${vector} @@ ${wordQuery(t, true)}`]
        : [sql`${vector} @@ ${candidateQuery(t)}`, sql`strpos(${products.nameZh}, ${t.text}) > 0`],
    );
    const seen = found.map((p) => p.id);
    const more = await db
      .select(card)
      .from(products)
      .where(and(onSale, ...inName, seen.length ? notInArray(products.id, seen) : undefined))
      .orderBy(desc(products.soldCount), asc(products.id))
      .limit(AUTOCOMPLETE_LIMIT - found.length);
    found = [...found, ...more];
  }

  const chinese = new RegExp(`[${CJK}]`, 'u').test(text);
  const productSuggestions: Recommendation[] = found.map((p) => ({
    Type: 'product',
    Keyword: chinese ? p.nameZh : p.nameEn,
    ProductID: p.id,
    Name: { en: p.nameEn, zh: p.nameZh },
  }));
  const keywordSuggestions: Recommendation[] = keywordRows.map((k) => ({ Type: 'keyword', Keyword: k.keyword }));
  const keywordsShown = Math.max(AUTOCOMPLETE_KEYWORDS, AUTOCOMPLETE_LIMIT - productSuggestions.length);
  return [...keywordSuggestions.slice(0, keywordsShown), ...productSuggestions].slice(0, AUTOCOMPLETE_LIMIT);
}

// ------------------------------------------------------------------------------------- helpers

/** A text[] bound as one parameter. */
function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
