/**
 * The event survey's answer rules, shared by the machine's guards and the selectors (so the UI shows
 * exactly what the machine refuses), and what is sent (contract submitSurvey body). They mirror the
 * contract: Radio one option; Checkbox, TasteNote and Aroma within MinChoices..MaxChoices (MinChoices when
 * answered or required); Text at most MaxLength; FiveSenses all five set, 1 to 5.
 */
import type {
  AnswerProblem,
  EventSurvey,
  FiveSenses,
  LocalAnswer,
  SurveyAnswer,
  SurveyDraft,
  SurveyGroup,
  SurveyQuestion,
} from './event-survey.types.ts';
import {
  FIVE_SENSES,
  MAX_AROMAS,
  MAX_CUSTOM_WORD_LENGTH,
  MAX_CUSTOM_WORDS,
  MAX_OPTION_IDS,
  MAX_TASTE_NOTES,
  SURVEY_TEXT_MAX,
  TASTE_LEVEL_MAX,
  TASTE_LEVEL_MIN,
} from './event-survey.types.ts';

export const isLevel = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= TASTE_LEVEL_MIN && n <= TASTE_LEVEL_MAX;

/** A word of one's own as kept: trimmed, inner spaces collapsed, at most 30 characters. */
export const cleanWord = (word: string): string => word.trim().replace(/\s+/g, ' ').slice(0, MAX_CUSTOM_WORD_LENGTH);

/** Most characters a Text question takes. */
export const textMax = (q: SurveyQuestion): number => Math.min(q.MaxLength ?? SURVEY_TEXT_MAX, SURVEY_TEXT_MAX);

/** How many may be chosen: [min when answered or required, max]. */
export function choiceBounds(q: SurveyQuestion): { min: number; max: number } {
  const byType = q.Type === 'Checkbox' ? q.Options.length : q.Type === 'Aroma' ? MAX_AROMAS : MAX_TASTE_NOTES;
  return { min: Math.max(q.MinChoices ?? 1, 1), max: Math.min(q.MaxChoices ?? byType, MAX_OPTION_IDS) };
}

/** Characters as the member counts them (an emoji is one). */
export const charCount = (text: string): number => [...text].length;

/** Whether the member gave anything for the question (a blank text, no choice or no level is nothing). */
export function isAnswered(q: SurveyQuestion, a: LocalAnswer | undefined): boolean {
  if (!a) return false;
  switch (q.Type) {
    case 'Radio':
    case 'Checkbox':
    case 'Aroma':
      return (a.OptionIDs?.length ?? 0) > 0;
    case 'TasteNote':
      return (a.OptionIDs?.length ?? 0) > 0 || (a.CustomTasteNote?.length ?? 0) > 0;
    case 'FiveSenses':
      return FIVE_SENSES.some((s) => a.FiveSenses?.[s] !== undefined);
    case 'Text':
      return (a.Text?.trim() ?? '') !== '';
  }
}

/** The problem of one answer, if any. */
export function answerProblem(q: SurveyQuestion, a: LocalAnswer | undefined): AnswerProblem | undefined {
  const questionID = q.QuestionID;
  if (!isAnswered(q, a)) return q.Required ? { questionID, code: 'required' } : undefined;
  const ids = a?.OptionIDs ?? [];
  switch (q.Type) {
    case 'Radio':
      if (ids.length !== 1) return { questionID, code: 'oneOption' };
      return q.Options.some((o) => o.OptionID === ids[0]) ? undefined : { questionID, code: 'unknownOption' };
    case 'Checkbox':
    case 'Aroma':
    case 'TasteNote': {
      if (q.Type === 'Checkbox' && ids.some((id) => !q.Options.some((o) => o.OptionID === id))) return { questionID, code: 'unknownOption' };
      if (new Set(ids).size !== ids.length) return { questionID, code: 'unknownOption' };
      const words = q.Type === 'TasteNote' ? (a?.CustomTasteNote ?? []) : [];
      if (words.length > MAX_CUSTOM_WORDS) return { questionID, code: 'tooManyWords', max: MAX_CUSTOM_WORDS };
      if (words.some((w) => cleanWord(w) === '' || cleanWord(w) !== w)) return { questionID, code: 'unknownOption' };
      const { min, max } = choiceBounds(q);
      const count = ids.length + words.length;
      if (count < min) return { questionID, code: 'tooFew', min };
      if (ids.length > max || count > max) return { questionID, code: 'tooMany', max };
      return undefined;
    }
    case 'FiveSenses':
      return FIVE_SENSES.every((s) => isLevel(a?.FiveSenses?.[s])) ? undefined : { questionID, code: 'allSenses' };
    case 'Text': {
      const max = textMax(q);
      const text = a?.Text?.trim() ?? '';
      return charCount(text) > max || text.length > SURVEY_TEXT_MAX ? { questionID, code: 'tooLong', max } : undefined;
    }
  }
}

