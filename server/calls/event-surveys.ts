/**
 * Event surveys (issue 17; spec §7): an event's surveys, answering one for a session once, the member's
 * answers, and a session's answers added up (get-survey-summary). The rules are in
 * services/event-surveys/ (who may answer, when, what fits a question).
 */
import * as contract from '../../contract/event-surveys.ts';
import { submitSurvey, surveyResult, surveySummary } from '../services/event-surveys/answering.ts';
import { listEventSurveys } from '../services/event-surveys/surveys.ts';
import { implement } from './handler.ts';

export const eventSurveyHandlers = implement(contract, {
  async getEventSurveyList({ body, deps }) {
    return { SurveyList: await listEventSurveys(deps.db, body.EventID) };
  },

  async submitSurvey({ body, deps, userId }) {
    return submitSurvey(deps, userId, body);
  },

  async getSurveyResult({ body, deps, userId }) {
    return surveyResult(deps, userId, body);
  },

  async getSurveySummary({ body, deps, userId }) {
    return surveySummary(deps, userId, body);
  },
});
