import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getBestSellerProduct,
  getBigPromotionBanner,
  getCurrency,
  getFooterContent,
  getInformation,
  getNavigationMenu,
  getNewInSection,
  getProduct,
  getProductBanner,
  getProductType,
  getProductTypeList,
  getRelatedProduct,
  getSmallPromotionBanner,
  getThirdPartyProviders,
  getVersion,
  getWishlist,
  SearchAndFilterProduct,
  type Currency,
  type SortOrder,
} from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

const HOUR = 60 * 60_000;

/** The From of the next page of a product search, or undefined when every match is loaded. */
const nextFrom = <Page extends { Total: number; ProductList: unknown[] }>(last: Page, pages: Page[]) => {
  const loaded = pages.reduce((n, p) => n + p.ProductList.length, 0);
  return loaded < last.Total ? loaded : undefined;
};

/** queryOptions factories, one per resource; keys carry every input, currency included. */
export const queries = {
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
  information: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: ['information', id],
      queryFn: ({ signal }) => api.call(getInformation, { id }, { signal }).then((r) => r.Information),
      staleTime: HOUR,
    }),
  navigationMenu: (api: ApiClient) =>
    queryOptions({
      queryKey: ['navigationMenu'],
      queryFn: ({ signal }) => api.call(getNavigationMenu, {}, { signal }).then((r) => r.Menu),
      staleTime: HOUR,
    }),
  footer: (api: ApiClient) =>
    queryOptions({
      queryKey: ['footer'],
      queryFn: ({ signal }) => api.call(getFooterContent, {}, { signal }),
      staleTime: HOUR,
    }),
  defaultCurrency: (api: ApiClient) =>
    queryOptions({
      queryKey: ['defaultCurrency'],
      queryFn: ({ signal }) => api.call(getCurrency, {}, { signal }).then((r) => r.Currency),
      staleTime: Infinity,
    }),
  /** The third-party sign-in providers this server has configured. */
  thirdPartyProviders: (api: ApiClient) =>
    queryOptions({
      queryKey: ['thirdPartyProviders'],
      queryFn: ({ signal }) => api.call(getThirdPartyProviders, {}, { signal }).then((r) => r.Providers),
      staleTime: HOUR,
    }),
  /** The member's saved products, newest first; under 'member' so signing out clears it. */
  wishlist: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['member', 'wishlist', Currency],
      queryFn: ({ signal }) => api.call(getWishlist, { Currency }, { signal }).then((r) => r.ProductList),
      staleTime: 60_000,
    }),
  version: (api: ApiClient) =>
    queryOptions({
      queryKey: ['version'],
      queryFn: ({ signal }) => api.call(getVersion, {}, { signal }).then((r) => r.informationResult.OnesipVersionID),
      staleTime: HOUR,
      refetchInterval: HOUR,
    }),
};
