import { ErrorCode, type Bilingual } from '../../../contract/index.ts';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { errorCode } from '../../api/error-code.ts';
import { shopQueries } from '../../features/shop/queries.ts';
import { queries } from '../../api/queries.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

export const Route = createFileRoute('/product/$productID')({
  loader: async ({ params, context: { api, queryClient, preferences } }) => {
    const currency = await preferences.resolveCurrency();
    try {
      const product = await queryClient.ensureQueryData(queries.product(api, params.productID, currency));
      void queryClient.prefetchQuery(shopQueries.relatedProducts(api, params.productID, currency));
      return { name: product.Name };
    } catch (error) {
      if (errorCode(error) === ErrorCode.ObjectNotFound) throw notFound();
      throw error;
    }
  },
  staticData: { title: ({ loaderData, text }) => (loaderData ? text((loaderData as { name: Bilingual }).name) : undefined) },
  component: lazyScreen(() => import('../../features/shop/ProductScreen.tsx'), 'ProductScreen'),
  notFoundComponent: lazyScreen(() => import('../../features/shop/ProductScreen.tsx'), 'ProductNotFound'),
});
