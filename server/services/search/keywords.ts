/**
 * The keyword engine every search shares (products here, and events, inspiration posts and taste cards
 * through their own search vectors): how a keyword is normalised, cut into words and Chinese runs, and
 * written as tsqueries.
 *
 * English words are found by stem and prefix ("brewing" finds "brew", "oolo" finds "Oolong"); Chinese runs as
 * substrings, or by most of their distinct character bigrams (cjk_grams, migration 0007). Every word and
 * Chinese run of a keyword must match; what a match scores is each search's own (product-match.ts for
 * products).
 *
 * The work per keyword is linear in it and bounded: at most MAX_TERMS terms, MAX_GRAMS bigrams a run, and
 * a gram query that counts its combinations before it builds any (issue 11: 24 × 茶 held the event loop for
 * seconds, 100 characters ran the process out of memory).
 */
import { sql, type SQL } from 'drizzle-orm';

/** Words and Chinese runs of a keyword that count; the rest is ignored. */
const MAX_TERMS = 8;
/**
 * Distinct bigrams of one Chinese run that count (the first ones). Longer than any product name, and a
 * bound on the per-row checks (nameGramHits, product-match.ts) whatever a keyword holds; the contract
 * caps keywords at KEYWORD_MAX_LENGTH, which alone allows 63.
 */
const MAX_GRAMS = 32;

/** How a keyword is logged and compared: trimmed, lower-cased, inner white space collapsed. */
export function normaliseKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The Chinese and Japanese characters that cjk_grams (migration 0007) cuts into grams: the same ranges. */
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const PIECE = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}])+)`, 'gu');
const CJK_CHARACTER = new RegExp(`[${CJK}]`, 'u');

/** Whether a text holds a Chinese or Japanese character (of the ranges cjk_grams cuts). */
export const hasCjk = (text: string): boolean => CJK_CHARACTER.test(text);

/** A word or Chinese run of a normalised keyword, and where it starts in it. */
export type KeywordPiece = { kind: 'cjk' | 'word'; text: string; at: number };

/**
 * A keyword's runs of Chinese characters and its words (letters and digits), where each starts in the
 * normalised keyword; punctuation only separates. The first MAX_TERMS pieces: the keyword is read no
 * further than that.
 */
export function keywordPieces(keyword: string): KeywordPiece[] {
  const pieces: KeywordPiece[] = [];
  for (const m of normaliseKeyword(keyword).matchAll(PIECE)) {
    pieces.push(m[1] ? { kind: 'cjk', text: m[1], at: m.index } : { kind: 'word', text: m[2]!, at: m.index });
    if (pieces.length === MAX_TERMS) break;
  }
  return pieces;
}

/** A catalogue lexeme in a tsquery: quoted, optionally a prefix and restricted to name text (weight A). */
type Lexeme = { text: string; prefix: boolean };

export function tsquery(lexemes: readonly Lexeme[], nameOnly = false): string {
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
 * taken as they are (stop words then match nothing and count for nothing): the product search corrects
 * them (correctedTerms, product-match.ts) when they find nothing. The event, post and taste-card searches
 * read keywords with it too.
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
export function cjkGrams(text: string): { grams: string[]; partial: boolean } {
  const chars = [...text];
  if (chars.length === 1) return { grams: chars, partial: false };
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length && grams.size < MAX_GRAMS; i++) grams.add(chars[i]! + chars[i + 1]!);
  return { grams: [...grams], partial: chars.length > 2 };
}

/** A word term as a tsquery: its stem as a prefix, or its corrections; optionally only in names (weight A). */
export function wordQuery(term: WordTerm, nameOnly = false): SQL {
  if (term.corrections) return sql`${tsquery(term.corrections.map((text) => ({ text, prefix: false })), nameOnly)}::tsquery`;
  return sql`to_tsquery('english', ${`${term.word}:*${nameOnly ? 'A' : ''}`})`;
}

/**
 * A Chinese term as a tsquery (text, to be cast): the rows that hold every bigram (a substring) or at least
 * half of them (gramsNeeded); the rest is checked on those rows.
 */
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
/** Bigrams of a run that a partial match must hold: half of them, rounded up. */
export const gramsNeeded = (term: CjkTerm): number => Math.ceil(term.grams.length / 2);

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
