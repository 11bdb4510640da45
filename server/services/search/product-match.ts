/**
 * How products match a keyword, and how they rank for it: the keyword's terms (keywords.ts) as conditions
 * on products.search_vector (migration 0007) and the Chinese names and descriptions, with a relevance score.
 *
 * A word that matches nothing is corrected to the most similar stems of the catalogue (trigram similarity
 * against search_vocabulary, so "oloong" finds "Oolong"); Chinese matches by substring of the name or
 * description, or by most of its distinct character bigrams appearing in the name. Relevance: exact name,
 * then name hits, description hits, partial Chinese hits and corrected words.
 *
 * A keyword that names a product type or category as a whole ("tea", 茶, "whisky": categories.ts) finds
 * every product of it first, then what merely mentions it; products of another kind that mention it only
 * outside their names are left out (a gin "with a touch of Long Jing tea").
 */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { KINDS, keywordCategory, type KeywordCategory } from './categories.ts';
import { cjkGrams, gramQuery, gramsNeeded, keywordTerms, normaliseKeyword, tsquery, wordQuery, type CjkTerm, type Term } from './keywords.ts';
import { rowsOf, textArray } from './sql.ts';

/** Trigram similarity from which a catalogue stem counts as what a mistyped word meant ("oloong" → oolong: 0.4). */
const TYPO_SIMILARITY = 0.35;
const TYPO_CORRECTIONS = 4;
/** A correction is about as long as the word ("matcha" is not "mat"); stems lose a suffix at most. */
const TYPO_LENGTH_DIFFERENCE = 2;

/**
 * For a search that found nothing: its words checked against the catalogue's stems in one query. Stop words
 * are dropped; a word no stem starts like is replaced by the stems it resembles. Null when that changes
 * nothing, or when a word resembles nothing (the search cannot find anything).
 */
export async function correctedTerms(db: Db, terms: readonly Term[]): Promise<Term[] | null> {
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

const vector = products.searchVector;

/** What the GIN index on search_vector can answer for a term (the rest is checked on those rows). */
export function candidateQuery(term: Term): SQL {
  return term.kind === 'word' ? wordQuery(term) : sql`${gramQuery(term)}::tsquery`;
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
export const exactNameMatch = (keyword: string) =>
  sql`${products.id} = any(array(select exact.id from ${products} exact
    where lower(exact.name_en) = ${keyword} or exact.name_zh = ${keyword}))`;

/** The terms' scores, and 100 for a name that is exactly the keyword. */
function relevance(terms: readonly Term[], keyword: string): SQL {
  return sql`((${exactNameMatch(keyword)})::int * 100 + ${sql.join(terms.map(termScore), sql` + `)})`;
}

/**
 * What a product of the category a keyword names scores: above any text relevance (an exact name 100, at
 * most 10 a term), so every one of them comes first; among them the best sellers (and an exact name) lead.
 */
const CATEGORY_SCORE = 1000;

/** How rows match a keyword, and how they rank for it. */
export interface KeywordMatch {
  condition: SQL;
  score: SQL;
  /** The most a row can score but for an exact name (bestSellerWindow adds exact names itself). */
  best: number;
  /** Types whose every product on sale matches (a category's). */
  memberTypes: string[];
}

/**
 * The keyword's match: its terms; and when it names a category (categories.ts), the category's products,
 * ranked first, and no product of another kind that mentions the keyword only outside its name.
 */
export function keywordMatch(terms: readonly Term[], keyword: string, category: KeywordCategory | undefined): KeywordMatch {
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

/** The keyword's terms and the category it names (null: nothing to search for, only punctuation). */
export async function keywordPlan(db: Db, keyword: string): Promise<{ terms: Term[]; category?: KeywordCategory } | null> {
  if (!keyword) return { terms: [] };
  const terms = keywordTerms(keyword);
  if (terms === null) return null;
  const category = await keywordCategory(db, keyword);
  return category ? { terms, category } : { terms };
}

/**
 * The keyword's condition as the results apply it (for the filter counts of facets.ts): as typed, or
 * corrected when as typed it finds nothing among `within`. Undefined without a keyword; null when it can
 * find nothing.
 */
export async function keywordCondition(db: Db, keyword: string, within: readonly SQL[]): Promise<SQL | null | undefined> {
  const resolved = await resolveKeyword(db, keyword, within);
  return resolved && resolved.condition;
}

/** Whether a keyword finds anything among `within` (as typed, or corrected): one or two existence checks. */
export async function keywordFinds(db: Db, keyword: string, within: readonly SQL[]): Promise<boolean> {
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
