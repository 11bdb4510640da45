import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2 inspiration/{inspirationId}: a post (public; its owner also sees it archived). */
export const Route = createFileRoute('/inspiration/$inspirationId')({
  staticData: { title: msg`Inspiration` },
  component: lazyScreen(() => import('../../features/inspiration/PostScreen.tsx'), 'PostScreen'),
});
