import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Opened from the password-reset mail's link, which carries a temporary token. */
export const Route = createFileRoute('/reset_password')({
  staticData: { title: msg`Reset your password`, skipFromRedirect: true },
  validateSearch: v.object({ token: v.fallback(v.optional(v.string()), undefined) }),
  component: lazyScreen(() => import('../features/auth/ResetPasswordScreen.tsx'), 'ResetPasswordScreen'),
});
