import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen.ts';

export const Route = createFileRoute('/verify_success')({
  staticData: { title: msg`E-mail verified`, skipFromRedirect: true },
  component: lazyScreen(() => import('../features/auth/VerifySignUpScreen.tsx'), 'VerifySuccessScreen'),
});
