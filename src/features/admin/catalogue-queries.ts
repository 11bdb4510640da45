import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getProductTypeList, staffListProducts, type CallBodyInput } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's catalogue, under the back office's key (signing out drops it). */
export const CATALOGUE_KEY = [...ADMIN_KEY, 'catalogue'] as const;

export type ProductFilters = Omit<CallBodyInput<typeof staffListProducts>, 'LastEvaluatedKey'>;

/** queryOptions of the catalogue screen: products page on the server by LastEvaluatedKey. */
export const catalogueQueries = {
  /**
   * The customers' product types (getProductTypeList), under the shop's own key and in its shape (features/shop
   * queries.ts productTypes, which a feature may not import): one cache for both.
   */
  productTypes: (api: ApiClient) =>
    queryOptions({
      queryKey: ['productTypes'],
      queryFn: ({ signal }) => api.call(getProductTypeList, {}, { signal }).then((r) => r.ProductTypeList),
      staleTime: 60 * 60_000,
      meta: { handlesErrors: true },
    }),
  products: (api: ApiClient, filters: ProductFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...CATALOGUE_KEY, 'products', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListProducts, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
