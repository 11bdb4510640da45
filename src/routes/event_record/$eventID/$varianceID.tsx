import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireMember } from '../../../app/guards.ts';
import { lazyScreen } from '../../../app/lazy-screen.ts';

/** Spec §2: event_record is login + paid-member check. */
export const Route = createFileRoute('/event_record/$eventID/$varianceID')({
  staticData: { title: msg`Your event booking` },
  beforeLoad: requireMember,
  component: lazyScreen(() => import('../../../features/events/EventRecordScreen.tsx'), 'EventRecordScreen'),
});
