import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Where an OpenID Connect provider sends the browser back: code and state, or an error. */
export const Route = createFileRoute('/third_party_login')({
  staticData: { title: msg`Signing you in`, skipFromRedirect: true },
  validateSearch: v.object({
    code: v.fallback(v.optional(v.string()), undefined),
    state: v.fallback(v.optional(v.string()), undefined),
    error: v.fallback(v.optional(v.string()), undefined),
  }),
  component: lazyScreen(() => import('../features/auth/ThirdPartyLoginScreen.tsx'), 'ThirdPartyLoginScreen'),
});
