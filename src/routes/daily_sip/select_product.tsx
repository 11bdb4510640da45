import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2: daily_sip/select_product (no guard: a visitor is asked to log in on the page). */
export const Route = createFileRoute('/daily_sip/select_product')({
  staticData: { title: msg`Today's sip` },
  component: lazyScreen(() => import('../../features/taste-profile/DailySipScreen.tsx'), 'DailySipScreen'),
});
