import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Opened from a newsletter mail's link, which carries its token (issue 20). */
export const Route = createFileRoute('/newsletter/unsubscribe')({
  staticData: { title: msg`Unsubscribe`, skipFromRedirect: true },
  validateSearch: v.object({ token: v.fallback(v.optional(v.string()), undefined) }),
  component: lazyScreen(() => import('../../features/newsletter/NewsletterLinkScreen.tsx'), 'NewsletterUnsubscribeScreen'),
});
