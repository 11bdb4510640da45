import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getFilter,
  getHotKeyword,
  getUserRecentSearch,
  KEYWORD_MAX_LENGTH,
  SearchAndFilterEvent,
  SearchAndFilterProduct,
  UserSearchAndFilterProduct,
  type Currency,
  type HotKeyword,
  type SearchType,
  type SortOrder,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { cookieId } from '../../app/cookie-id.ts';
import type { ResultSearch } from './search-params.ts';

/** Spec §9: the product type that marks box sets (search_result leaves them out, search_boxset shows only them). */
export const BOXSET_TYPE_ID = 'boxset';
export const RESULTS_PAGE_SIZE = 12;

/** The filters of a results page, read from its URL (ResultSearch) and tidied. */
export interface ResultFilters {
  type?: string[] | undefined;
  attr?: string[] | undefined;
  min?: number | undefined;
  max?: number | undefined;
  sort?: SortOrder | undefined;
}

/** Comma-separated IDs as the contract takes them: 1–64 characters, no repeats, at most 100. */
const idsOf = (text: string | undefined) => {
  const ids = [...new Set((text ?? '').split(',').map((id) => id.trim()))].filter((id) => id.length > 0 && id.length <= 64);
  return ids.length ? ids.slice(0, 100) : undefined;
};
/** Money is integer minor units, 0 or more. */
const amountOf = (n: number | undefined) => (n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined);

/** The filters a results URL asks for; box-set search ignores a type (it forces its own). */
export function resultFilters(search: ResultSearch, searchType: SearchType): ResultFilters {
  return {
    type: searchType === 'boxset' ? undefined : idsOf(search.type),
    attr: idsOf(search.attr),
    min: amountOf(search.min),
    max: amountOf(search.max),
    sort: search.sort,
  };
}

/** The URL search of a results page with these filters (empty ones left out). */
export function searchOf(filters: ResultFilters): ResultSearch {
  return {
    type: filters.type?.length ? filters.type.join(',') : undefined,
    attr: filters.attr?.length ? filters.attr.join(',') : undefined,
    min: filters.min,
    max: filters.max,
    sort: filters.sort,
  };
}

/** What a results page shows when no sort was chosen: best match for a keyword, best sellers otherwise. */
export const defaultSort = (keyword: string): SortOrder => (keyword ? 'relevance' : 'bestSelling');

/**
 * The keyword of a results page's URL, as searched: spaces tidied, cut to the contract's KEYWORD_MAX_LENGTH
 * UTF-16 units (a pasted long URL would otherwise be refused), never in the middle of a character.
 */
