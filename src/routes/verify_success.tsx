import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen.ts';

export const Route = createFileRoute('/verify_success')({
  staticData: { skipFromRedirect: true },
  component: lazyScreen(() => import('../features/auth/VerifySignUpScreen.tsx'), 'VerifySuccessScreen'),
});
