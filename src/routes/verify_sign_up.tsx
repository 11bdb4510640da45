import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Opened from the verification mail's link: e-mail and code arrive in the address. */
export const Route = createFileRoute('/verify_sign_up')({
  staticData: { title: msg`Verify your e-mail`, skipFromRedirect: true },
  validateSearch: v.object({
    email: v.fallback(v.optional(v.string()), undefined),
    code: v.fallback(v.optional(v.string()), undefined),
  }),
  component: lazyScreen(() => import('../features/auth/VerifySignUpScreen.tsx'), 'VerifySignUpScreen'),
});
