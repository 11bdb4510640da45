import { transition, type SnapshotFrom } from 'xstate';
import type { entrySurveyMachine } from './entry-survey.machine.ts';
import type { CallCode, PreSurvey, SurveyAnswer } from './entry-survey.types.ts';

export type EntrySurveySnapshot = SnapshotFrom<typeof entrySurveyMachine>;

/** Loading or sending. */
export const isBusy = (s: EntrySurveySnapshot): boolean => s.hasTag('busy');

/** The reason of the last failed step (SurveyNotComplete, another spec §8 code, or 'NetworkError'). */
export const errorCode = (s: EntrySurveySnapshot): CallCode | undefined => s.context.errorCode;

export const survey = (s: EntrySurveySnapshot): PreSurvey | undefined => s.context.survey;

export const answerOf = (s: EntrySurveySnapshot, questionID: string): SurveyAnswer | undefined => s.context.answers[questionID];

/** The questions are shown and can be answered. */
export const isAnswering = (s: EntrySurveySnapshot): boolean => s.matches('answering');

/** Every required question has an answer, so SUBMIT will send them (asks the machine's own guard, purely). */
export const canSubmit = (s: EntrySurveySnapshot): boolean =>
  s.matches('answering') && transition(s.machine, s, { type: 'SUBMIT' })[0].matches('submitting');

/** The survey could not be loaded or sent: show the generic error and a retry button (send RETRY). */
export const hasFailed = (s: EntrySurveySnapshot): boolean => s.matches('failed');

export const isDone = (s: EntrySurveySnapshot): boolean => s.status === 'done';

/** Where to go once answered. */
export const returnTo = (s: EntrySurveySnapshot): string => s.context.returnTo;
