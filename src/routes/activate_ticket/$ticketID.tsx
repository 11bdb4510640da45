import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2 activate_ticket/{ticketID}: public, since a visitor signs in from it. */
export const Route = createFileRoute('/activate_ticket/$ticketID')({
  staticData: { title: msg`Activate your ticket` },
  component: lazyScreen(() => import('../../features/events/ActivateTicketScreen.tsx'), 'ActivateTicketScreen'),
});
