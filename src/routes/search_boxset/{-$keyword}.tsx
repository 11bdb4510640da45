import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../api/queries.ts';
import { paidMemberCheck } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2: box-set search, behind the paid-member check. */
export const Route = createFileRoute('/search_boxset/{-$keyword}')({
  beforeLoad: paidMemberCheck,
  loader: async ({ params, context: { api, queryClient, preferences } }) => {
    const currency = await preferences.resolveCurrency();
    await queryClient.ensureInfiniteQueryData(queries.boxsetSearch(api, { Currency: currency, Keyword: params.keyword ?? '' }));
  },
  component: lazyScreen(() => import('../../features/shop/BoxsetSearchScreen.tsx'), 'BoxsetSearchScreen'),
});