export function groupProblems(group: SurveyGroup | undefined, answers: Record<string, LocalAnswer>): AnswerProblem[] {
  return (group?.Questions ?? []).flatMap((q) => {
    const p = answerProblem(q, answers[q.QuestionID]);
    return p ? [p] : [];
  });
}

export function surveyProblems(survey: EventSurvey | undefined, answers: Record<string, LocalAnswer>): AnswerProblem[] {
  return (survey?.Groups ?? []).flatMap((g) => groupProblems(g, answers));
}

/** The group a question is in (-1: none). */
export const groupOf = (survey: EventSurvey | undefined, questionID: string | undefined): number =>
  (survey?.Groups ?? []).findIndex((g) => g.Questions.some((q) => q.QuestionID === questionID));

/** One answer as sent: only the fields of its type, text trimmed. */
export function sentAnswer(q: SurveyQuestion, a: LocalAnswer): SurveyAnswer {
  switch (q.Type) {
    case 'Radio':
    case 'Checkbox':
    case 'Aroma':
      return { QuestionID: q.QuestionID, OptionIDs: [...(a.OptionIDs ?? [])] };
    case 'TasteNote':
      return { QuestionID: q.QuestionID, OptionIDs: [...(a.OptionIDs ?? [])], CustomTasteNote: [...(a.CustomTasteNote ?? [])] };
    case 'FiveSenses':
      return { QuestionID: q.QuestionID, FiveSenses: { ...(a.FiveSenses as FiveSenses) } };
    case 'Text':
      return { QuestionID: q.QuestionID, Text: (a.Text ?? '').trim() };
  }
}

/** The body's Question list (spec §5: taste notes as IDs only): answered questions in survey order, unanswered optional ones left out. */
export function submitAnswers(survey: EventSurvey | undefined, answers: Record<string, LocalAnswer>): SurveyAnswer[] {
  return (survey?.Groups ?? []).flatMap((g) =>
    g.Questions.flatMap((q) => {
      const a = answers[q.QuestionID];
      return a && isAnswered(q, a) ? [sentAnswer(q, a)] : [];
    }),
  );
}

/** The server's answers (getSurveyResult) as the flow keeps them. */
export function answersFrom(sent: SurveyAnswer[]): Record<string, LocalAnswer> {
  const out: Record<string, LocalAnswer> = {};
  for (const a of sent) {
    const local: LocalAnswer = {};
    if (a.OptionIDs) local.OptionIDs = [...a.OptionIDs];
    if (a.CustomTasteNote) local.CustomTasteNote = [...a.CustomTasteNote];
    if (a.FiveSenses) local.FiveSenses = { ...a.FiveSenses };
    if (a.Text !== undefined) local.Text = a.Text;
    out[a.QuestionID] = local;
  }
  return out;
}

/** A stored draft is taken when it is for this survey and session. */
export function draftFits(draft: SurveyDraft | undefined, SurveyID: string, VarianceID: string): draft is SurveyDraft {
  return draft !== undefined && draft.version === 1 && draft.SurveyID === SurveyID && draft.VarianceID === VarianceID;
}

/** The survey of the event the flow answers: the one asked for, or the first. */
export function pickSurvey(list: EventSurvey[], surveyID: string | undefined): EventSurvey | undefined {
  return surveyID === undefined ? list[0] : list.find((s) => s.SurveyID === surveyID);
}

/** A group index within the survey. */
export const clampGroup = (survey: EventSurvey | undefined, group: number): number =>
  Math.max(0, Math.min(Number.isInteger(group) ? group : 0, Math.max((survey?.Groups.length ?? 1) - 1, 0)));
