import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { surveyQueries } from '../../../api/survey-queries.ts';
import { requireMember } from '../../../app/guards.ts';
import { lazyScreen } from '../../../app/lazy-screen.ts';
import { eventQueries } from '../../../features/events/queries.ts';

/** Spec §2 event_record is login + paid-member check. */
export const Route = createFileRoute('/event_record/$eventID/$varianceID')({
  staticData: { title: msg`Your event booking` },
  beforeLoad: requireMember,
  // Asked with the screen's chunk, not each as its part mounts: the booking, its orders, the event's
  // surveys and the member's answers to them, and the surveys' chunk. One after another they took an opened
  // record 1.0-1.5 s to "Answer the survey" (issue 30). Not awaited: the screen has its own loading states.
  loader: ({ params, context: { api, queryClient } }) => {
    void queryClient.prefetchQuery(eventQueries.record(api, params.varianceID));
    void queryClient.prefetchQuery(eventQueries.orders(api, params.varianceID));
    void import('../../../features/events/SessionSurveys.tsx');
    void queryClient.ensureQueryData(surveyQueries.list(api, params.eventID)).then(
      (surveys) => Promise.all(surveys.map((survey) => queryClient.prefetchQuery(surveyQueries.result(api, survey.SurveyID, params.varianceID)))),
      () => undefined,
    );
  },
  component: lazyScreen(() => import('../../../features/events/EventRecordScreen.tsx'), 'EventRecordScreen'),
});
