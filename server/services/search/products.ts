/**
 * Product search (SearchAndFilterProduct, UserSearchAndFilterProduct, searchProduct): a keyword (matched and
 * ranked by product-match.ts), type and attribute filters, exclusions, a price range, one of the sorts, a
 * page. Ties in relevance go to the member's affinity (affinity.ts), then to the best seller.
 *
 * A keyword that still finds nothing, even with its words corrected, offers the nearest words of the
 * catalogue (suggest.ts), when they find something with the same filters: DidYouMean.
 */
import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CallBody, SearchAndFilterProduct } from '../../../contract/index.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { ProductCache } from '../product-cache.ts';
import { productOnSaleCounts, productTypes, products } from '../../db/schema.ts';
import { affinityScore, isEmptyAffinity, type Affinity } from './affinity.ts';
import { keywordPieces, normaliseKeyword } from './keywords.ts';
import { correctedTerms, exactNameMatch, keywordFinds, keywordMatch, keywordPlan, type KeywordMatch } from './product-match.ts';
import { rowsOf, textArray } from './sql.ts';
import { nearestKeyword } from './suggest.ts';

export type ProductSearch = CallBody<typeof SearchAndFilterProduct>;

export interface SearchOptions {
  /** A member's affinity: among equally relevant products, those closer to the member's interests first. */
  affinity?: Affinity;
  /**
   * Keeps the counts of matches, which only a change to the catalogue changes: a broad keyword's capped
   * count reads a thousand rows, most of a search's time (DESIGN §10). The page is still read each time.
   */
  cache?: Pick<ProductCache, 'catalogueWide'>;
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
export const onSale = sql`not ${products.stopSell}`;

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
  const [counted, page] = await Promise.all([
    beyondCap ? TOTAL_CAP + 1 : cappedCount(db, where, options.cache),
    relevant ? bestSellerWindow(db, where, match, keyword, search) : orderedPage(db, where, keys, search),
  ]);
  const found = counted > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: counted };
  // Past a capped count the pages go on for as long as there are matches.
  if (counted === 0 || (!found.capped && search.From >= counted)) return { ids: [], ...found };
  return { ids: page ?? (await orderedPage(db, where, keys, search)), ...found };
}

const dialect = new PgDialect();

/** The matches of `where`, counted up to TOTAL_CAP + 1; kept by `cache` under the query's own text and values. */
async function cappedCount(db: Db, where: SQL | undefined, cache: SearchOptions['cache']): Promise<number> {
  const query = sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${TOTAL_CAP + 1}) matched`;
  const count = async () => Number((await rowsOf<{ n: number }>(db, query))[0]?.n ?? 0);
  if (!cache) return count();
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await cache.catalogueWide(`search-count:${text}:${JSON.stringify(params)}`, count)) ?? 0;
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
