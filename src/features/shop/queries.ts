import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getBestSellerProduct,
  getBigPromotionBanner,
  getNewInSection,
  getProduct,
  getProductBanner,
  getProductType,
  getProductTypeList,
  getRelatedProduct,
  getSmallPromotionBanner,
  getUpcomingEvents,
  SearchAndFilterProduct,
  type Currency,
  type SortOrder,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { nextFrom } from '../../api/queries.ts';

const HOUR = 60 * 60_000;

/** queryOptions factories of the shop's screens (home, new in, product); keys carry every input, currency included. */
export const shopQueries = {
  productTypes: (api: ApiClient) =>
    queryOptions({
      queryKey: ['productTypes'],
      queryFn: ({ signal }) => api.call(getProductTypeList, {}, { signal }).then((r) => r.ProductTypeList),
      staleTime: HOUR,
    }),
  productType: (api: ApiClient, ProductTypeID: string) =>
    queryOptions({
      queryKey: ['productType', ProductTypeID],
      queryFn: ({ signal }) => api.call(getProductType, { ProductTypeID }, { signal }).then((r) => r.ProductType),
      staleTime: HOUR,
    }),
  productBanners: (api: ApiClient, ProductType: string) =>
    queryOptions({
      queryKey: ['productBanners', ProductType],
      queryFn: ({ signal }) => api.call(getProductBanner, { ProductType }, { signal }).then((r) => r.BannerList),
      staleTime: HOUR,
    }),
  product: (api: ApiClient, ProductID: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['product', ProductID, Currency],
      queryFn: ({ signal }) => api.call(getProduct, { ProductID, Currency }, { signal }).then((r) => r.Product),
      staleTime: 60_000,
    }),
  relatedProducts: (api: ApiClient, ProductID: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['relatedProducts', ProductID, Currency],
      queryFn: ({ signal }) =>
        api.call(getRelatedProduct, { ProductID, Currency, Size: 8 }, { signal }).then((r) => r.ProductList),
      staleTime: 5 * 60_000,
    }),
  bestSellers: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['bestSellers', Currency],
      queryFn: ({ signal }) => api.call(getBestSellerProduct, { Currency, Size: 8 }, { signal }).then((r) => r.ProductList),
      staleTime: 5 * 60_000,
    }),
  newInSection: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['newInSection', Currency],
      queryFn: ({ signal }) => api.call(getNewInSection, { Currency }, { signal }),
      staleTime: 5 * 60_000,
    }),
  productSearch: (
    api: ApiClient,
    params: { Currency: Currency; ProductTypeID?: string; Sort: SortOrder; excludeBoxsets: boolean },
  ) =>
    infiniteQueryOptions({
      queryKey: ['productSearch', params],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        api.call(
          SearchAndFilterProduct,
          {
            Currency: params.Currency,
            Sort: params.Sort,
            Filter: params.ProductTypeID ? { ProductType: [params.ProductTypeID] } : undefined,
            MustNot: params.excludeBoxsets ? { ProductType: ['boxset'] } : undefined,
            From: pageParam,
            Size: 12,
          },
          { signal },
        ),
      getNextPageParam: nextFrom,
      staleTime: 60_000,
    }),
  /** The home page's row of tasting events: the next sessions on sale. */
  upcomingEvents: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['upcomingEvents', Currency],
      queryFn: ({ signal }) => api.call(getUpcomingEvents, { Currency, Size: 8 }, { signal }).then((r) => r.EventList),
      staleTime: 60_000,
      // A home page without its events row is still a home page.
      meta: { handlesErrors: true },
    }),
  bigBanners: (api: ApiClient) =>
    queryOptions({
      queryKey: ['banners', 'big'],
      queryFn: ({ signal }) => api.call(getBigPromotionBanner, {}, { signal }).then((r) => r.BannerList),
      staleTime: HOUR,
    }),
  smallBanners: (api: ApiClient) =>
    queryOptions({
      queryKey: ['banners', 'small'],
      queryFn: ({ signal }) => api.call(getSmallPromotionBanner, {}, { signal }).then((r) => r.BannerList),
      staleTime: HOUR,
    }),
};
