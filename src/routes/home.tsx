import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { shopQueries } from '../features/shop/queries.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

export const Route = createFileRoute('/home')({
  staticData: { title: msg`Tea, coffee, incense and spirits`, layout: { addToHomeBanner: true, subscriptionBar: true } },
  validateSearch: v.object({ login: v.fallback(v.optional(v.boolean()), undefined) }),
  // The first screen's data; the blocks below it read theirs as the reader scrolls near them (HomeScreen).
  loader: async ({ context: { api, queryClient, preferences } }) => {
    const currency = await preferences.resolveCurrency();
    await Promise.all([
      queryClient.ensureQueryData(shopQueries.bigBanners(api)),
      queryClient.ensureQueryData(shopQueries.productTypes(api)),
      queryClient.ensureQueryData(shopQueries.newInSection(api, currency)),
    ]);
  },
  // The first screen: its messages come with the first load (vite.config.ts, firstLoadMessages).
  component: lazyScreen(() => import('../features/shop/HomeScreen.tsx'), 'HomeScreen', { firstScreen: true }),
});
