import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireMember } from '../../../app/guards.ts';
import { lazyScreen } from '../../../app/lazy-screen.ts';

/** Spec §2: event_record is login + paid-member check. */
export const Route = createFileRoute('/event_record/$eventID/$varianceID')({
  staticData: { title: msg`Your event booking` },
  beforeLoad: requireMember,
  // The booking, its orders, the event's surveys and the member's answers, asked at once as the page opens
  // (src/features/events/EventRecordScreen.tsx), where each had waited for its part of the screen to mount. The
  // screen's chunk is fetched while the guard waits (src/app/router.ts), so it is in by now; not awaited.
  loader: ({ params, context: { api, queryClient } }) =>
    void import('../../../features/events/EventRecordScreen.tsx').then(
      (m) => m.prefetchEventRecord(queryClient, api, params.eventID, params.varianceID),
      () => undefined,
    ),
  component: lazyScreen(() => import('../../../features/events/EventRecordScreen.tsx'), 'EventRecordScreen'),
});
