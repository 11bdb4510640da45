/**
 * Data of the search popup flow. Declared here (not imported from contract/) so the machine opens
 * unchanged in the Stately visualizer; tests/machines/search.test.ts checks that these stay
 * structurally compatible with contract/search.ts.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** Which catalogue a submitted search looks in: all products, or box sets only. */
export type SearchType = 'product' | 'boxset';

export type Bilingual = { en: string; zh: string };

/** One suggestion while typing: a popular keyword, or a product whose name matches. */
export type Recommendation = {
  Type: 'keyword' | 'product';
  Keyword: string;
  ProductID?: string | undefined;
  Name?: Bilingual | undefined;
};

/** get-autocomplete-recommend {Keyword}. */
export type GetAutocompleteRecommendInput = { Keyword: string };
export type GetAutocompleteRecommendOutput = { RecommendList: Recommendation[] };

/** searchProduct {Keyword, searchType}; the app adds Currency and the anonymous CookieID. */
export type SearchProductInput = { Keyword: string; searchType: SearchType };
export type SearchProductOutput = {
  Total: number;
  /** The member's recent searches after this one; absent for visitors, who keep theirs locally. */
  RecentSearchList?: string[] | undefined;
};

export type SearchInput = {
  /** The keyword to start from (the one of the result page the popup was opened on). */
  keyword?: string | undefined;
  searchType?: SearchType | undefined;
};

export type SearchContext = {
  /** What the search field holds, as typed. */
  keyword: string;
  searchType: SearchType;
  /** Suggestions for `suggestionsFor`; kept while the next ones load so the list does not flicker. */
  suggestions: Recommendation[];
  /** The keyword the suggestions were fetched for. */
  suggestionsFor: string;
  /** Why the last search failed: a spec §8 code, or 'NetworkError'. */
  errorCode?: CallCode | undefined;
  /** Set once searchProduct has answered: what to show next. */
  submitted?: SearchOutput | undefined;
};

export type SearchEvent =
  /** The search field changed (every keystroke). */
  | { type: 'TYPE'; keyword: string }
  /** Search for a keyword: the field's text, or a recent, hot or suggested keyword that was picked. */
  | { type: 'SUBMIT'; keyword: string };

export type SearchOutput = {
  keyword: string;
  searchType: SearchType;
  total: number;
  /** The member's recent searches as the server now has them (absent for visitors). */
  recentSearches?: string[] | undefined;
};

export type SearchTag = 'busy' | 'loadingSuggestions';
