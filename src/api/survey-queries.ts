import { queryOptions } from '@tanstack/react-query';
import { getEventSurveyList, getSurveyResult, getSurveySummary } from '../../contract/event-surveys.ts';
import { getEventTasteNote } from '../../contract/taste-vocabulary.ts';
import type { ApiClient } from './client.ts';

/**
 * Event surveys (issue 17), read by the survey pages and the event record ("Submitted on …"). Member data is
 * keyed under 'member', so signing out clears it; a submission invalidates ['member', 'surveyResult'].
 */
export const surveyQueries = {
  /** getEventSurveyList: an event's surveys with their questions. */
  list: (api: ApiClient, EventID: string) =>
    queryOptions({
      queryKey: ['member', 'eventSurveys', EventID],
      queryFn: ({ signal }) => api.call(getEventSurveyList, { EventID }, { signal }).then((r) => r.SurveyList),
      staleTime: 5 * 60_000,
      meta: { handlesErrors: true },
    }),
  /** getSurveyResult: the member's answers to one survey for a session; SubmitTime once submitted. */
  result: (api: ApiClient, SurveyID: string, VarianceID: string) =>
    queryOptions({
      queryKey: ['member', 'surveyResult', SurveyID, VarianceID],
      queryFn: ({ signal }) => api.call(getSurveyResult, { SurveyID, VarianceID }, { signal }).then((r) => r.Survey),
      // Asked by the event record's loader a moment before it mounts; a submission invalidates it.
      staleTime: 10_000,
      retry: false,
      meta: { handlesErrors: true },
    }),
  /** get-survey-summary: what a session's submissions add up to. */
  summary: (api: ApiClient, SurveyID: string, VarianceID: string) =>
    queryOptions({
      queryKey: ['member', 'surveySummary', SurveyID, VarianceID],
      queryFn: ({ signal }) => api.call(getSurveySummary, { SurveyID, VarianceID }, { signal }).then((r) => r.Summary),
      retry: false,
      meta: { handlesErrors: true },
    }),
  /** getEventTasteNote: the notes and aromas an event's survey chooses from. */
  vocabulary: (api: ApiClient, EventID: string) =>
    queryOptions({
      queryKey: ['eventTasteNote', EventID],
      queryFn: ({ signal }) => api.call(getEventTasteNote, { EventID }, { signal }),
      staleTime: 60 * 60_000,
      meta: { handlesErrors: true },
    }),
};
