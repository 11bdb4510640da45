import { queryOptions } from '@tanstack/react-query';
import { staffDashboard, staffListSessions, staffSessionSurveyResults } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** How many sessions each group of the survey results' session picker offers (the latest started, the soonest to come). */
export const PICKER_SESSIONS = 50;

/** The dashboard's and the survey results' reads (issue 32), under the back office's key like its other lists. */
export const dashboardQueries = {
  /** Today's and this month's figures, low stock, sessions to come, failed payments, refunds owed, the revenue chart. */
  dashboard: (api: ApiClient) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'dashboard'],
      queryFn: ({ signal }) => api.call(staffDashboard, {}, { signal }),
      // Figures people glance at: read afresh when the page is opened again after a minute.
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  /** Sessions to pick from: started ones (latest first: where answers are) or upcoming ones (soonest first). */
  sessions: (api: ApiClient, when: 'past' | 'upcoming') =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'survey-sessions', when],
      queryFn: ({ signal }) => api.call(staffListSessions, { When: when, Size: PICKER_SESSIONS }, { signal }).then((r) => r.SessionList),
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  surveyResults: (api: ApiClient, sessionId: string) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'survey-results', sessionId],
      queryFn: ({ signal }) => api.call(staffSessionSurveyResults, { SessionID: sessionId }, { signal }),
      meta: { handlesErrors: true },
    }),
};
