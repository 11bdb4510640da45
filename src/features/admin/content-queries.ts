import { queryOptions } from '@tanstack/react-query';
import { getProductTypeList, staffListBanners, staffListInformationPages } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's content (banners, information pages): read afresh after each change made here. */
export const CONTENT_KEY = [...ADMIN_KEY, 'content'] as const;

export const contentQueries = {
  /** Every banner, big then small then product-type ones, each kind in the order customers see it. */
  banners: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'banners'],
      queryFn: ({ signal }) => api.call(staffListBanners, { Kind: 'all' }, { signal }).then((r) => r.BannerList),
      meta: { handlesErrors: true },
    }),
  informationPages: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'information'],
      queryFn: ({ signal }) => api.call(staffListInformationPages, {}, { signal }).then((r) => r.InformationList),
      meta: { handlesErrors: true },
    }),
  /** The product types a product banner may belong to (the shop's own list, as customers read it). */
  productTypes: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'product-types'],
      queryFn: ({ signal }) => api.call(getProductTypeList, {}, { signal }).then((r) => r.ProductTypeList),
      staleTime: 5 * 60_000,
      meta: { handlesErrors: true },
    }),
};
