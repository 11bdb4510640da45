import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireMember } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2 taste_card/success: the card just saved (cardID), with the way to its drink. */
export const Route = createFileRoute('/taste_card/success')({
  beforeLoad: requireMember,
  validateSearch: v.object({ cardID: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) }),
  staticData: { title: msg`Taste card published`, skipFromRedirect: true },
  component: lazyScreen(() => import('../../features/taste-cards/TasteCardSuccessScreen.tsx'), 'TasteCardSuccessScreen'),
});