export function keywordOf(param: string | undefined): string {
  const keyword = (param ?? '').trim().replace(/\s+/g, ' ');
  if (keyword.length <= KEYWORD_MAX_LENGTH) return keyword;
  const cut = keyword.slice(0, KEYWORD_MAX_LENGTH);
  // A high surrogate at the end is half of a character outside the BMP (an emoji, a rare Chinese character).
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

export interface ResultsParams {
  /** Members get UserSearchAndFilterProduct (spec §6), and their results are cleared on logout. */
  member: boolean;
  searchType: SearchType;
  Currency: Currency;
  Keyword: string;
  filters: ResultFilters;
}

const nonEmpty = <T,>(list: readonly T[] | undefined) => (list?.length ? [...list] : undefined);
const byRank = (list: readonly HotKeyword[]) => [...list].sort((a, b) => a.Sort - b.Sort);

/** The body of a results page, without paging. */
export function resultsBody(params: ResultsParams, CookieID: string) {
  const { filters, Keyword } = params;
  const boxsets = params.searchType === 'boxset';
  const range =
    filters.min !== undefined || filters.max !== undefined ? { Price: { Min: filters.min, Max: filters.max } } : undefined;
  return {
    Currency: params.Currency,
    Keyword: Keyword || undefined,
    // Spec §7: box-set search forces the ProductType filter; the product search leaves box sets out.
    Filter: { ProductType: boxsets ? [BOXSET_TYPE_ID] : nonEmpty(filters.type), Attribute: nonEmpty(filters.attr) },
    MustNot: boxsets ? undefined : { ProductType: [BOXSET_TYPE_ID] },
    Range: range,
    Sort: filters.sort ?? defaultSort(Keyword),
    CookieID,
  };
}

/** The body of getFilter for a results page: its search without sort and paging; box sets as their fixed type. */
export function filtersBody(params: Omit<ResultsParams, 'member'>) {
  const { filters, Keyword } = params;
  const boxsets = params.searchType === 'boxset';
  const range =
    filters.min !== undefined || filters.max !== undefined ? { Price: { Min: filters.min, Max: filters.max } } : undefined;
  return {
    ProductType: boxsets ? BOXSET_TYPE_ID : undefined,
    Keyword: Keyword || undefined,
    Currency: params.Currency,
    Filter: { ProductType: boxsets ? undefined : nonEmpty(filters.type), Attribute: nonEmpty(filters.attr) },
    MustNot: boxsets ? undefined : { ProductType: [BOXSET_TYPE_ID] },
    Range: range,
  };
}

export const searchQueries = {
  /**
   * Result pages of a search. Spec §7 names SearchAndFilterProduct for box-set search, so only the
   * product search switches to the member call.
   */
  results: (api: ApiClient, params: ResultsParams) => {
    const memberCall = params.member && params.searchType === 'product';
    const { member: _member, ...key } = params;
    return infiniteQueryOptions({
      queryKey: memberCall ? ['member', 'searchResults', key] : ['searchResults', key],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        api.call(
          memberCall ? UserSearchAndFilterProduct : SearchAndFilterProduct,
          { ...resultsBody(params, cookieId()), From: pageParam, Size: RESULTS_PAGE_SIZE },
          { signal },
        ),
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.ProductList.length, 0);
        // A capped Total ("1,000+") is a lower bound: a full page says there may be more.
        const more = last.TotalCapped ? last.ProductList.length === RESULTS_PAGE_SIZE : loaded < last.Total;
        return more && last.ProductList.length > 0 ? loaded : undefined;
      },
      staleTime: 60_000,
    });
  },
  /**
   * Types, attribute groups and the price range to filter a results page by, counted over its results (a
   * count says what choosing that option would find with the page's other filters).
   */
  filters: (api: ApiClient, params: Omit<ResultsParams, 'member'>) =>
    queryOptions({
      queryKey: ['searchFilters', params],
      queryFn: ({ signal }) => api.call(getFilter, filtersBody(params), { signal }),
      staleTime: 60_000,
    }),
  /** Tasting events matching a results page's keyword (shown beside the products when there are some). */
  events: (api: ApiClient, Keyword: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['eventSearch', Keyword, Currency],
      queryFn: ({ signal }) =>
        api.call(SearchAndFilterEvent, { Keyword, Currency, CookieID: cookieId(), Size: 12 }, { signal }).then((r) => r.EventList),
      staleTime: 60_000,
      // The products are the page; its events row is left out when it cannot be read.
      meta: { handlesErrors: true },
    }),
  /** The member's recent searches, newest first (under 'member': logout clears them, spec §4). */
  recentSearches: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'recentSearches'],
      queryFn: ({ signal }) => api.call(getUserRecentSearch, {}, { signal }).then((r) => r.RecentSearchList),
      staleTime: 60_000,
    }),
  /** Top search and now trending, each in its Sort order (a member call). */
  hotKeywords: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'hotKeywords'],
      queryFn: ({ signal }) =>
        api.call(getHotKeyword, {}, { signal }).then((r) => ({ topSearch: byRank(r.TopSearch), nowTrending: byRank(r.NowTrening) })),
      staleTime: 5 * 60_000,
    }),
};
