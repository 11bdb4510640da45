import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getDailySip,
  listUserProduct,
  listUserTasteCard,
  newGetPublicTasteCard,
  newGetUserTasteCard,
  newListTasteCard,
  SearchAndFilterProduct,
  SearchSimilarProductTasteCard,
  type Currency,
  type TasteCardStatus,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { productTasteQueries } from '../../api/taste-queries.ts';

/** Cards a product page shows at a time ("More" reads the next ones). */
export const PRODUCT_CARDS_PAGE = 4;
/** Cards the member's list reads at a time. */
export const USER_CARDS_PAGE = 20;

/** The From of the next page of cards, or undefined when every card is loaded. */
const nextCardsFrom = <Page extends { Total: number; CardList: unknown[] }>(last: Page, pages: Page[]) => {
  const loaded = pages.reduce((n, p) => n + p.CardList.length, 0);
  return loaded < last.Total ? loaded : undefined;
};

/**
 * queryOptions factories of the taste pages (issue 16): what a product page shows of its cards and
 * profile, the member's own cards, match and daily sip. Member data is keyed under 'member', so signing
 * out clears it; every query here handles its errors in words beside the part that failed.
 */
export const tasteProfileQueries = {
  /** The product's published cards, newest first, a page at a time. */
  productCards: (api: ApiClient, ProductID: string) =>
    infiniteQueryOptions({
      queryKey: ['tasteCards', 'product', ProductID],
      queryFn: ({ signal, pageParam }) => api.call(newListTasteCard, { ProductID, From: pageParam, Size: PRODUCT_CARDS_PAGE }, { signal }),
      initialPageParam: 0,
      getNextPageParam: nextCardsFrom,
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  productProfile: productTasteQueries.profile,
  similar: (api: ApiClient, ProductID: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['similarByTaste', ProductID, Currency],
      queryFn: ({ signal }) => api.call(SearchSimilarProductTasteCard, { ProductID, Currency, Size: 8 }, { signal }).then((r) => r.ProductList),
      staleTime: 5 * 60_000,
      meta: { handlesErrors: true },
    }),
  match: productTasteQueries.match,
  /** The member's own cards, any status unless one is asked for, narrowed to a product type. */
  userCards: (api: ApiClient, filter: { ProductType?: string; Status?: TasteCardStatus }) =>
    infiniteQueryOptions({
      queryKey: ['member', 'tasteCards', filter.ProductType ?? 'all', filter.Status ?? 'all'],
      queryFn: ({ signal, pageParam }) =>
        api.call(
          listUserTasteCard,
          {
            ...(filter.ProductType ? { ProductType: filter.ProductType } : {}),
            ...(filter.Status ? { Status: filter.Status } : {}),
            From: pageParam,
            Size: USER_CARDS_PAGE,
          },
          { signal },
        ),
      initialPageParam: 0,
      getNextPageParam: nextCardsFrom,
      meta: { handlesErrors: true },
    }),
  /** A published card, for anyone. */
  publicCard: (api: ApiClient, CardID: string) =>
    queryOptions({
      queryKey: ['tasteCard', CardID],
      queryFn: ({ signal }) => api.call(newGetPublicTasteCard, { CardID }, { signal }).then((r) => r.Card),
      retry: false,
      meta: { handlesErrors: true },
    }),
  /** The member's own card, any status. */
  ownCard: (api: ApiClient, CardID: string) =>
    queryOptions({
      queryKey: ['member', 'tasteCard', CardID],
      queryFn: ({ signal }) => api.call(newGetUserTasteCard, { CardID }, { signal }).then((r) => r.Card),
      retry: false,
      meta: { handlesErrors: true },
    }),
  dailySip: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'dailySip'],
      queryFn: ({ signal }) => api.call(getDailySip, {}, { signal }),
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  /** The member's drinks: bought, added by NFC, carded; newest first. */
  userProducts: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['member', 'userProducts', Currency],
      queryFn: ({ signal }) => api.call(listUserProduct, { Currency }, { signal }).then((r) => r.ProductList),
      meta: { handlesErrors: true },
    }),
  productSearch: (api: ApiClient, Currency: Currency, Keyword: string) =>
    queryOptions({
      queryKey: ['dailySipSearch', Currency, Keyword],
      queryFn: ({ signal }) => api.call(SearchAndFilterProduct, { Currency, Keyword, Size: 20 }, { signal }).then((r) => r.ProductList),
      enabled: Keyword !== '',
      meta: { handlesErrors: true },
    }),
};
