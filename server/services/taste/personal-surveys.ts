/**
 * The personal taste and drinks surveys (spec §7 Surveys; issue 16): a handful of questions defined here,
 * answers checked against them (an unknown question or option is a 400 naming the field) and kept one row
 * per member and survey (a new submission replaces the last). The match reads them (match.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Bilingual } from '../../../contract/define.ts';
import type { FiveSenses, PersonalAnswer, PersonalQuestion } from '../../../contract/taste-cards.ts';
import type { DrinkKind } from '../../../contract/taste-vocabulary.ts';
import type { Db } from '../../db/client.ts';
import { personalSurveyAnswers, tasteFamilies } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { knownTasteNotes } from './vocabulary.ts';

type Question = v.InferOutput<typeof PersonalQuestion>;
type Answer = v.InferOutput<typeof PersonalAnswer>;
export type SurveyKind = 'taste' | 'drinks';

export const TASTE_QUESTION = {
  senses: 'favourite-senses',
  families: 'favourite-families',
  aromaFamilies: 'favourite-aroma-families',
  notes: 'favourite-notes',
} as const;
export const DRINKS_QUESTION = { drinks: 'favourite-drinks', often: 'how-often' } as const;

/** Drink styles of the drinks survey, each of one drink kind (the match reads the kind). */
export const DRINK_STYLES: ReadonlyArray<{ id: string; kind: DrinkKind; name: Bilingual }> = [
  { id: 'oolong', kind: 'tea', name: { en: 'Oolong tea', zh: '烏龍茶' } },
  { id: 'green-tea', kind: 'tea', name: { en: 'Green tea', zh: '綠茶' } },
  { id: 'black-tea', kind: 'tea', name: { en: 'Black tea', zh: '紅茶' } },
  { id: 'white-tea', kind: 'tea', name: { en: 'White tea', zh: '白茶' } },
  { id: 'puer', kind: 'tea', name: { en: "Pu'er", zh: '普洱茶' } },
  { id: 'filter-coffee', kind: 'coffee', name: { en: 'Filter coffee', zh: '手沖咖啡' } },
  { id: 'espresso', kind: 'coffee', name: { en: 'Espresso', zh: '意式濃縮咖啡' } },
  { id: 'sandalwood', kind: 'incense', name: { en: 'Sandalwood incense', zh: '檀香' } },
  { id: 'agarwood', kind: 'incense', name: { en: 'Agarwood incense', zh: '沉香' } },
  { id: 'whisky', kind: 'spirits', name: { en: 'Whisky', zh: '威士忌' } },
  { id: 'sake', kind: 'spirits', name: { en: 'Sake', zh: '清酒' } },
  { id: 'gin', kind: 'spirits', name: { en: 'Gin', zh: '氈酒' } },
  { id: 'baijiu', kind: 'spirits', name: { en: 'Baijiu', zh: '白酒' } },
];

async function familyOptions(db: Db, kind: 'note' | 'aroma') {
  const rows = await db.select().from(tasteFamilies).where(eq(tasteFamilies.kind, kind)).orderBy(asc(tasteFamilies.sort), asc(tasteFamilies.id));
  return rows.map((f) => ({ OptionID: f.id, Name: { en: f.nameEn, zh: f.nameZh } }));
}

export async function tasteQuestions(db: Db): Promise<Question[]> {
  const [noteFamilies, aromaFamilies] = await Promise.all([familyOptions(db, 'note'), familyOptions(db, 'aroma')]);
  return [
    {
      QuestionID: TASTE_QUESTION.senses,
      Title: { en: 'How do you like your cup? Rate each of the five senses from 1 (barely) to 5 (plenty)', zh: '你喜歡怎樣的味道？為五味各評 1（極淡）至 5（濃郁）分' },
      Type: 'FiveSenses',
      Options: [],
    },
    {
      QuestionID: TASTE_QUESTION.families,
      Title: { en: 'Which flavour families do you enjoy most?', zh: '你最喜歡哪些風味類別？' },
      Type: 'Checkbox',
      Options: noteFamilies,
      MinChoices: 1,
      MaxChoices: 3,
    },
    {
      QuestionID: TASTE_QUESTION.aromaFamilies,
      Title: { en: 'Which scents draw you in?', zh: '哪些香氣最吸引你？' },
      Type: 'Checkbox',
      Options: aromaFamilies,
      MaxChoices: 3,
    },
    {
      QuestionID: TASTE_QUESTION.notes,
      Title: { en: 'A few notes you always look for', zh: '幾種你總會留意的風味' },
      Type: 'TasteNote',
      // Any note of the vocabulary: the SPA offers its note picker.
      Options: [],
      MaxChoices: 5,
    },
  ];
}

