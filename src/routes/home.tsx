import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { shopQueries } from '../features/shop/queries.ts';
import { MemberHomePart, MemberHomeSkeletonPart } from '../features/shop/member-home-part.tsx';
import { lazyScreen } from '../app/lazy-screen.ts';
import { nextTask } from '../app/next-task.ts';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';

export const Route = createFileRoute('/home')({
  staticData: { title: msg`Tea, coffee, incense and spirits`, layout: { addToHomeBanner: true, subscriptionBar: true } },
  validateSearch: v.object({ login: v.fallback(v.optional(v.boolean()), undefined) }),
  // The first screen's data; the blocks below it read theirs as the reader scrolls near them (HomeScreen).
  loader: async ({ context: { api, queryClient, preferences, session } }) => {
    const currency = await preferences.resolveCurrency();
    // A member's home asks its answers now, beside the first screen's, and they are not waited for: asked by
    // MemberHome itself they came after the home screen, MemberHome's chunk and the member had arrived, one
    // round trip after another on a phone (issue 30). MemberHome finds them in flight or answered.
    const member = isLoggedIn(session.getSnapshot());
    if (member) {
      // Its chunk too, which waited for the home to render.
      void MemberHomePart.preload().catch(() => undefined);
      void queryClient.prefetchQuery(shopQueries.memberGuide(api));
      void queryClient.prefetchQuery(shopQueries.eventRecords(api));
      void queryClient.prefetchQuery(shopQueries.recommendations(api, currency));
      // Starting a request costs the main thread a millisecond or more: the first screen's in a task of their own.
      await nextTask();
    }
    await Promise.all([
      queryClient.ensureQueryData(shopQueries.bigBanners(api)),
      queryClient.ensureQueryData(shopQueries.productTypes(api)),
      queryClient.ensureQueryData(shopQueries.newInSection(api, currency)),
      // The member home's place is held from the first render (no shift as it loads); a visitor's load leaves it out.
      member ? MemberHomeSkeletonPart.preload() : undefined,
    ]);
  },
  // The first screen: its messages come with the first load (vite.config.ts, firstLoadMessages).
  component: lazyScreen(() => import('../features/shop/HomeScreen.tsx'), 'HomeScreen', { firstScreen: true }),
});
