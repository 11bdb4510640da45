/**
 * Answering an event survey (spec §7 submitSurvey / getSurveyResult, §4 survey states) and what a session's
 * answers add up to (get-survey-summary). Only attendees of the session answer and read: a paid seat of
 * their own or a guest ticket they activated, its order paid (hasJoined); anyone else finds nothing
 * (ObjectNotFound). Answering opens when the session starts; a survey is answered once per session, held by
 * the unique key of event_survey_submissions, so two submissions at once store one.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Bilingual } from '../../../contract/define.ts';
import type { EventSurvey, SurveyAnswer, SurveyQuestionSummary } from '../../../contract/event-surveys.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { eventSurveySubmissions } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { hasJoined } from '../orders/event/pricing.ts';
import { drinkKindOfProductType, type TasteVocabulary } from '../taste/vocabulary.ts';
import { checkSubmission, type EventVocabulary } from './answers.ts';
import { questionsOf, surveyForSession, type SurveyForSession } from './surveys.ts';

/** Most Text answers a summary shows per question (the latest). */
export const SUMMARY_TEXTS = 20;

interface NamedVocabulary extends EventVocabulary {
  /** Each ID's name and its place on the wheel (for ties in a summary). */
  names: Map<string, { name: Bilingual; at: number }>;
}

/** The notes and aromas of an event's drink kind, as getEventTasteNote lists them. */
export async function eventVocabulary(vocabulary: TasteVocabulary, eventTypeId: string): Promise<NamedVocabulary> {
  const drink = drinkKindOfProductType(eventTypeId);
  const v = await vocabulary.get();
  const notes = drink ? v.notes.filter((s) => s.drinks.includes(drink)).map((s) => s.item) : [];
  const aromas = drink ? v.aromas.filter((s) => s.drinks.includes(drink)).map((s) => s.item) : [];
  const names = new Map<string, { name: Bilingual; at: number }>();
  notes.forEach((n, at) => names.set(n.TasteNoteID, { name: n.Name, at }));
  aromas.forEach((a, at) => names.set(a.AromaID, { name: a.Name, at }));
  return { notes: new Set(notes.map((n) => n.TasteNoteID)), aromas: new Set(aromas.map((a) => a.AromaID)), names };
}

/** The survey and session, for an attendee of that session only. */
async function attendedSurvey(deps: Deps, userId: string, surveyId: string, varianceId: string): Promise<SurveyForSession> {
  const found = await surveyForSession(deps.db, surveyId, varianceId);
  if (!(await hasJoined(deps.db, userId, varianceId))) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Session not found', 'VarianceID');
  return found;
}

async function submissionOf(deps: Deps, userId: string, surveyId: string, varianceId: string) {
  const [row] = await deps.db
    .select()
    .from(eventSurveySubmissions)
    .where(and(eq(eventSurveySubmissions.surveyId, surveyId), eq(eventSurveySubmissions.varianceId, varianceId), eq(eventSurveySubmissions.userId, userId)));
  return row;
}

const resubmit = () => new ApiError(400, ErrorCode.SurveyCannotResubmit, 'The survey has already been submitted');

/** submitSurvey: keeps an attendee's answers once, from the session's start. */
export async function submitSurvey(deps: Deps, userId: string, body: { SurveyID: string; VarianceID: string; Question: readonly SurveyAnswer[] }) {
  const now = deps.clock.now();
  const found = await attendedSurvey(deps, userId, body.SurveyID, body.VarianceID);
  if (now < found.session.startsAt) throw new ApiError(400, ErrorCode.SurveyNotOpen, 'The survey opens when the session starts', 'VarianceID');
  if (await submissionOf(deps, userId, body.SurveyID, body.VarianceID)) throw resubmit();
  const answers = checkSubmission(found.survey, body.Question, await eventVocabulary(deps.tasteVocabulary, found.eventTypeId));
  const inserted = await deps.db
    .insert(eventSurveySubmissions)
    .values({ id: randomUUID(), surveyId: body.SurveyID, varianceId: body.VarianceID, userId, answers, submittedAt: now })
    .onConflictDoNothing({ target: [eventSurveySubmissions.surveyId, eventSurveySubmissions.varianceId, eventSurveySubmissions.userId] })
    .returning({ submittedAt: eventSurveySubmissions.submittedAt });
  if (!inserted.length) throw resubmit();
  return { Survey: { SurveyID: body.SurveyID, VarianceID: body.VarianceID, SubmitTime: inserted[0]!.submittedAt.toISOString() } };
}

/**
 * getSurveyResult: the member's answers and SubmitTime once submitted; before, no SubmitTime and no answers
 * (for an attendee; a submission stays readable by its author even if their seat is later refunded).
 */
