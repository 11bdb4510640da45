import type { SnapshotFrom } from 'xstate';
import type { eventSurveyMachine } from './event-survey.machine.ts';
import type { AnswerProblem, CallCode, EventSurvey, LocalAnswer, SurveyGroup } from './event-survey.types.ts';
import { groupProblems } from './event-survey.rules.ts';

export type EventSurveySnapshot = SnapshotFrom<typeof eventSurveyMachine>;

/** Reading or sending. */
export const isBusy = (s: EventSurveySnapshot): boolean => s.hasTag('busy');

/** What the page shows. */
export type EventSurveyPage = 'loading' | 'noSurvey' | 'loadFailed' | 'notOpen' | 'answering' | 'reviewing' | 'submitting' | 'failed' | 'submitted';
export function page(s: EventSurveySnapshot): EventSurveyPage {
  if (s.matches({ survey: 'readingResult' })) return 'submitting';
  for (const p of ['noSurvey', 'loadFailed', 'notOpen', 'answering', 'reviewing', 'submitting', 'failed', 'submitted'] as const)
    if (s.matches({ survey: p })) return p;
  return 'loading';
}

export const survey = (s: EventSurveySnapshot): EventSurvey | undefined => s.context.survey;
export const groupIndex = (s: EventSurveySnapshot): number => s.context.group;
export const currentGroup = (s: EventSurveySnapshot): SurveyGroup | undefined => s.context.survey?.Groups[s.context.group];
/** 1-based part and count, for "Part 2 of 4". */
export const progress = (s: EventSurveySnapshot): { current: number; total: number } => ({
  current: s.context.group + 1,
  total: s.context.survey?.Groups.length ?? 0,
});
export const isFirstGroup = (s: EventSurveySnapshot): boolean => s.context.group === 0;
export const isLastGroup = (s: EventSurveySnapshot): boolean => s.context.group >= (s.context.survey?.Groups.length ?? 0) - 1;

export const answers = (s: EventSurveySnapshot): Record<string, LocalAnswer> => s.context.answers;
export const answerOf = (s: EventSurveySnapshot, questionID: string): LocalAnswer | undefined => s.context.answers[questionID];

/**
 * Problems of the group shown, once the member tried to go on (before that, nothing is flagged); the
 * question the server said is missing is flagged as required.
 */
export function shownProblems(s: EventSurveySnapshot): AnswerProblem[] {
  const group = currentGroup(s);
  const problems = s.context.checked.includes(s.context.group) ? groupProblems(group, s.context.answers) : [];
  const missing = s.context.missingQuestionID;
  if (missing && group?.Questions.some((q) => q.QuestionID === missing) && !problems.some((p) => p.questionID === missing))
    return [...problems, { questionID: missing, code: 'required' }];
  return problems;
}

/** Whether NEXT would go on from the group shown (asks the machine). */
export const canGoOn = (s: EventSurveySnapshot): boolean =>
  s.matches({ survey: 'answering' }) && groupProblems(currentGroup(s), s.context.answers).length === 0;

/** Spec §4: complete once submitted, or when the server shows a submit time. */
export const isComplete = (s: EventSurveySnapshot): boolean => s.context.completed;
export const submitTime = (s: EventSurveySnapshot): string | undefined => s.context.submitTime;
/** The reason of the last failed step: a spec §8 code (SurveyNotComplete …) or 'NetworkError'. */
export const errorCode = (s: EventSurveySnapshot): CallCode | undefined => s.context.errorCode;
/** Answers from an earlier visit were restored (say so, once). */
export const restored = (s: EventSurveySnapshot): boolean => s.context.restored;
/** The answers are kept on the device (false: they last for this visit only). */
export const answersKept = (s: EventSurveySnapshot): boolean => s.context.storeOn;
