import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { ErrorCode, SortOrder, type Bilingual } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { shopQueries } from '../../features/shop/queries.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

const Search = v.object({ sort: v.fallback(v.optional(SortOrder), undefined) });

export const Route = createFileRoute('/new_in/{-$productTypeID}')({
  staticData: {
    title: ({ loaderData, text, translate }) => {
      const typeName = (loaderData as { typeName?: Bilingual } | undefined)?.typeName;
      return typeName ? translate(msg`New in: ${text(typeName)}`) : translate(msg`New in`);
    },
  },
  validateSearch: Search,
  loaderDeps: ({ search }) => ({ sort: search.sort ?? 'newest' }),
  loader: async ({ params, deps, context: { api, queryClient, preferences } }) => {
    const currency = await preferences.resolveCurrency();
    const type = params.productTypeID;
    try {
      const [, productType] = await Promise.all([
        queryClient.ensureQueryData(shopQueries.productTypes(api)),
        type ? queryClient.ensureQueryData(shopQueries.productType(api, type)) : undefined,
        type ? queryClient.ensureQueryData(shopQueries.productBanners(api, type)) : undefined,
        queryClient.ensureInfiniteQueryData(
          shopQueries.productSearch(api, { Currency: currency, ProductTypeID: type, Sort: deps.sort, excludeBoxsets: !type }),
        ),
      ]);
      return { typeName: productType?.Name };
    } catch (error) {
      if (errorCode(error) === ErrorCode.ObjectNotFound) throw notFound();
      throw error;
    }
  },
  component: lazyScreen(() => import('../../features/shop/NewInScreen.tsx'), 'NewInScreen'),
});
