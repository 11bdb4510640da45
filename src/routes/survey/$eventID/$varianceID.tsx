import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireMember } from '../../../app/guards.ts';
import { lazyScreen } from '../../../app/lazy-screen.ts';

/** Spec §2 survey/{eventID}/{varianceID}: a session's survey, for its attendees (login + paid-member check, as event_record). */
export const Route = createFileRoute('/survey/$eventID/$varianceID')({
  staticData: { title: msg`Event survey`, layout: { floatingButtons: false } },
  beforeLoad: requireMember,
  validateSearch: v.object({ surveyID: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) }),
  component: lazyScreen(() => import('../../../features/surveys/SurveyScreen.tsx'), 'SurveyScreen'),
});
