import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { isInternalPath, requireLogin } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

export const Route = createFileRoute('/entry_survey')({
  staticData: { title: msg`Tell us about your tastes`, skipFromRedirect: true, layout: { navigator: false, footer: false } },
  validateSearch: v.object({
    returnTo: v.fallback(v.optional(v.pipe(v.string(), v.check((p: string) => isInternalPath(p)))), undefined),
  }),
  beforeLoad: requireLogin,
  component: lazyScreen(() => import('../features/auth/EntrySurveyScreen.tsx'), 'EntrySurveyScreen'),
});
