import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Ours (issue 31): Tonight, the member's table at the gathering they are checked in at (login required). */
export const Route = createFileRoute('/tonight')({
  beforeLoad: requireLogin,
  loader: ({ context: { preferences } }) => preferences.resolveCurrency(),
  staticData: { title: msg`Tonight` },
  component: lazyScreen(() => import('../features/gatherings/TonightScreen.tsx'), 'TonightScreen'),
});
