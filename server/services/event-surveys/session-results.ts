/**
 * A session's survey results for the back office (issue 32, staff-session-survey-results): every survey of
 * the session's event added up over the session's submissions, as attendees' get-survey-summary adds them up
 * (event-surveys/answering.ts summarise), with each question's title and, for FiveSenses, how many chose
 * each level of each sense. A session's submissions are at most one per guest and survey (bounded by its
 * capacity), so they are read once and added up here.
 *
 * A host reads only the sessions they host (event_variances.host_user_id); staff and owners read every one.
 * The caller's role comes as a look-up from server/calls (services/staff's roleOf), as for gathering hosts:
 * this part does not import the staff part, which imports orders/, which this part imports.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { roleSatisfies, type CallResponse, type RoleAuth } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { SurveyAnswer } from '../../../contract/event-surveys.ts';
import type { staffSessionSurveyResults } from '../../../contract/staff-dashboard.ts';
import { TASTE_LEVEL_MAX, TASTE_LEVEL_MIN } from '../../../contract/taste-cards.ts';
import type { Db } from '../../db/client.ts';
import { eventSurveySubmissions, eventSurveys, eventVariances, events } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { eventVocabulary, summarise } from './answering.ts';
import { questionsOf, surveyForSession } from './surveys.ts';

export type SessionSurveyResults = CallResponse<typeof staffSessionSurveyResults>;
export type SurveyResultsDeps = Pick<Deps, 'db' | 'tasteVocabulary'>;

const SENSES = ['Sweetness', 'Sourness', 'Bitterness', 'Saltiness', 'Umami'] as const;
type Distribution = Record<(typeof SENSES)[number], number[]>;

/** Who asks: the signed-in member (the dispatcher checked they hold the host role or higher) and a look-up of their role. */
export interface SessionReader {
  userId: string;
  role: () => Promise<RoleAuth | undefined>;
}

/** The session with its event, for its host or for staff and owners; another host's is Forbidden. */
async function sessionFor(db: Db, { userId, role }: SessionReader, sessionId: string) {
  const [row] = await db
    .select({ id: eventVariances.id, eventId: events.id, typeId: events.typeId, hostUserId: eventVariances.hostUserId, startsAt: eventVariances.startsAt, titleEn: events.titleEn, titleZh: events.titleZh })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .where(eq(eventVariances.id, sessionId));
  if (!row) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Session not found', 'SessionID');
  // The host of their own session costs no more than its row; anyone else's role is looked up.
  if (row.hostUserId !== userId && !roleSatisfies(await role(), 'staff')) {
    throw new ApiError(403, ErrorCode.Forbidden, 'This session has another host');
  }
  return row;
}

/** For each sense, the number of answers at each level (index 0 is TASTE_LEVEL_MIN). */
function distributionOf(answers: readonly SurveyAnswer[]): Distribution {
  const levels = TASTE_LEVEL_MAX - TASTE_LEVEL_MIN + 1;
  const spread = Object.fromEntries(SENSES.map((sense) => [sense, Array<number>(levels).fill(0)])) as Distribution;
  for (const a of answers) {
    if (!a.FiveSenses) continue;
    for (const sense of SENSES) {
      const at = a.FiveSenses[sense] - TASTE_LEVEL_MIN;
      // Kept answers were checked to be whole levels in range; anything else is skipped, not miscounted.
      if (Number.isInteger(at) && at >= 0 && at < levels) spread[sense][at]! += 1;
    }
  }
  return spread;
}

/** staff-session-survey-results: every survey of the session's event, in order, added up over this session's submissions. */
export async function sessionSurveyResults(deps: SurveyResultsDeps, reader: SessionReader, sessionId: string): Promise<SessionSurveyResults> {
  const session = await sessionFor(deps.db, reader, sessionId);
  const surveyIds = await deps.db
    .select({ id: eventSurveys.id })
    .from(eventSurveys)
    .where(eq(eventSurveys.eventId, session.eventId))
    .orderBy(asc(eventSurveys.sort), asc(eventSurveys.id));
  const submissions = await deps.db
    .select({ surveyId: eventSurveySubmissions.surveyId, answers: eventSurveySubmissions.answers })
    .from(eventSurveySubmissions)
    .where(eq(eventSurveySubmissions.varianceId, sessionId))
    .orderBy(desc(eventSurveySubmissions.submittedAt), desc(eventSurveySubmissions.id));
  const { names } = await eventVocabulary(deps.tasteVocabulary, session.typeId);

  const Surveys: SessionSurveyResults['Surveys'] = [];
  for (const { id } of surveyIds) {
    const { survey } = await surveyForSession(deps.db, id, sessionId);
    const answered = submissions.filter((s) => s.surveyId === id).map((s) => s.answers);
    const questions = questionsOf(survey);
    const summaries = summarise(survey, answered, names);
    Surveys.push({
      SurveyID: id,
      Title: survey.Title,
      Responses: answered.length,
      Questions: summaries.map((summary, at) => {
        const question = questions[at]!;
        const fiveSenses = question.Type === 'FiveSenses' ? answered.flatMap((s) => s.filter((a) => a.QuestionID === question.QuestionID)) : [];
        return {
          ...summary,
          Title: question.Title,
          ...(question.Type === 'FiveSenses' ? { FiveSensesDistribution: distributionOf(fiveSenses) } : {}),
        };
      }),
    });
  }
  return {
    SessionID: session.id,
    EventID: session.eventId,
    EventTitle: { en: session.titleEn, zh: session.titleZh },
    StartsAt: session.startsAt.toISOString(),
    Surveys,
  };
}
