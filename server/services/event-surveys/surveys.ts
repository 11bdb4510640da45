/**
 * Event surveys as the contract shows them (contract/event-surveys.ts): an event's surveys with their groups
 * and questions, read from event_surveys / event_survey_groups / event_survey_questions (seeded by
 * server/db/seed/event-survey-data.ts), and the session a survey is answered for.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EventSurvey, EventSurveyQuestion } from '../../../contract/event-surveys.ts';
import type { Db } from '../../db/client.ts';
import { eventSurveyGroups, eventSurveyQuestions, eventSurveys, eventVariances, events } from '../../db/schema.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { ApiError, notFound } from '../../http/errors.ts';

type SurveyRow = typeof eventSurveys.$inferSelect;
type GroupRow = typeof eventSurveyGroups.$inferSelect;
type QuestionRow = typeof eventSurveyQuestions.$inferSelect;

export function questionOf(q: QuestionRow): EventSurveyQuestion {
  return {
    QuestionID: q.id,
    Type: q.type,
    Title: { en: q.titleEn, zh: q.titleZh },
    Hint: { en: q.hintEn, zh: q.hintZh },
    Required: q.required,
    Options: q.options.map((o) => ({ OptionID: o.id, Label: { en: o.en, zh: o.zh } })),
    ...(q.minChoices !== null ? { MinChoices: q.minChoices } : {}),
    ...(q.maxChoices !== null ? { MaxChoices: q.maxChoices } : {}),
    ...(q.maxLength !== null ? { MaxLength: q.maxLength } : {}),
  };
}

function surveyOf(s: SurveyRow, groups: readonly GroupRow[], questions: readonly QuestionRow[]): EventSurvey {
  return {
    SurveyID: s.id,
    EventID: s.eventId,
    Title: { en: s.titleEn, zh: s.titleZh },
    Description: { en: s.descriptionEn, zh: s.descriptionZh },
    ...(s.productId ? { ProductID: s.productId } : {}),
    Groups: groups
      .filter((g) => g.surveyId === s.id)
      .map((g) => ({
        GroupID: g.id,
        Title: { en: g.titleEn, zh: g.titleZh },
        Questions: questions.filter((q) => q.groupId === g.id).map(questionOf),
      })),
  };
}

/** These surveys' groups and questions, in order. */
async function withQuestions(db: Db, surveys: readonly SurveyRow[]): Promise<EventSurvey[]> {
  if (!surveys.length) return [];
  const ids = surveys.map((s) => s.id);
  const [groups, questions] = await Promise.all([
    db.select().from(eventSurveyGroups).where(inArray(eventSurveyGroups.surveyId, ids)).orderBy(asc(eventSurveyGroups.sort), asc(eventSurveyGroups.id)),
    db.select().from(eventSurveyQuestions).where(inArray(eventSurveyQuestions.surveyId, ids)).orderBy(asc(eventSurveyQuestions.sort), asc(eventSurveyQuestions.id)),
  ]);
  return surveys.map((s) => surveyOf(s, groups, questions));
}

/** getEventSurveyList: a published event's surveys (an unknown or hidden event is ObjectNotFound). */
export async function listEventSurveys(db: Db, eventId: string): Promise<EventSurvey[]> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.published, true)));
  if (!event) throw notFound('Event');
  const surveys = await db.select().from(eventSurveys).where(eq(eventSurveys.eventId, eventId)).orderBy(asc(eventSurveys.sort), asc(eventSurveys.id));
  return withQuestions(db, surveys);
}

export interface SurveyForSession {
  survey: EventSurvey;
  /** The event's product type (what its vocabulary is). */
  eventTypeId: string;
  session: { id: string; startsAt: Date };
}

/**
 * A survey with the session it is answered for; ObjectNotFound for an unknown survey, an unknown session or a
 * session of another event (field names which).
 */
export async function surveyForSession(db: Db, surveyId: string, varianceId: string): Promise<SurveyForSession> {
  const [row] = await db
    .select({ survey: eventSurveys, typeId: events.typeId })
    .from(eventSurveys)
    .innerJoin(events, eq(events.id, eventSurveys.eventId))
    .where(eq(eventSurveys.id, surveyId));
  if (!row) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Survey not found', 'SurveyID');
  const [session] = await db
    .select({ id: eventVariances.id, startsAt: eventVariances.startsAt })
    .from(eventVariances)
    .where(and(eq(eventVariances.id, varianceId), eq(eventVariances.eventId, row.survey.eventId)));
  if (!session) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Session not found', 'VarianceID');
  const [survey] = await withQuestions(db, [row.survey]);
  return { survey: survey!, eventTypeId: row.typeId, session };
}

/** Every question of a survey, in order. */
export const questionsOf = (survey: EventSurvey): EventSurveyQuestion[] => survey.Groups.flatMap((g) => g.Questions);
