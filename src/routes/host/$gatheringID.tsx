import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Ours (issue 31): the host's screen at the venue: open the gathering, check tickets in, watch the room (login required). */
export const Route = createFileRoute('/host/$gatheringID')({
  beforeLoad: requireLogin,
  staticData: { title: msg`Host` },
  component: lazyScreen(() => import('../../features/gatherings/HostScreen.tsx'), 'HostScreen'),
});
