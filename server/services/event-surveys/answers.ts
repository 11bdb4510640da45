/**
 * Checking a submission's answers against its survey (pure: the survey and the event's vocabulary are given).
 * Each answer must fit its question's type and options; a misfit is a 400 InvalidParameter naming the question
 * (field `Question.<QuestionID>`); a required question left unanswered is SurveyNotComplete naming it.
 * What is kept is the answers in the survey's order, each with only its type's fields, unanswered optional
 * questions left out.
 */
import type { EventSurvey, EventSurveyQuestion, SurveyAnswer } from '../../../contract/event-surveys.ts';
import { SURVEY_TEXT_MAX } from '../../../contract/event-surveys.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { MAX_AROMAS, MAX_TASTE_NOTES, TASTE_LEVEL_MAX, TASTE_LEVEL_MIN } from '../../../contract/taste-cards.ts';
import { ApiError } from '../../http/errors.ts';
import { questionsOf } from './surveys.ts';

/** The taste notes and aromas an event's surveys may name (getEventTasteNote's lists). */
export interface EventVocabulary {
  notes: ReadonlySet<string>;
  aromas: ReadonlySet<string>;
}

const SENSES = ['Sweetness', 'Sourness', 'Bitterness', 'Saltiness', 'Umami'] as const;

const misfit = (questionId: string, message: string) => new ApiError(400, ErrorCode.InvalidParameter, message, `Question.${questionId}`);

/** Which answer fields each type takes. */
const FIELDS: Record<EventSurveyQuestion['Type'], readonly (keyof SurveyAnswer)[]> = {
  Radio: ['OptionIDs'],
  Checkbox: ['OptionIDs'],
  Aroma: ['OptionIDs'],
  TasteNote: ['OptionIDs', 'CustomTasteNote'],
  FiveSenses: ['FiveSenses'],
  Text: ['Text'],
};

/** Whether a field carries anything (an empty list or blank text is as good as absent). */
function filled(answer: SurveyAnswer, field: keyof SurveyAnswer): boolean {
  const value = answer[field];
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return field === 'QuestionID' || value.trim() !== '';
  return true;
}

const charCount = (text: string) => [...text].length;

function checkIds(q: EventSurveyQuestion, ids: readonly string[], known: (id: string) => boolean, what: string) {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw misfit(q.QuestionID, `${what} ${id} is chosen twice`);
    seen.add(id);
    if (!known(id)) throw misfit(q.QuestionID, `${id} is not one of this question's ${what}s`);
  }
}

function checkCount(q: EventSurveyQuestion, count: number, min: number, max: number) {
  if (count < min) throw misfit(q.QuestionID, `Choose at least ${min}`);
  if (count > max) throw misfit(q.QuestionID, `Choose at most ${max}`);
}

/** One answered question's answer checked, with only its type's fields. */
function checkAnswer(q: EventSurveyQuestion, a: SurveyAnswer, vocabulary: EventVocabulary): SurveyAnswer {
  const ids = a.OptionIDs ?? [];
  switch (q.Type) {
    case 'Radio': {
      if (ids.length !== 1) throw misfit(q.QuestionID, 'Choose one option');
      checkIds(q, ids, (id) => q.Options.some((o) => o.OptionID === id), 'option');
      return { QuestionID: q.QuestionID, OptionIDs: [...ids] };
    }
    case 'Checkbox': {
      checkIds(q, ids, (id) => q.Options.some((o) => o.OptionID === id), 'option');
      checkCount(q, ids.length, q.MinChoices ?? 1, q.MaxChoices ?? q.Options.length);
      return { QuestionID: q.QuestionID, OptionIDs: [...ids] };
    }
    case 'Aroma': {
      checkIds(q, ids, (id) => vocabulary.aromas.has(id), 'aroma');
      checkCount(q, ids.length, q.MinChoices ?? 1, q.MaxChoices ?? MAX_AROMAS);
      return { QuestionID: q.QuestionID, OptionIDs: [...ids] };
    }
    case 'TasteNote': {
      checkIds(q, ids, (id) => vocabulary.notes.has(id), 'taste note');
      const custom = [...new Set((a.CustomTasteNote ?? []).map((w) => w.trim()).filter((w) => w !== ''))];
      checkCount(q, ids.length + custom.length, q.MinChoices ?? 1, q.MaxChoices ?? MAX_TASTE_NOTES);
      return { QuestionID: q.QuestionID, OptionIDs: [...ids], ...(custom.length ? { CustomTasteNote: custom } : {}) };
    }
    case 'FiveSenses': {
      const senses = a.FiveSenses!;
      for (const sense of SENSES) {
        const level = senses[sense];
        if (!Number.isInteger(level) || level < TASTE_LEVEL_MIN || level > TASTE_LEVEL_MAX) {
          throw misfit(q.QuestionID, `${sense} must be a whole level from ${TASTE_LEVEL_MIN} to ${TASTE_LEVEL_MAX}`);
        }
      }
      return { QuestionID: q.QuestionID, FiveSenses: { Sweetness: senses.Sweetness, Sourness: senses.Sourness, Bitterness: senses.Bitterness, Saltiness: senses.Saltiness, Umami: senses.Umami } };
    }
    case 'Text': {
      const text = a.Text!.trim();
      const max = Math.min(q.MaxLength ?? SURVEY_TEXT_MAX, SURVEY_TEXT_MAX);
      if (charCount(text) > max) throw misfit(q.QuestionID, `At most ${max} characters`);
      return { QuestionID: q.QuestionID, Text: text };
    }
  }
}

/**
 * The answers to keep for a submission, or the first reason to refuse it: an answer that does not fit
 * (unknown or repeated question, a field its type does not take, an unknown option or vocabulary ID, too few
 * or too many choices, a level outside 1–5, too long a text), then a required question unanswered.
 */
export function checkSubmission(survey: EventSurvey, answers: readonly SurveyAnswer[], vocabulary: EventVocabulary): SurveyAnswer[] {
  const questions = questionsOf(survey);
  const byId = new Map(questions.map((q) => [q.QuestionID, q]));
  const given = new Map<string, SurveyAnswer>();
  for (const a of answers) {
    const q = byId.get(a.QuestionID);
    if (!q) throw misfit(a.QuestionID, `This survey has no question ${a.QuestionID}`);
    if (given.has(q.QuestionID)) throw misfit(q.QuestionID, 'The question is answered twice');
    const takes = FIELDS[q.Type];
    const foreign = (['OptionIDs', 'CustomTasteNote', 'FiveSenses', 'Text'] as const).find((f) => !takes.includes(f) && filled(a, f));
    if (foreign) throw misfit(q.QuestionID, `A ${q.Type} question takes no ${foreign}`);
    if (!takes.some((f) => filled(a, f))) continue; // unanswered: judged below
    given.set(q.QuestionID, checkAnswer(q, a, vocabulary));
  }
  const missing = questions.find((q) => q.Required && !given.has(q.QuestionID));
  if (missing) throw new ApiError(400, ErrorCode.SurveyNotComplete, 'Please answer every required question', missing.QuestionID);
  return questions.flatMap((q) => given.get(q.QuestionID) ?? []);
}
