/**
 * "Did you mean …?" (issue 14): for a keyword that found nothing, even with its words corrected, each word
 * that no word of the catalogue starts like is replaced by the nearest word of the catalogue's vocabulary:
 * the names of the product types and search categories in both languages ("wiskey" → whisky, 威土忌 → 威士忌),
 * and the words of product names and descriptions (search_vocabulary's stems, offered as a product writes
 * them: "hinkoi" → hinoki). Nearest is the fewest edits (a swap of two neighbours is one), at most one for
 * a word of 4–5 letters and two for a longer one (Chinese: one for 3–4 characters, two beyond); shorter
 * words are left as typed. Ties go to the category names, then to the vocabulary in its order.
 *
 * The work is bounded per word, and at most MAX_TERMS words (keywords.ts) are read: each word reads at most
 * CANDIDATES_PER_WORD stems of the vocabulary, those most like it that start with its first or second
 * letter or share its trigrams (both indexed), and is compared with them over at most MAX_WORD_LENGTH
 * characters.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offeredWords, type OfferedWord } from './categories.ts';
import { hasCjk, type KeywordPiece } from './keywords.ts';
import { rowsOf } from './sql.ts';

/** Edits allowed between a typed word of this many letters and the word offered for it. */
const maxEdits = (length: number) => (length <= 3 ? 0 : length <= 5 ? 1 : 2);
const maxCjkEdits = (length: number) => (length <= 2 ? 0 : length <= 4 ? 1 : 2);
/** Stems of the vocabulary read per word at most. */
const CANDIDATES_PER_WORD = 300;
/** Longer pieces are no word of the catalogue: not compared. */
const MAX_WORD_LENGTH = 24;
/** Vocabulary stems tried per word when the first cannot be found in a product's text any more. */
const STEMS_TRIED = 3;

const length = (text: string) => [...text].length;

/**
 * The keyword with its unknown words replaced by the nearest words of the catalogue; undefined when no word
 * was replaced. Whether the suggestion finds something is the caller's to check.
 */
export async function nearestKeyword(db: Db, keyword: string, pieces: readonly KeywordPiece[]): Promise<string | undefined> {
  const comparable = (p: KeywordPiece) => length(p.text) <= MAX_WORD_LENGTH;
  const words = pieces.filter((p) => p.kind === 'word' && comparable(p) && /\p{L}/u.test(p.text) && maxEdits(length(p.text)) > 0);
  const runs = pieces.filter((p) => p.kind === 'cjk' && comparable(p) && maxCjkEdits(length(p.text)) > 0);
  if (words.length === 0 && runs.length === 0) return undefined;

  const offered = await offeredWords(db);
  const analysed = words.length ? await analyseWords(db, [...new Set(words.map((w) => w.text))]) : new Map<string, AnalysedWord>();
  const replacements = new Map<number, string>();
  for (const piece of words) {
    const word = analysed.get(piece.text);
    if (!word || word.known) continue;
    const replacement = await nearestWord(db, word, offered);
    if (replacement && replacement !== piece.text) replacements.set(piece.at, replacement);
  }
  for (const piece of runs) {
    const limit = maxCjkEdits(length(piece.text));
    const best = nearestOffered(piece.text, offered.filter((o) => hasCjk(o.word)), limit);
    if (best && best.offer !== piece.text && best.word !== piece.text) replacements.set(piece.at, best.offer);
  }
  if (replacements.size === 0) return undefined;

  let suggestion = '';
  let from = 0;
  for (const piece of [...pieces].sort((a, b) => a.at - b.at)) {
    const replacement = replacements.get(piece.at);
    if (replacement === undefined) continue;
    suggestion += keyword.slice(from, piece.at) + replacement;
    from = piece.at + piece.text.length;
  }
  return suggestion + keyword.slice(from);
}

interface AnalysedWord {
  word: string;
  /** Its English stem; null for a stop word. */
  stem: string | null;
  /** A stop word, or some catalogue stem starts like it: taken as typed. */
  known: boolean;
  /** The vocabulary stems most like it, best first. */
  near: string[];
}

