/**
 * CalculateUserProductMatch (issue 16): how well a product suits the member, 0-100, with the two or three
 * things that moved the score most, in words in both languages.
 *
 * The member's profile: their own cards (any status: they are theirs), their personal taste survey
 * (favourite five-sense levels, flavour and scent families, notes), the drinks they favour (drinks survey,
 * entry survey, what they card) and the entry survey's flavours. The product's: its published cards' sums
 * (ProductID, or a card's product), or one card being written (TasteCardObj). Both become vectors and are
 * compared by the same function as similar products (taste-vectors.ts), so the score is symmetric: the
 * member's profile against the product's is the product's against the member's.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { FIVE_SENSES, type FiveSenses, type MatchReason } from '../../../contract/taste-cards.ts';
import type { DrinkKind } from '../../../contract/taste-vocabulary.ts';
import type { Db } from '../../db/client.ts';
import { products, tasteCards } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { contributionOf, type CardRow } from './cards.ts';
import type { IndexedProduct, TasteSnapshot } from './profile-index.ts';
import { answerTo, DRINK_STYLES, DRINKS_QUESTION, TASTE_QUESTION, type StoredSurvey } from './personal-surveys.ts';
import { profileRow, senseSums, type Sense } from './profiles.ts';
import { compareVectors, DRINK_KINDS, MATCH_WEIGHTS, percent, vectorOf, type Comparison, type Level, type ProfileCounts, type VocabularyIndex } from './taste-vectors.ts';
import { drinkKindOfProductType } from './vocabulary.ts';

type Reason = v.InferOutput<typeof MatchReason>;

/** A profile before it becomes a vector: what the reasons are worded from. */
export interface MatchProfile extends ProfileCounts {
  /** The product's drink kind (one side), for wording. */
  drink?: DrinkKind | undefined;
}

/** The entry survey's flavour options (server/db/seed/member-data.ts) as families of the wheel. */
const ENTRY_FLAVOUR_FAMILY: Record<string, string> = {
  floral: 'fam-floral',
  fruity: 'fam-fruity',
  nutty: 'fam-nutty',
  smoky: 'fam-roasted',
  earthy: 'fam-earthy',
};

const emptySenses = (): Record<Sense, number> => ({ Sweetness: 0, Sourness: 0, Bitterness: 0, Saltiness: 0, Umami: 0 });

function countInto(counts: Record<string, number>, ids: readonly string[], by = 1) {
  for (const id of new Set(ids)) counts[id] = (counts[id] ?? 0) + by;
}

interface MemberRows {
  cards: Array<{ card: Pick<CardRow, 'sweetness' | 'sourness' | 'bitterness' | 'saltiness' | 'umami' | 'tasteNoteIds' | 'aromaIds'>; typeId: string }>;
  taste: StoredSurvey | undefined;
  drinksSurvey: StoredSurvey | undefined;
  entryAnswers: Array<{ QuestionID: string; OptionIDs?: string[] }>;
}

/** Everything the member's profile is made of, in one round trip (the match answers within a few ms). */
async function memberRows(db: Db, userId: string): Promise<MemberRows> {
  const result = (await db.execute(sql`select
      (select coalesce(json_agg(json_build_object('s', c.sweetness, 'o', c.sourness, 'b', c.bitterness, 'a', c.saltiness, 'u', c.umami,
          'n', c.taste_note_ids, 'r', c.aroma_ids,
          -- Looked up per card: a join would hash the whole catalogue for a member's few cards.
          't', (select p.type_id from products p where p.id = c.product_id))), '[]'::json)
        from taste_cards c where c.user_id = ${userId}) as cards,
      (select coalesce(json_agg(json_build_object('survey', s.survey, 'answers', s.answers, 'drinks', s.default_drinks, 'at', s.submitted_at)), '[]'::json)
        from personal_survey_answers s where s.user_id = ${userId}) as surveys,
      (select e.answers from pre_survey_answers e where e.user_id = ${userId}) as entry`)) as unknown as {
    rows: Array<{
      cards: Array<{ s: number; o: number; b: number; a: number; u: number; n: string[]; r: string[]; t: string }>;
      surveys: Array<{ survey: string; answers: StoredSurvey['answers']; drinks: DrinkKind[]; at: string }>;
      entry: MemberRows['entryAnswers'] | null;
    }>;
  };
  const row = result.rows[0]!;
  const survey = (kind: string): StoredSurvey | undefined => {
    const found = row.surveys.find((x) => x.survey === kind);
    return found ? { answers: found.answers, defaultDrinks: found.drinks, submittedAt: new Date(found.at) } : undefined;
  };
  return {
    cards: row.cards.map((c) => ({
      card: { sweetness: c.s, sourness: c.o, bitterness: c.b, saltiness: c.a, umami: c.u, tasteNoteIds: c.n, aromaIds: c.r },
      typeId: c.t,
    })),
    taste: survey('taste'),
    drinksSurvey: survey('drinks'),
    entryAnswers: row.entry ?? [],
  };
}

