import * as v from 'valibot';
import { Bilingual, Id, defineCall } from './define.ts';
import { MAX_AROMAS, MAX_CUSTOM_WORDS, MAX_TASTE_NOTES } from './taste-cards.ts';

/**
 * Event surveys (issue 17; spec §3 Survey, §4 survey states, §5, §7 Events, §8 SurveyCannotResubmit /
 * SurveyNotComplete). An event has one or more surveys; a survey has question groups, each with questions
 * of the six spec types. Attendees of a session (a paid seat of their own, or a guest ticket they activated)
 * answer once per survey and session, from the session's start. Taste-note and aroma answers are IDs of the
 * taste vocabulary only (spec §5); words of one's own go in CustomTasteNote.
 */

export const SURVEY_TYPES = ['Aroma', 'Checkbox', 'Radio', 'FiveSenses', 'TasteNote', 'Text'] as const;
export const SurveyQuestionType = v.picklist(SURVEY_TYPES);
export type SurveyQuestionType = v.InferOutput<typeof SurveyQuestionType>;

/** Longest Text answer a question may allow. */
export const SURVEY_TEXT_MAX = 1000;

export const EventSurveyOption = v.object({ OptionID: v.string(), Label: Bilingual });
export type EventSurveyOption = v.InferOutput<typeof EventSurveyOption>;

export const EventSurveyQuestion = v.object({
  QuestionID: v.string(),
  Type: SurveyQuestionType,
  Title: Bilingual,
  /** A line under the title (what to look for), may be empty. */
  Hint: Bilingual,
  Required: v.boolean(),
  /** Radio and Checkbox: the choices. Empty for the other types (Aroma and TasteNote choose from getEventTasteNote). */
  Options: v.array(EventSurveyOption),
  /** Checkbox, TasteNote, Aroma: how many may be chosen (MinChoices applies when answered or required). */
  MinChoices: v.optional(v.number()),
  MaxChoices: v.optional(v.number()),
  /** Text: most characters. */
  MaxLength: v.optional(v.number()),
});
export type EventSurveyQuestion = v.InferOutput<typeof EventSurveyQuestion>;

export const EventSurveyGroup = v.object({ GroupID: v.string(), Title: Bilingual, Questions: v.array(EventSurveyQuestion) });
export type EventSurveyGroup = v.InferOutput<typeof EventSurveyGroup>;

export const EventSurvey = v.object({
  SurveyID: v.string(),
  EventID: v.string(),
  Title: Bilingual,
  Description: Bilingual,
  /** The drink tasted at the event, for "Save as a taste card" (its taste-card draft is for this product). */
  ProductID: v.optional(v.string()),
  Groups: v.array(EventSurveyGroup),
});
export type EventSurvey = v.InferOutput<typeof EventSurvey>;

/**
 * One answer. Radio: OptionIDs with one ID; Checkbox: option IDs; TasteNote: taste-note IDs (+ CustomTasteNote);
 * Aroma: aroma IDs; FiveSenses: FiveSenses; Text: Text. An unanswered optional question is left out.
 */
/**
 * A FiveSenses answer's levels as sent: numbers, checked against 1–5 by the server per question, so a level
 * out of range is refused naming its question (Question.<QuestionID>), as every other misfit answer is.
 */
const SurveyFiveSenses = v.object({ Sweetness: v.number(), Sourness: v.number(), Bitterness: v.number(), Saltiness: v.number(), Umami: v.number() });

export const SurveyAnswer = v.object({
  QuestionID: Id,
  OptionIDs: v.optional(v.pipe(v.array(Id), v.maxLength(Math.max(MAX_TASTE_NOTES, MAX_AROMAS, 30)))),
  CustomTasteNote: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(30))), v.maxLength(MAX_CUSTOM_WORDS))),
  FiveSenses: v.optional(SurveyFiveSenses),
  Text: v.optional(v.pipe(v.string(), v.maxLength(SURVEY_TEXT_MAX))),
});
export type SurveyAnswer = v.InferOutput<typeof SurveyAnswer>;
/** SurveyAnswer under a name of its own, for contract/index.ts (the entry survey's SurveyAnswer, contract/account.ts, keeps that name there). */
export const EventSurveyAnswer = SurveyAnswer;
export type EventSurveyAnswer = SurveyAnswer;

const SurveyRef = { SurveyID: Id, VarianceID: Id };

/** Spec §7: an event's surveys (published events only), with their groups and questions. */
export const getEventSurveyList = defineCall({
  name: 'getEventSurveyList',
  method: 'POST',
  auth: 'member',
  body: v.object({ EventID: Id }),
  response: v.object({ SurveyList: v.array(EventSurvey) }),
});

/**
 * Spec §7: answer a survey for a session once. Refused: not an attendee of the session (ObjectNotFound),
 * before the session starts (SurveyNotOpen), a second time (SurveyCannotResubmit), a required question
 * unanswered (SurveyNotComplete, field = the QuestionID), an answer that does not fit its question
 * (InvalidParameter, field = Question.<QuestionID>).
 */
export const submitSurvey = defineCall({
  name: 'submitSurvey',
  method: 'POST',
  auth: 'member',
  body: v.object({ ...SurveyRef, Question: v.pipe(v.array(SurveyAnswer), v.maxLength(100)) }),
  response: v.object({ Survey: v.object({ SurveyID: v.string(), VarianceID: v.string(), SubmitTime: v.string() }) }),
});

/** Spec §7: the member's answers to a survey for a session; SubmitTime is absent until submitted (spec §4). */
export const getSurveyResult = defineCall({
  name: 'getSurveyResult',
  method: 'POST',
  auth: 'member',
  body: v.object(SurveyRef),
  response: v.object({
    Survey: v.object({ SurveyID: v.string(), VarianceID: v.string(), SubmitTime: v.optional(v.string()), Question: v.array(SurveyAnswer) }),
  }),
});

/** What one question's answers add up to over a session's (or every session's) submissions. */
export const SurveyQuestionSummary = v.object({
  QuestionID: v.string(),
  Type: SurveyQuestionType,
  /** How many submissions answered it. */
  Answered: v.number(),
  /** Radio, Checkbox, TasteNote, Aroma: each chosen ID with its count, most chosen first. */
  Choices: v.array(v.object({ ID: v.string(), Name: Bilingual, Count: v.number() })),
  /** FiveSenses: the average level of each sense (one decimal). */
  FiveSensesAverage: v.optional(v.object({ Sweetness: v.number(), Sourness: v.number(), Bitterness: v.number(), Saltiness: v.number(), Umami: v.number() })),
  /** Text: the latest answers (at most 20). */
  Texts: v.optional(v.array(v.string())),
});
export type SurveyQuestionSummary = v.InferOutput<typeof SurveyQuestionSummary>;

/**
 * Ours (issue 17, hosts see results): a survey's answers added up, for one session (VarianceID) or every
 * session. Attendees of the session may read their session's (after submitting, on the event record);
 * the back office reads it the same way.
 */
export const getSurveySummary = defineCall({
  name: 'get-survey-summary',
  method: 'POST',
  auth: 'member',
  body: v.object({ SurveyID: Id, VarianceID: Id }),
  response: v.object({
    Summary: v.object({ SurveyID: v.string(), VarianceID: v.string(), Submissions: v.number(), Questions: v.array(SurveyQuestionSummary) }),
  }),
});