export function drinksQuestions(): Question[] {
  return [
    {
      QuestionID: DRINKS_QUESTION.drinks,
      Title: { en: 'Which drinks do you reach for?', zh: '你平日愛喝哪些飲品？' },
      Type: 'Checkbox',
      Options: DRINK_STYLES.map((s) => ({ OptionID: s.id, Name: s.name })),
      MinChoices: 1,
      MaxChoices: 5,
    },
    {
      QuestionID: DRINKS_QUESTION.often,
      Title: { en: 'How often do you sit down to taste?', zh: '你多久會坐下來細味品嚐？' },
      Type: 'Radio',
      Options: [
        { OptionID: 'daily', Name: { en: 'Every day', zh: '每天' } },
        { OptionID: 'weekly', Name: { en: 'A few times a week', zh: '每星期數次' } },
        { OptionID: 'occasionally', Name: { en: 'Now and then', zh: '間中' } },
      ],
    },
  ];
}

const invalid = (field: string, message: string) => new ApiError(400, ErrorCode.InvalidParameter, message, field);

/** Each answer against its question; the answers as stored (duplicates dropped, FiveSenses only where asked). */
async function checkAnswers(db: Db, list: 'TasteSurvey' | 'DrinksSurvey', questions: readonly Question[], answers: readonly Answer[]): Promise<Answer[]> {
  const byId = new Map(questions.map((q) => [q.QuestionID, q]));
  const seen = new Set<string>();
  const out: Answer[] = [];
  for (const [i, answer] of answers.entries()) {
    const field = `${list}.${i}`;
    const question = byId.get(answer.QuestionID);
    if (!question) throw invalid(`${field}.QuestionID`, `Unknown question: ${answer.QuestionID}`);
    if (seen.has(question.QuestionID)) throw invalid(`${field}.QuestionID`, `${answer.QuestionID} is answered twice`);
    seen.add(question.QuestionID);
    if (question.Type === 'FiveSenses') {
      if (!answer.FiveSenses) throw new ApiError(400, ErrorCode.MissingParameter, `${question.QuestionID} needs FiveSenses`, `${field}.FiveSenses`);
      out.push({ QuestionID: question.QuestionID, Choices: [], FiveSenses: answer.FiveSenses });
      continue;
    }
    const choices = [...new Set(answer.Choices)];
    if (question.Type === 'TasteNote') {
      const known = await knownTasteNotes(db, choices);
      const unknown = choices.filter((c) => !known.has(c));
      if (unknown.length) throw invalid(`${field}.Choices`, `Unknown taste note: ${unknown.slice(0, 3).join(', ')}`);
    } else {
      const options = new Set(question.Options.map((o) => o.OptionID));
      const unknown = choices.filter((c) => !options.has(c));
      if (unknown.length) throw invalid(`${field}.Choices`, `Unknown option for ${question.QuestionID}: ${unknown.slice(0, 3).join(', ')}`);
    }
    const min = question.Type === 'Radio' ? 1 : (question.MinChoices ?? 0);
    const max = question.Type === 'Radio' ? 1 : (question.MaxChoices ?? Infinity);
    if (choices.length < min || choices.length > max) {
      const text = question.Type === 'Radio' ? 'choose one' : min === max ? `choose ${min}` : Number.isFinite(max) ? `choose ${min} to ${max}` : `choose at least ${min}`;
      throw invalid(`${field}.Choices`, `${question.QuestionID}: ${text}`);
    }
    out.push({ QuestionID: question.QuestionID, Choices: choices });
  }
  return out;
}

export interface StoredSurvey {
  answers: Answer[];
  defaultDrinks: DrinkKind[];
  submittedAt: Date;
}

export async function storedSurvey(db: Db, userId: string, survey: SurveyKind): Promise<StoredSurvey | undefined> {
  const [row] = await db
    .select()
    .from(personalSurveyAnswers)
    .where(and(eq(personalSurveyAnswers.userId, userId), eq(personalSurveyAnswers.survey, survey)));
  return row ? { answers: row.answers as Answer[], defaultDrinks: row.defaultDrinks as DrinkKind[], submittedAt: row.submittedAt } : undefined;
}

async function store(db: Db, userId: string, survey: SurveyKind, answers: Answer[], defaultDrinks: DrinkKind[], now: Date) {
  await db
    .insert(personalSurveyAnswers)
    .values({ userId, survey, answers, defaultDrinks, submittedAt: now })
    .onConflictDoUpdate({
      target: [personalSurveyAnswers.userId, personalSurveyAnswers.survey],
      set: { answers: sql`excluded.answers`, defaultDrinks: sql`excluded.default_drinks`, submittedAt: sql`excluded.submitted_at` },
    });
}

export async function submitTasteSurvey(db: Db, userId: string, answers: readonly Answer[], now: Date) {
  const checked = await checkAnswers(db, 'TasteSurvey', await tasteQuestions(db), answers);
  await store(db, userId, 'taste', checked, [], now);
  return { SubmitTime: now.toISOString() };
}

export async function submitDrinksSurvey(db: Db, userId: string, defaultDrinks: readonly DrinkKind[], answers: readonly Answer[], now: Date) {
  const checked = await checkAnswers(db, 'DrinksSurvey', drinksQuestions(), answers);
  await store(db, userId, 'drinks', checked, [...new Set(defaultDrinks)], now);
  return { SubmitTime: now.toISOString() };
}

/** The answer to one question, if given. */
export const answerTo = (survey: StoredSurvey | undefined, questionId: string) => survey?.answers.find((a) => a.QuestionID === questionId);
export type { FiveSenses };
