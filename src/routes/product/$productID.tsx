import { createFileRoute, notFound } from '@tanstack/react-router';
import { errorCode } from '../../api/error-code.ts';
import { shopQueries } from '../../features/shop/queries.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

export const Route = createFileRoute('/product/$productID')({
  loader: async ({ params, context: { api, queryClient, preferences } }) => {
    const currency = await preferences.resolveCurrency();
    try {
      await queryClient.ensureQueryData(shopQueries.product(api, params.productID, currency));
    } catch (error) {
      if (errorCode(error) === 'ObjectNotFound') throw notFound();
      throw error;
    }
    void queryClient.prefetchQuery(shopQueries.relatedProducts(api, params.productID, currency));
  },
  component: lazyScreen(() => import('../../features/shop/ProductScreen.tsx'), 'ProductScreen'),
  notFoundComponent: lazyScreen(() => import('../../features/shop/ProductScreen.tsx'), 'ProductNotFound'),
});