/** Each word's stem, whether the catalogue knows it, and the vocabulary stems like it: one query. */
async function analyseWords(db: Db, words: readonly string[]): Promise<Map<string, AnalysedWord>> {
  // "known" as correctedTerms (product-match.ts) tells it: some stem starts with the word's stem, looked up as a
  // range in the prefix index's byte order (~>=~, ~<~). The candidates: stems starting with the word's first
  // or second letter (a first letter mistyped or left out), or sharing its trigrams, of about its length.
  const rows = await rowsOf<{ word: string; stem: string | null; known: boolean; near: string[] }>(
    db,
    sql`select w.word, s.stem,
        s.stem is null or exists (select 1 from search_vocabulary v
          where v.stem ~>=~ s.stem and v.stem ~<~ (s.stem || chr(1114111))) as known,
        array(select v.stem from search_vocabulary v
              where (v.stem ~>=~ left(w.word, 1) and v.stem ~<~ (left(w.word, 1) || chr(1114111))
                  or v.stem ~>=~ substr(w.word, 2, 1) and v.stem ~<~ (substr(w.word, 2, 1) || chr(1114111))
                  or v.stem % w.word)
                and char_length(v.stem) between char_length(w.word) - 3 and char_length(w.word) + 2
              order by similarity(v.stem, w.word) desc, v.stem limit ${CANDIDATES_PER_WORD}) as near
      from unnest(${sql.param([...words])}::text[]) as w(word)
      cross join lateral (select (ts_lexize('english_stem', w.word))[1] as stem) s`,
  );
  return new Map(rows.map((r) => [r.word, r]));
}

/**
 * The word offered for an unknown word: the nearest category or type name, or the nearest vocabulary stem as
 * a product's name (or else description) writes it; a tie goes to the names.
 */
async function nearestWord(db: Db, word: AnalysedWord, offered: readonly OfferedWord[]): Promise<string | undefined> {
  const limit = maxEdits(length(word.word));
  const named = nearestOffered(word.word, offered.filter((o) => !hasCjk(o.word)), limit);
  const forms = [...new Set([word.word, ...(word.stem ? [word.stem] : [])])];
  const stems = word.near
    .map((stem) => ({ stem, edits: Math.min(...forms.map((form) => editDistance(form, stem, limit))) }))
    .filter((s) => s.edits <= limit && (!named || s.edits < named.edits))
    .sort((a, b) => a.edits - b.edits);
  for (const { stem } of stems.slice(0, STEMS_TRIED)) {
    const written = await writtenForm(db, stem);
    if (written) return written;
  }
  return named?.offer;
}

function nearestOffered(text: string, offered: readonly OfferedWord[], limit: number): (OfferedWord & { edits: number }) | undefined {
  let best: (OfferedWord & { edits: number }) | undefined;
  for (const o of offered) {
    const edits = editDistance(text, o.word, limit);
    if (edits <= limit && (!best || edits < best.edits)) best = { ...o, edits };
  }
  return best;
}

/** A stem as a product on sale writes it: a word of a name with that stem, or else of a description. */
async function writtenForm(db: Db, stem: string): Promise<string | undefined> {
  const lexeme = `'${stem.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const rows = await rowsOf<{ word: string }>(
    db,
    sql`select x.word from (
        (select 1 as rank, name_en as text from products where not stop_sell and search_vector @@ ${`${lexeme}:A`}::tsquery limit 3)
        union all
        (select 2, description_en from products where not stop_sell and search_vector @@ ${`${lexeme}:B`}::tsquery limit 3)
      ) p cross join lateral regexp_split_to_table(lower(p.text), '[^[:alnum:]]+') with ordinality as x(word, n)
      where (ts_lexize('english_stem', x.word))[1] = ${stem}
      order by p.rank, x.n limit 1`,
  );
  return rows[0]?.word;
}

/**
 * Edits between two texts (characters inserted, deleted, replaced, or two neighbours swapped), or max + 1
 * as soon as it is known to be more than max.
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= y.length; j++) {
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      smallest = Math.min(smallest, d);
    }
    if (smallest > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[y.length]!, max + 1);
}