export async function surveyResult(deps: Deps, userId: string, body: { SurveyID: string; VarianceID: string }) {
  await surveyForSession(deps.db, body.SurveyID, body.VarianceID);
  const submitted = await submissionOf(deps, userId, body.SurveyID, body.VarianceID);
  if (submitted) {
    return { Survey: { SurveyID: body.SurveyID, VarianceID: body.VarianceID, SubmitTime: submitted.submittedAt.toISOString(), Question: submitted.answers } };
  }
  if (!(await hasJoined(deps.db, userId, body.VarianceID))) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Session not found', 'VarianceID');
  return { Survey: { SurveyID: body.SurveyID, VarianceID: body.VarianceID, Question: [] } };
}

/** An average level to one decimal. */
const average = (sum: number, n: number) => Math.round((sum * 10) / n) / 10;

/**
 * What a session's submissions add up to, per question in the survey's order (pure): counts of each option
 * (every option, most chosen first, then in the question's order), of each note and aroma chosen (most chosen
 * first, then wheel order), the average five senses, and the latest texts. `submissions` newest first.
 */
export function summarise(survey: EventSurvey, submissions: readonly (readonly SurveyAnswer[])[], names: NamedVocabulary['names']): SurveyQuestionSummary[] {
  return questionsOf(survey).map((q) => {
    const answers = submissions.flatMap((s) => s.filter((a) => a.QuestionID === q.QuestionID));
    const base = { QuestionID: q.QuestionID, Type: q.Type, Answered: answers.length };
    switch (q.Type) {
      case 'Radio':
      case 'Checkbox': {
        const counts = new Map(q.Options.map((o) => [o.OptionID, 0]));
        for (const a of answers) for (const id of a.OptionIDs ?? []) if (counts.has(id)) counts.set(id, counts.get(id)! + 1);
        const choices = q.Options.map((o, at) => ({ ID: o.OptionID, Name: o.Label, Count: counts.get(o.OptionID)!, at }));
        choices.sort((x, y) => y.Count - x.Count || x.at - y.at);
        return { ...base, Choices: choices.map(({ at: _at, ...c }) => c) };
      }
      case 'Aroma':
      case 'TasteNote': {
        const counts = new Map<string, number>();
        for (const a of answers) for (const id of a.OptionIDs ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
        const choices = [...counts].map(([id, count]) => {
          const known = names.get(id);
          return { ID: id, Name: known?.name ?? { en: id, zh: id }, Count: count, at: known?.at ?? Number.MAX_SAFE_INTEGER };
        });
        choices.sort((x, y) => y.Count - x.Count || x.at - y.at || x.ID.localeCompare(y.ID));
        return { ...base, Choices: choices.map(({ at: _at, ...c }) => c) };
      }
      case 'FiveSenses': {
        const levels = answers.flatMap((a) => (a.FiveSenses ? [a.FiveSenses] : []));
        if (!levels.length) return { ...base, Choices: [] };
        const sum = (sense: keyof (typeof levels)[number]) => average(levels.reduce((total, l) => total + l[sense], 0), levels.length);
        return {
          ...base,
          Choices: [],
          FiveSensesAverage: { Sweetness: sum('Sweetness'), Sourness: sum('Sourness'), Bitterness: sum('Bitterness'), Saltiness: sum('Saltiness'), Umami: sum('Umami') },
        };
      }
      case 'Text':
        return { ...base, Choices: [], Texts: answers.flatMap((a) => (a.Text ? [a.Text] : [])).slice(0, SUMMARY_TEXTS) };
    }
  });
}

/** get-survey-summary: a session's answers added up, for the session's attendees. */
export async function surveySummary(deps: Deps, userId: string, body: { SurveyID: string; VarianceID: string }) {
  const found = await attendedSurvey(deps, userId, body.SurveyID, body.VarianceID);
  const rows = await deps.db
    .select({ answers: eventSurveySubmissions.answers })
    .from(eventSurveySubmissions)
    .where(and(eq(eventSurveySubmissions.surveyId, body.SurveyID), eq(eventSurveySubmissions.varianceId, body.VarianceID)))
    .orderBy(desc(eventSurveySubmissions.submittedAt), desc(eventSurveySubmissions.id));
  const { names } = await eventVocabulary(deps.tasteVocabulary, found.eventTypeId);
  return {
    Summary: {
      SurveyID: body.SurveyID,
      VarianceID: body.VarianceID,
      Submissions: rows.length,
      Questions: summarise(
        found.survey,
        rows.map((r) => r.answers),
        names,
      ),
    },
  };
}
