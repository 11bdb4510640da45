/**
 * Autocomplete (getAutocompleteRecommend): suggestions while typing, popular keywords of the search log
 * first, then products on sale by name.
 */
import { and, asc, desc, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Recommendation } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { products, searchLogs } from '../../db/schema.ts';
import { hasCjk, keywordTerms, normaliseKeyword, wordQuery } from './keywords.ts';
import { candidateQuery } from './product-match.ts';
import { onSale } from './products.ts';
import { searcher, seenByEnough, topWindowStart } from './trending.ts';

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
        gte(searchLogs.createdAt, topWindowStart(now)),
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
        ? [sql`${products.searchVector} @@ ${wordQuery(t, true)}`]
        : [sql`${products.searchVector} @@ ${candidateQuery(t)}`, sql`strpos(${products.nameZh}, ${t.text}) > 0`],
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

  const chinese = hasCjk(text);
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
