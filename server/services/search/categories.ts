/**
 * Keywords that name a category (issue 14): "tea", "teas", 茶, 茶葉, "coffee", 咖啡, "whisky", 威士忌 … A
 * keyword that names one, as a whole, finds every product of it first, whatever its texts say (Shizuoka
 * Sencha never says "tea" in English; six coffees never say 咖啡).
 *
 * A category is a product type, by its names in the database (so a type added later is one too), and the
 * categories below: the seeded types' other names (plurals are the same stems: "teas" is "tea"), and a few
 * narrower ones (whisky, sake, gin, …) whose products are named so in one language or the other (Islay
 * Single Malt is 威士忌 in Chinese only).
 *
 * Which products that merely mention the keyword come after the category's own is decided by the kind of
 * their type. Tea, coffee, incense and spirits are kinds of their own: a coffee that tastes of "lemon tea",
 * or a gin made with "a touch of Long Jing tea", is not tea, so a product of another kind is found for the
 * keyword only when its name says it (喫茶店 Dark Roast for 茶, after every tea). Equipment and box sets serve
 * or bundle the kinds: a gaiwan described as a "tea brewer", or a grinder for 咖啡, is found after the
 * category's own products. A type not named in KINDS counts as such a companion: its products are found as
 * any keyword finds them, only after the category's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hasCjk } from './keywords.ts';

export interface SearchCategory {
  id: string;
  /** The word offered for it when a keyword is misspelt ("Did you mean whisky?"), in each language. */
  name: { en: string; zh: string };
  /** Other words naming it, in either language: English by stem ("Whiskies" is "whisky"), Chinese as written. */
  synonyms: readonly string[];
  /** Product types whose every product belongs to it. */
  types?: readonly string[];
  /** Words that make a product a member when its name holds one, in either language. */
  nameTerms?: readonly string[];
  /** For a category narrower than a type: the type it is a kind of. */
  kind?: string;
}

/** Product types that are kinds of their own (see above); the others serve or bundle them. */
export const KINDS: readonly string[] = ['tea', 'coffee', 'incense', 'spirits'];

export const CATEGORIES: readonly SearchCategory[] = [
  { id: 'tea', name: { en: 'tea', zh: '茶' }, synonyms: ['tea leaf', 'tea leaves', '茶葉', '中國茶'], types: ['tea'] },
  { id: 'coffee', name: { en: 'coffee', zh: '咖啡' }, synonyms: ['coffee bean', 'coffee beans', '咖啡豆'], types: ['coffee'] },
  { id: 'incense', name: { en: 'incense', zh: '香品' }, synonyms: ['incense stick', 'incense sticks', '薰香'], types: ['incense'] },
  {
    id: 'spirits',
    name: { en: 'spirits', zh: '酒類' },
    synonyms: ['liquor', 'alcohol', '酒', '烈酒'],
    types: ['spirits'],
  },
  { id: 'equipment', name: { en: 'equipment', zh: '器具' }, synonyms: ['teaware', 'tea ware', 'utensils', 'tools', '茶具', '用具'], types: ['equipment'] },
  { id: 'boxset', name: { en: 'box sets', zh: '禮盒' }, synonyms: ['gift box', 'gift set', 'gift sets', '禮盒套裝', '套裝'], types: ['boxset'] },
  {
    id: 'whisky',
    name: { en: 'whisky', zh: '威士忌' },
    synonyms: ['whiskey', 'scotch', 'single malt', 'malt whisky'],
    nameTerms: ['whisky', 'whiskey', 'single malt', '威士忌'],
    kind: 'spirits',
  },
  { id: 'sake', name: { en: 'sake', zh: '清酒' }, synonyms: ['nihonshu', '日本酒'], nameTerms: ['sake', '清酒'], kind: 'spirits' },
  { id: 'gin', name: { en: 'gin', zh: '氈酒' }, synonyms: ['琴酒'], nameTerms: ['gin', '氈酒'], kind: 'spirits' },
  { id: 'baijiu', name: { en: 'baijiu', zh: '白酒' }, synonyms: [], nameTerms: ['baijiu', '白酒'], kind: 'spirits' },
  { id: 'plum-wine', name: { en: 'plum wine', zh: '梅酒' }, synonyms: ['umeshu'], nameTerms: ['plum wine', 'umeshu', '梅酒'], kind: 'spirits' },
];

/** What a keyword naming categories finds first, and what it leaves out. */
export interface KeywordCategory {
  /** Products of these types belong to it. */
  types: string[];
  /** So do products whose English name holds one of these terms (stemmed as the search vector is). */
  nameTermsEn: string[];
  /** … or whose Chinese name holds one of these. */
  nameTermsZh: string[];
  /**
   * The kinds of product the category is about; products of the other KINDS are found only when their name
   * mentions the keyword.
   */
  kinds: string[];
}

/** A category's names as one list: its two names and its synonyms. */
const namesOf = (c: SearchCategory) => [c.name.en, c.name.zh, ...c.synonyms];

/** Keywords of more words than this name no category (the longest names have two). */
const MAX_CATEGORY_WORDS = 4;
/** How long the product types' names are kept before they are read again. */
const TYPE_NAMES_MS = 60_000;

