import { queryOptions } from '@tanstack/react-query';
import { getCurrency, getProduct, getThirdPartyProviders, getWishlist, type Currency } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

const HOUR = 60 * 60_000;

/** The From of the next page of a product search, or undefined when every match is loaded. */
export const nextFrom = <Page extends { Total: number; ProductList: unknown[] }>(last: Page, pages: Page[]) => {
  const loaded = pages.reduce((n, p) => n + p.ProductList.length, 0);
  return loaded < last.Total ? loaded : undefined;
};

/**
 * queryOptions factories that more than one part of the app reads; keys carry every input, currency
 * included. A factory one feature alone reads lives in that feature's queries.ts (shopQueries,
 * contentQueries, layoutQueries, accountQueries, orderQueries, search's), beside its screens. Member data
 * is keyed under 'member', so signing out clears it.
 */
export const queries = {
  /** A product's page; the taste card flow reads the drink from here too, so a card begun on its page waits for no call. */
  product: (api: ApiClient, ProductID: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['product', ProductID, Currency],
      queryFn: ({ signal }) => api.call(getProduct, { ProductID, Currency }, { signal }).then((r) => r.Product),
      staleTime: 60_000,
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
};
