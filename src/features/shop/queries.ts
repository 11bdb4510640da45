import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getBestSellerProduct,
  getBigPromotionBanner,
  getInspirationTitle,
  getMemberGuide,
  getNewInSection,
  getProductBanner,
  getProductType,
  getProductTypeList,
  getRecommendedProduct,
  getRelatedProduct,
  getSmallPromotionBanner,
  getSurveyLanding,
  getUpcomingEvents,
  listInspiration,
  listUserEventRecord,
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
  /** The landing's invitation to taste with us and answer the session's survey (content). */
  surveyLanding: (api: ApiClient) =>
    queryOptions({
      queryKey: ['surveyLanding'],
      queryFn: ({ signal }) => api.call(getSurveyLanding, {}, { signal }),
      staleTime: HOUR,
      meta: { handlesErrors: true },
    }),
  inspirationTitle: (api: ApiClient) =>
    queryOptions({
      queryKey: ['inspirationTitle'],
      queryFn: ({ signal }) => api.call(getInspirationTitle, {}, { signal }),
      staleTime: HOUR,
      meta: { handlesErrors: true },
    }),
  /** The landing's row of the newest published inspiration posts. */
  newestInspiration: (api: ApiClient) =>
    queryOptions({
      queryKey: ['inspiration', 'landing', 8],
      queryFn: ({ signal }) => api.call(listInspiration, { Size: 8 }, { signal }).then((r) => r.InspirationList),
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  /** The member guide's steps (member data: under 'member', so signing out clears it). */
  memberGuide: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'memberGuide'],
      queryFn: ({ signal }) => api.call(getMemberGuide, {}, { signal }),
      staleTime: 30_000,
      meta: { handlesErrors: true },
    }),
  /** Every event record of the member (the same query the event pages read). */
  eventRecords: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'eventRecords', 'all'],
      queryFn: ({ signal }) => api.call(listUserEventRecord, {}, { signal }).then((r) => r.RecordList),
      staleTime: 30_000,
      meta: { handlesErrors: true },
    }),
  /** Drinks picked for the member's taste profile. */
  recommendations: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['member', 'recommendedProducts', Currency],
      queryFn: ({ signal }) => api.call(getRecommendedProduct, { Currency, Size: 8 }, { signal }),
      staleTime: 5 * 60_000,
      meta: { handlesErrors: true },
    }),
};
