import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Ours (not in spec §2's list, needed by §3's follow lists and §7 get-user): a member's public page. */
export const Route = createFileRoute('/user/$userID')({
  staticData: { title: msg`Member` },
  component: lazyScreen(() => import('../../features/inspiration/MemberScreen.tsx'), 'MemberScreen'),
});
