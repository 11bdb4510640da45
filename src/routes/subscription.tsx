import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Spec §2 subscription (login required): the box-set plans side by side, each with what its box holds and the SVIP benefits. */
export const Route = createFileRoute('/subscription')({
  beforeLoad: requireLogin,
  loader: ({ context: { preferences } }) => preferences.resolveCurrency(),
  staticData: { title: msg`SVIP box subscriptions` },
  component: lazyScreen(() => import('../features/subscriptions/PlansScreen.tsx'), 'PlansScreen'),
});
