/** Data of the entry survey flow (structurally equal to contract/account.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, SURVEY_CANNOT_RESUBMIT, SURVEY_NOT_COMPLETE } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type Bilingual = { en: string; zh: string };

export type SurveyQuestion = {
  QuestionID: string;
  Type: 'Radio' | 'Checkbox' | 'Text';
  Title: Bilingual;
  Required: boolean;
  Options: Array<{ OptionID: string; Label: Bilingual }>;
};

export type PreSurvey = { SurveyID: string; Title: Bilingual; Questions: SurveyQuestion[] };

export type SurveyAnswer = {
  QuestionID: string;
  OptionIDs?: string[] | undefined;
  Text?: string | undefined;
};

/** getPreSurvey answer. */
export type GetPreSurveyOutput = { Survey: PreSurvey };
/** submitPreSurvey {Survey: {SurveyID, Answers}}. */
export type SubmitPreSurveyInput = { Survey: { SurveyID: string; Answers: SurveyAnswer[] } };
export type SubmitPreSurveyOutput = { SubmitTime: string };

export type EntrySurveyInput = {
  /** The page to return to once the survey is answered (the entry gate's returnTo). */
  returnTo: string;
};

export type EntrySurveyContext = {
  returnTo: string;
  survey?: PreSurvey | undefined;
  /** Answers so far, by QuestionID. */
  answers: Record<string, SurveyAnswer>;
  /** Why the last step failed: a spec §8 code (SurveyNotComplete …), or 'NetworkError'. */
  errorCode?: CallCode | undefined;
};

export type EntrySurveyEvent =
  /** The user picked options (Radio, Checkbox) or typed text (Text) for a question; replaces the previous answer. */
  | { type: 'ANSWER'; questionID: string; optionIDs?: string[] | undefined; text?: string | undefined }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export type EntrySurveyOutput = { returnTo: string };

export type EntrySurveyTag = 'busy';
