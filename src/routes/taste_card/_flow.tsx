import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { queries } from '../../api/queries.ts';
import { requireMember } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/**
 * taste_card/select_product and taste_card/steps share one taste card flow (this pathless layout holds
 * it). Writing a card needs a member (spec §2: the flow's entry new_tastecard is login + paid-member check).
 */
export const Route = createFileRoute('/taste_card/_flow')({
  beforeLoad: requireMember,
  validateSearch: v.object({ productID: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) }),
  loaderDeps: ({ search }) => ({ productID: search.productID }),
  // The drink is asked for as the flow's code loads, not once it runs (it reads the drink through this query).
  loader: async ({ deps, context: { api, queryClient, preferences } }) => {
    if (deps.productID) void queryClient.prefetchQuery(queries.product(api, deps.productID, await preferences.resolveCurrency()));
  },
  staticData: { layout: { floatingButtons: false, footer: false } },
  component: lazyScreen(() => import('../../features/taste-cards/TasteCardFlowLayout.tsx'), 'TasteCardFlowLayout'),
});