/** The member's profile; undefined when they have neither a card nor a taste survey. */
export async function memberProfile(db: Db, userId: string): Promise<MatchProfile | undefined> {
  const { cards, taste, drinksSurvey, entryAnswers } = await memberRows(db, userId);
  const favouriteSenses = answerTo(taste, TASTE_QUESTION.senses)?.FiveSenses;
  const families = answerTo(taste, TASTE_QUESTION.families)?.Choices ?? [];
  const aromaFamilies = answerTo(taste, TASTE_QUESTION.aromaFamilies)?.Choices ?? [];
  const favouriteNotes = answerTo(taste, TASTE_QUESTION.notes)?.Choices ?? [];
  if (cards.length === 0 && !favouriteSenses && families.length === 0 && aromaFamilies.length === 0 && favouriteNotes.length === 0) return undefined;

  const n = cards.length;
  // What a survey answer weighs: as much as half of the member's cards, and at least one card.
  const surveyWeight = Math.max(1, Math.ceil(n / 2));
  const sums = emptySenses();
  const noteCounts: Record<string, number> = {};
  const aromaCounts: Record<string, number> = {};
  const drinkCounts: Partial<Record<DrinkKind, number>> = {};
  for (const { card, typeId } of cards) {
    const c = contributionOf(card);
    for (const s of FIVE_SENSES) sums[s] += c.senses[s];
    countInto(noteCounts, c.notes);
    countInto(aromaCounts, c.aromas);
    const kind = drinkKindOfProductType(typeId);
    if (kind) drinkCounts[kind] = (drinkCounts[kind] ?? 0) + 1 / n;
  }
  let senseWeight = n;
  if (favouriteSenses) {
    for (const s of FIVE_SENSES) sums[s] += favouriteSenses[s] * surveyWeight;
    senseWeight += surveyWeight;
  }
  countInto(noteCounts, favouriteNotes, surveyWeight);
  const extraFamilies: Record<string, number> = {};
  for (const f of families) extraFamilies[f] = 1;
  // The entry survey's flavours (floral, fruity, nutty, smoky, earthy) name wheel families where they match one.
  for (const flavour of entryAnswers.find((a) => a.QuestionID === 'flavours')?.OptionIDs ?? []) {
    const family = ENTRY_FLAVOUR_FAMILY[flavour];
    if (family) extraFamilies[family] = Math.max(extraFamilies[family] ?? 0, 0.5);
  }
  const extraAromaFamilies: Record<string, number> = {};
  for (const f of aromaFamilies) extraAromaFamilies[f] = 1;
  const liked = new Set<DrinkKind>([
    ...(drinksSurvey?.defaultDrinks ?? []),
    ...(answerTo(drinksSurvey, DRINKS_QUESTION.drinks)?.Choices ?? []).flatMap((id) => DRINK_STYLES.find((s) => s.id === id)?.kind ?? []),
    ...((entryAnswers.find((a) => a.QuestionID === 'drinks')?.OptionIDs ?? []).filter((k) => (DRINK_KINDS as string[]).includes(k)) as DrinkKind[]),
  ]);
  for (const kind of liked) drinkCounts[kind] = Math.max(drinkCounts[kind] ?? 0, 1);
  return {
    cardCount: n,
    senseSums: senseWeight > 0 ? sums : null,
    senseWeight,
    noteCounts,
    aromaCounts,
    extraFamilies,
    extraAromaFamilies,
    drinks: drinkCounts,
  };
}

