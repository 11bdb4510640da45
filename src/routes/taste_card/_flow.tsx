import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireMember } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/**
 * taste_card/select_product and taste_card/steps share one taste card flow (this pathless layout holds
 * it). Writing a card needs a member (spec §2: the flow's entry new_tastecard is login + paid-member check).
 */
export const Route = createFileRoute('/taste_card/_flow')({
  beforeLoad: requireMember,
  validateSearch: v.object({ productID: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) }),
  staticData: { layout: { floatingButtons: false, footer: false } },
  component: lazyScreen(() => import('../../features/taste-cards/TasteCardFlowLayout.tsx'), 'TasteCardFlowLayout'),
});