/** Names of categories and types, as written (lower case) and as stems, each naming some categories. */
interface Signatures {
  byName: Map<string, Set<string>>;
  byStems: Map<string, Set<string>>;
  /** The product types' names in both languages (English in lower case). */
  typeNames: string[];
  readAt: number;
}
const signaturesOf = new WeakMap<Db, Promise<Signatures>>();

/**
 * The names of CATEGORIES and of the product types ('type:<id>'), with their stems, read once a minute: the
 * stemming of some sixty names is not redone for every keyword.
 */
async function signatures(db: Db, now: number): Promise<Signatures> {
  const cached = signaturesOf.get(db);
  if (cached) {
    const known = await cached.catch(() => undefined);
    if (known && now - known.readAt < TYPE_NAMES_MS) return known;
  }
  const listed = CATEGORIES.flatMap((c) => namesOf(c).map((name) => ({ id: c.id, name: name.toLowerCase() })));
  const reading = (async (): Promise<Signatures> => {
    const result = (await db.execute(sql`select c.id, c.name, strip(to_tsvector('english', c.name))::text as stems
        from unnest(${sql.param(listed.map((l) => l.id))}::text[], ${sql.param(listed.map((l) => l.name))}::text[]) as c(id, name)
      union all
      select 'type:' || t.id, n.name, strip(to_tsvector('english', n.name))::text
        from product_types t cross join lateral (values (lower(t.name_en)), (t.name_zh)) as n(name)`)) as unknown as {
      rows: { id: string; name: string; stems: string }[];
    };
    const add = (map: Map<string, Set<string>>, key: string, id: string) => map.set(key, (map.get(key) ?? new Set()).add(id));
    const byName = new Map<string, Set<string>>();
    const byStems = new Map<string, Set<string>>();
    for (const row of result.rows) {
      add(byName, row.name, row.id);
      if (row.stems) add(byStems, row.stems, row.id);
    }
    const typeNames = result.rows.filter((r) => r.id.startsWith('type:')).map((r) => r.name);
    return { byName, byStems, typeNames, readAt: now };
  })();
  signaturesOf.set(db, reading);
  return reading;
}

/** Keywords whose stems are kept, per database: shoppers repeat keywords, and stemming never changes. */
const STEMS_KEPT = 2000;
const stemsOf = new WeakMap<Db, Map<string, string>>();

/**
 * The keyword's English stems as the search vector has them ("the teas" → 'tea'): one small query, then kept
 * (a search is a handful of queries; on PGlite each is a round trip through one engine). Oldest first out.
 */
async function keywordStems(db: Db, keyword: string): Promise<string> {
  let kept = stemsOf.get(db);
  if (!kept) stemsOf.set(db, (kept = new Map()));
  const known = kept.get(keyword);
  if (known !== undefined) return known;
  const result = (await db.execute(sql`select strip(to_tsvector('english', ${keyword}))::text as stems`)) as unknown as {
    rows: { stems: string }[];
  };
  const stems = result.rows[0]?.stems ?? '';
  if (kept.size >= STEMS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(keyword, stems);
  return stems;
}

/**
 * The categories a normalised keyword names as a whole, or undefined: a name equal to the keyword, English
 * compared by its stems (stop words aside), so "Teas", "the tea" and "tea" name the tea type. The keyword is
 * stemmed once (keywordStems), against the names of the product types and of CATEGORIES.
 */
export async function keywordCategory(db: Db, keyword: string, now = Date.now()): Promise<KeywordCategory | undefined> {
  if (!keyword || keyword.split(' ').length > MAX_CATEGORY_WORDS) return undefined;
  const known = await signatures(db, now);
  let ids = known.byName.get(keyword);
  if (!ids) {
    const stems = await keywordStems(db, keyword);
    ids = stems ? known.byStems.get(stems) : undefined;
  }
  if (!ids?.size) return undefined;
  const named = [...ids];
  const categories = CATEGORIES.filter((c) => named.includes(c.id));
  const types = new Set([...named.filter((id) => id.startsWith('type:')).map((id) => id.slice('type:'.length)), ...categories.flatMap((c) => c.types ?? [])]);
  const terms = categories.flatMap((c) => c.nameTerms ?? []);
  const kinds = new Set([...[...types].filter((t) => KINDS.includes(t)), ...categories.flatMap((c) => (c.kind ? [c.kind] : []))]);
  return {
    types: [...types],
    nameTermsEn: terms.filter((t) => !hasCjk(t)),
    nameTermsZh: terms.filter((t) => hasCjk(t)),
    kinds: [...kinds],
  };
}

/** The words offered for a misspelt keyword: every category's names and synonyms, each offering its name. */
export interface OfferedWord {
  /** What a typed word is compared with. */
  word: string;
  /** What is offered for it (a synonym offers its category's name in the same language). */
  offer: string;
}

/** The words a misspelt word is compared with: every category's names (each offering its name), the types'. */
export async function offeredWords(db: Db, now = Date.now()): Promise<OfferedWord[]> {
  const categories = CATEGORIES.flatMap((c) =>
    namesOf(c).map((word) => ({ word: word.toLowerCase(), offer: hasCjk(word) ? c.name.zh : c.name.en })),
  );
  const types = (await signatures(db, now)).typeNames.map((name) => ({ word: name, offer: name }));
  return [...categories, ...types];
}
