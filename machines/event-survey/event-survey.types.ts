/**
 * Data of the event survey flow (issue 17). Structurally in step with contract/event-surveys.ts:
 * tests/machines/event-survey.test.ts proves the shapes, the bounds and what is sent equal the contract's.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR, SURVEY_CANNOT_RESUBMIT, SURVEY_NOT_COMPLETE } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** The survey opens when its session starts (contract ErrorCode.SurveyNotOpen). */
export const SURVEY_NOT_OPEN = 'SurveyNotOpen';

export type Bilingual = { en: string; zh: string };

/** Spec §3: the six question types (contract SURVEY_TYPES). */
export const SURVEY_TYPES = ['Aroma', 'Checkbox', 'Radio', 'FiveSenses', 'TasteNote', 'Text'] as const;
export type SurveyQuestionType = (typeof SURVEY_TYPES)[number];

/** Spec §9 five senses, levels 1-5 (contract FIVE_SENSES, TASTE_LEVEL_MIN / MAX). */
export const FIVE_SENSES = ['Sweetness', 'Sourness', 'Bitterness', 'Saltiness', 'Umami'] as const;
export type Sense = (typeof FIVE_SENSES)[number];
export type FiveSenses = Record<Sense, number>;
export const TASTE_LEVEL_MIN = 1;
export const TASTE_LEVEL_MAX = 5;
/** The level a sense the member has not moved yet shows (and takes, once another sense of the question is moved). */
export const TASTE_LEVEL_START = 3;

/** Longest Text answer any question allows (contract SURVEY_TEXT_MAX). */
export const SURVEY_TEXT_MAX = 1000;
/** Words of one's own with a TasteNote answer (contract MAX_CUSTOM_WORDS), each at most 30 characters. */
export const MAX_CUSTOM_WORDS = 5;
export const MAX_CUSTOM_WORD_LENGTH = 30;
/** Most notes / aromas a TasteNote / Aroma question takes when it names no MaxChoices (contract MAX_TASTE_NOTES, MAX_AROMAS). */
export const MAX_TASTE_NOTES = 12;
export const MAX_AROMAS = 12;
/** Most IDs one answer may carry (contract SurveyAnswer.OptionIDs). */
export const MAX_OPTION_IDS = 30;

export type SurveyOption = { OptionID: string; Label: Bilingual };

export type SurveyQuestion = {
  QuestionID: string;
  Type: SurveyQuestionType;
  Title: Bilingual;
  Hint: Bilingual;
  Required: boolean;
  Options: SurveyOption[];
  MinChoices?: number | undefined;
  MaxChoices?: number | undefined;
  MaxLength?: number | undefined;
};

export type SurveyGroup = { GroupID: string; Title: Bilingual; Questions: SurveyQuestion[] };

export type EventSurvey = {
  SurveyID: string;
  EventID: string;
  Title: Bilingual;
  Description: Bilingual;
  ProductID?: string | undefined;
  Groups: SurveyGroup[];
};

/** One answer as sent (contract SurveyAnswer): an unanswered optional question is left out. */
export type SurveyAnswer = {
  QuestionID: string;
  OptionIDs?: string[] | undefined;
  CustomTasteNote?: string[] | undefined;
  FiveSenses?: FiveSenses | undefined;
  Text?: string | undefined;
};

/**
 * One answer as the member is giving it. Radio, Checkbox, TasteNote, Aroma: OptionIDs (option, taste-note
 * or aroma IDs); TasteNote also CustomTasteNote; FiveSenses: the levels set so far; Text: as typed.
 */
export type LocalAnswer = {
  OptionIDs?: string[] | undefined;
  CustomTasteNote?: string[] | undefined;
  FiveSenses?: Partial<FiveSenses> | undefined;
  Text?: string | undefined;
};

/** What is kept on the device per survey and session (encrypted by the app, spec §3 "local answers per survey with a completed flag"). */
export type SurveyDraft = {
  version: 1;
  SurveyID: string;
  VarianceID: string;
  answers: Record<string, LocalAnswer>;
  /** The group the member was on. */
  group: number;
  /** Spec §4: complete once submitted (or the server shows a submit time). */
  completed: boolean;
  submitTime?: string | undefined;
};

/** What is wrong with an answer; the UI turns it into words. */
export type AnswerProblem =
  | { questionID: string; code: 'required' }
  | { questionID: string; code: 'oneOption' }
  | { questionID: string; code: 'unknownOption' }
  | { questionID: string; code: 'tooFew'; min: number }
  | { questionID: string; code: 'tooMany'; max: number }
  | { questionID: string; code: 'tooManyWords'; max: number }
  | { questionID: string; code: 'tooLong'; max: number }
  | { questionID: string; code: 'allSenses' };

/** getEventSurveyList {EventID}. */
export type GetEventSurveyListInput = { EventID: string };
export type GetEventSurveyListOutput = { SurveyList: EventSurvey[] };
/** getSurveyResult {SurveyID, VarianceID}: SubmitTime absent until submitted. */
export type GetSurveyResultInput = { SurveyID: string; VarianceID: string };
export type GetSurveyResultOutput = {
  Survey: { SurveyID: string; VarianceID: string; SubmitTime?: string | undefined; Question: SurveyAnswer[] };
};
/** submitSurvey {SurveyID, VarianceID, Question}. */
export type SubmitSurveyInput = { SurveyID: string; VarianceID: string; Question: SurveyAnswer[] };
export type SubmitSurveyOutput = { Survey: { SurveyID: string; VarianceID: string; SubmitTime: string } };
/** What a refused call may carry: the field it names (SurveyNotComplete: the QuestionID). */
export type SurveyFailData = { field?: string | undefined };

/** The answers store reads the draft of one survey and session, if any (an unreadable one is none). */
export type LoadSurveyAnswersInput = { SurveyID: string; VarianceID: string };
export type LoadSurveyAnswersOutput = { draft?: SurveyDraft | undefined };
/** What the answers store (a callback actor the app provides) is told. */
export type SurveyStoreMessage = { type: 'SAVE'; draft: SurveyDraft };

export type EventSurveyInput = {
  eventID: string;
  varianceID: string;
  /** One survey of the event, when the address names it; otherwise the event's first. */
  surveyID?: string | undefined;
};

export type EventSurveyContext = {
  input: EventSurveyInput;
  survey?: EventSurvey | undefined;
  /** Answers by QuestionID. */
  answers: Record<string, LocalAnswer>;
  /** The group shown (0-based). */
  group: number;
  /** Groups on which NEXT was refused (or the server named a question of): their problems now show. */
  checked: number[];
  /** Spec §4: starts false; true on submit or when the server shows a SubmitTime. */
  completed: boolean;
  submitTime?: string | undefined;
  /** Answers from an earlier visit were restored (the UI says so). */
  restored: boolean;
  /** false once the answers store failed: answers then last for this visit only. */
  storeOn: boolean;
  /** The question the server said is missing (SurveyNotComplete). */
  missingQuestionID?: string | undefined;
  /** Why the last call failed: a spec §8 code, or 'NetworkError'. */
  errorCode?: CallCode | undefined;
};

export type EventSurveyEvent =
  /** The member answered a question: the whole answer, replacing the one before (an empty one clears it). */
  | { type: 'ANSWER'; questionID: string; answer: LocalAnswer }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** From the review: change one group's answers. */
  | { type: 'EDIT'; group: number }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export type EventSurveyTag = 'busy';