function indexedProfile(p: IndexedProduct): MatchProfile {
  return {
    cardCount: p.row.cardCount,
    senseSums: senseSums(p.row),
    senseWeight: p.row.cardCount,
    noteCounts: p.row.noteCounts,
    aromaCounts: p.row.aromaCounts,
    ...(p.drink ? { drinks: { [p.drink]: 1 } } : {}),
    drink: p.drink,
  };
}

/** A product's profile: the sums of its published cards (from the index when it is there), or undefined when it has none. */
async function productProfile(db: Db, snapshot: TasteSnapshot, productId: string): Promise<MatchProfile | undefined> {
  const indexed = snapshot.byId.get(productId);
  if (indexed) return indexedProfile(indexed);
  const [product] = await db.select({ typeId: products.typeId }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  const row = await profileRow(db, productId);
  const drink = drinkKindOfProductType(product.typeId);
  if (!row) return undefined;
  return {
    cardCount: row.cardCount,
    senseSums: senseSums(row),
    senseWeight: row.cardCount,
    noteCounts: row.noteCounts,
    aromaCounts: row.aromaCounts,
    ...(drink ? { drinks: { [drink]: 1 } } : {}),
    drink,
  };
}

function singleCardProfile(senses: FiveSenses, notes: readonly string[], aromaIds: readonly string[], drink?: DrinkKind): MatchProfile {
  const noteCounts: Record<string, number> = {};
  const aromaCounts: Record<string, number> = {};
  countInto(noteCounts, notes);
  countInto(aromaCounts, aromaIds);
  return { cardCount: 1, senseSums: { ...senses }, senseWeight: 1, noteCounts, aromaCounts, ...(drink ? { drinks: { [drink]: 1 } } : {}), drink };
}

export interface MatchTarget {
  ProductID?: string | undefined;
  TasteCardID?: string | undefined;
  TasteCardObj?: { FiveSenses: FiveSenses; TasteNote: string[]; Aroma: string[] } | undefined;
}

/** What the member's profile is compared with; undefined: a product no one has carded yet. */
async function targetProfile(db: Db, snapshot: TasteSnapshot, userId: string, target: MatchTarget): Promise<MatchProfile | undefined> {
  if (target.TasteCardObj) {
    const { FiveSenses, TasteNote, Aroma } = target.TasteCardObj;
    // Checked against the index's copy of the vocabulary (the seed's; it does not change while serving).
    const unknownNote = TasteNote.find((id) => !snapshot.vocab.note.has(id));
    if (unknownNote) throw new ApiError(400, ErrorCode.InvalidParameter, `Unknown taste note: ${unknownNote}`, 'TasteCardObj.TasteNote');
    const unknownAroma = Aroma.find((id) => !snapshot.vocab.aroma.has(id));
    if (unknownAroma) throw new ApiError(400, ErrorCode.InvalidParameter, `Unknown aroma: ${unknownAroma}`, 'TasteCardObj.Aroma');
    return singleCardProfile(FiveSenses, TasteNote, Aroma);
  }
  if (target.TasteCardID) {
    const [row] = await db
      .select({ card: tasteCards, typeId: products.typeId })
      .from(tasteCards)
      .innerJoin(products, eq(products.id, tasteCards.productId))
      .where(and(eq(tasteCards.id, target.TasteCardID), or(eq(tasteCards.status, 'Published'), eq(tasteCards.userId, userId))));
    if (!row) throw notFound('Taste card');
    // The card's product as its published cards say; a product with none yet (a private card): the card itself.
    const profile = await productProfile(db, snapshot, row.card.productId);
    if (profile) return profile;
    const c = contributionOf(row.card);
    return singleCardProfile(c.senses, c.notes, c.aromas, drinkKindOfProductType(row.typeId));
  }
  return productProfile(db, snapshot, target.ProductID!);
}

// ------------------------------------------------------------------------------------ reasons

const SENSE_WORDS: Record<Sense, { en: string; zh: string }> = {
  Sweetness: { en: 'sweet', zh: '甜' },
  Sourness: { en: 'sour', zh: '酸' },
  Bitterness: { en: 'bitter', zh: '苦' },
  Saltiness: { en: 'salty', zh: '鹹' },
  Umami: { en: 'savoury (umami)', zh: '鮮' },
};
const DRINK_WORDS: Record<DrinkKind, { plural: string; one: string; zh: string }> = {
  tea: { plural: 'teas', one: 'tea', zh: '茶' },
  coffee: { plural: 'coffees', one: 'coffee', zh: '咖啡' },
  incense: { plural: 'incenses', one: 'incense', zh: '香品' },
  spirits: { plural: 'spirits', one: 'spirits', zh: '酒' },
};

type Names = TasteSnapshot['names'];

/** Family weights of a profile (its notes' families plus the families it names directly), as shares of their sum. */
function familyShares(p: MatchProfile, vocab: VocabularyIndex): Map<string, number> {
  const w = new Map<string, number>();
  for (const [id, count] of Object.entries(p.noteCounts)) {
    const at = vocab.note.get(id);
    if (at) w.set(vocab.families[at.fam]!, (w.get(vocab.families[at.fam]!) ?? 0) + count);
  }
  const scale = Math.max(1, p.cardCount);
  for (const [id, weight] of Object.entries(p.extraFamilies ?? {})) if (vocab.familyIndex.has(id)) w.set(id, (w.get(id) ?? 0) + weight * scale);
  const total = [...w.values()].reduce((s, x) => s + x, 0);
  return new Map([...w].map(([k, x]) => [k, total ? x / total : 0]));
}

const top = <K>(m: Map<K, number>): [K, number] | undefined => [...m].sort((a, b) => b[1] - a[1])[0];
const points = (parts: Comparison['parts'], levels: ReadonlyArray<'senses' | Level>) =>
  Math.round(parts.filter((p) => levels.includes(p.level)).reduce((s, p) => s + p.share * (p.similarity - 0.5), 0) * 1000) / 10;
const lower = (s: string) => s.toLocaleLowerCase('en');

function reasonsFor(member: MatchProfile, product: MatchProfile, comparison: Comparison, vocab: VocabularyIndex, names: Names): Reason[] {
  const reasons: Reason[] = [];
  const { parts } = comparison;
  const drink = product.drink;

  // The product's main flavour family, and whether the member favours it.
  const productFamilies = familyShares(product, vocab);
  const memberFamilies = familyShares(member, vocab);
  const main = top(productFamilies);
  if (main && names.family.has(main[0])) {
    const [family, share] = main;
    const name = names.family.get(family)!;
    const memberShare = memberFamilies.get(family) ?? 0;
    const memberTop = top(memberFamilies);
    const favoured = memberShare >= 0.25 || memberTop?.[0] === family;
    const mostly = share >= 0.4 ? { en: 'mostly', zh: '以' } : { en: 'largely', zh: '多帶' };
    const weight = points(parts, ['notes', 'subs', 'fams']);
    if (favoured) {
      reasons.push({
        Code: 'FavouriteFamily',
        Text: {
          en: `You rate ${lower(name.en)} ${drink ? DRINK_WORDS[drink].plural : 'drinks'} highly; this one is ${mostly.en} ${lower(name.en)}`,
          zh: `你偏愛${name.zh}型的${drink ? DRINK_WORDS[drink].zh : '飲品'}；這款${mostly.zh}${name.zh}${share >= 0.4 ? '為主' : '風味'}`,
        },
        Weight: Math.abs(weight),
      });
    } else {
      const yours = memberTop && names.family.get(memberTop[0]);
      reasons.push({
        Code: 'UnfamiliarFamily',
        Text: {
          en: `This one is ${mostly.en} ${lower(name.en)}, which you seldom choose${yours ? `; you lean to ${lower(yours.en)}` : ''}`,
          zh: `這款${mostly.zh}${name.zh}${share >= 0.4 ? '為主' : '風味'}，而你甚少選擇這類風味${yours ? `；你較偏愛${yours.zh}` : ''}`,
        },
        Weight: -Math.abs(weight),
      });
    }
  }

  // The five senses: the one furthest from the member's, or all of them close.
  if (member.senseSums && product.senseSums && member.senseWeight > 0 && product.senseWeight > 0) {
    const diffs = FIVE_SENSES.map((s) => ({ s, d: product.senseSums![s] / product.senseWeight - member.senseSums![s] / member.senseWeight }));
    const far = [...diffs].sort((a, b) => Math.abs(b.d) - Math.abs(a.d))[0]!;
    const share = parts.find((p) => p.level === 'senses')?.share ?? 0;
    if (Math.abs(far.d) >= 0.75) {
      const word = SENSE_WORDS[far.s];
      reasons.push({
        Code: far.d > 0 ? 'MoreThanYouLike' : 'LessThanYouLike',
        Text:
          far.d > 0
            ? { en: `It is more ${word.en} than you like`, zh: `它比你喜歡的更${word.zh}` }
            : { en: `It is less ${word.en} than you like`, zh: `它沒有你喜歡的那麼${word.zh}` },
        Weight: -Math.round(((share * Math.abs(far.d)) / 4) * 1000) / 10,
      });
    } else {
      reasons.push({
        Code: 'SensesClose',
        Text: { en: 'Its sweetness, sourness, bitterness, saltiness and umami sit close to what you like', zh: '它的甜、酸、苦、鹹、鮮都貼近你的口味' },
        Weight: points(parts, ['senses']),
      });
    }
  }

  // An aroma both sides name often.
  const sharedAroma = Object.keys(product.aromaCounts)
    .filter((id) => member.aromaCounts[id])
    .sort((a, b) => Math.min(member.aromaCounts[b]!, product.aromaCounts[b]!) - Math.min(member.aromaCounts[a]!, product.aromaCounts[a]!))[0];
  if (sharedAroma && names.aroma.has(sharedAroma)) {
    const name = names.aroma.get(sharedAroma)!;
    reasons.push({
      Code: 'SharedAroma',
      Text: { en: `You often note ${lower(name.en)} in the aroma, and so do its tasters`, zh: `你常留意${name.zh}的香氣，這款的品嚐者也嗅到了` },
      Weight: Math.abs(points(parts, ['aromas', 'aromaFams'])),
    });
  }

  // The drinks the member favours.
  if (drink && member.drinks && Object.keys(member.drinks).length) {
    const likes = (member.drinks[drink] ?? 0) > 0;
    const word = DRINK_WORDS[drink];
    reasons.push({
      Code: likes ? 'FavouriteDrink' : 'OtherDrink',
      Text: likes
        ? { en: `${word.one[0]!.toUpperCase()}${word.one.slice(1)} is among the drinks you enjoy`, zh: `${word.zh}是你喜愛的飲品之一` }
        : { en: `You seldom choose ${word.plural}`, zh: `你甚少選擇${word.zh}` },
      Weight: points(parts, ['drinks']),
    });
  }
  return reasons.sort((a, b) => Math.abs(b.Weight) - Math.abs(a.Weight)).slice(0, 3);
}

const NO_PROFILE: Reason = {
  Code: 'NoProfile',
  Text: {
    en: 'Write a taste card for a drink you know, and we will tell you how well this suits you',
    zh: '為一款你熟悉的飲品寫一張品鑑卡，我們便會告訴你這款有多適合你',
  },
  Weight: 0,
};
const NO_PRODUCT_PROFILE: Reason = {
  Code: 'NoProductProfile',
  Text: { en: 'No one has written a taste card for this yet: yours could be the first', zh: '還未有人為這款寫品鑑卡：你可以做第一人' },
  Weight: 0,
};

/** Both profiles as vectors and their comparison (symmetric: either side first gives the same). */
export function compareProfiles(a: MatchProfile, b: MatchProfile, vocab: VocabularyIndex): Comparison {
  return compareVectors(vectorOf(a, vocab), vectorOf(b, vocab), MATCH_WEIGHTS, vocab);
}

export async function calculateMatch(deps: Pick<Deps, 'db' | 'tasteProfiles'>, userId: string, target: MatchTarget): Promise<{ Score?: number; Reasons: Reason[] }> {
  const { db } = deps;
  const snapshot = await deps.tasteProfiles.snapshot(db);
  const [member, product] = await Promise.all([memberProfile(db, userId), targetProfile(db, snapshot, userId, target)]);
  if (!member) return { Reasons: [NO_PROFILE] };
  if (!product) return { Reasons: [NO_PRODUCT_PROFILE] };
  const comparison = compareProfiles(member, product, snapshot.vocab);
  if (!(comparison.score >= 0)) return { Reasons: [NO_PROFILE] };
  return { Score: percent(comparison.score), Reasons: reasonsFor(member, product, comparison, snapshot.vocab, snapshot.names) };
}
