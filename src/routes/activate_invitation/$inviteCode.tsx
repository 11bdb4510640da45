import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2 activate_invitation/{inviteCode}: public, since a visitor signs in or up from it. */
export const Route = createFileRoute('/activate_invitation/$inviteCode')({
  staticData: { title: msg`Your invitation` },
  component: lazyScreen(() => import('../../features/account/ActivateInvitationScreen.tsx'), 'ActivateInvitationScreen'),
});
