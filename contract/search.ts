import * as v from 'valibot';
import { Bilingual, Currency, Id, defineCall, noBody } from './define.ts';
import { Keyword, ProductCard, SearchAndFilterProduct } from './catalogue.ts';

export { RECENT_SEARCH_LIMIT, pushRecentSearch } from './recent-search.ts';
/** How many keywords the top-search and now-trending lists hold. */
export const HOT_KEYWORD_LIMIT = 10;

/**
 * A recent search to forget: as long as the searches that were stored before the keyword cap was lowered
 * to KEYWORD_MAX_LENGTH (100), so that those can still be removed one by one.
 */
const StoredKeyword = v.pipe(v.string(), v.maxLength(100));

/** A ranked keyword of the top-search or now-trending list; Sort 1 is the first. */
export const HotKeyword = v.object({ Keyword: v.string(), Sort: v.number() });
export type HotKeyword = v.InferOutput<typeof HotKeyword>;

/** Spec §7 Search history: the member's recent searches, newest first, at most 5. */
export const getUserRecentSearch = defineCall({
  name: 'getUserRecentSearch',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({}), {}),
  response: v.object({ RecentSearchList: v.array(v.string()) }),
});

/** Removes one keyword, or every recent search when Keyword is absent. */
export const delUserRecentSearch = defineCall({
  name: 'delUserRecentSearch',
  method: 'POST',
  auth: 'member',
  body: v.object({ Keyword: v.optional(StoredKeyword) }),
  response: v.object({ RecentSearchList: v.array(v.string()) }),
});

/** Spec §7 Content: the top-search and now-trending lists, computed from the search log. */
export const getHotKeyword = defineCall({
  name: 'getHotKeyword',
  method: 'GET',
  auth: 'member',
  body: noBody,
  response: v.object({ TopSearch: v.array(HotKeyword), NowTrening: v.array(HotKeyword) }),
});

/** Recomputes the top-search list (most searched keywords of the last 90 days). */
export const updateTopSearch = defineCall({
  name: 'updateTopSearch',
  method: 'GET',
  auth: 'member',
  body: noBody,
  response: v.object({ TopSearch: v.array(HotKeyword) }),
});

/** Recomputes the now-trending list (keywords rising in the last 24 hours against the week before). */
export const updateNowTrending = defineCall({
  name: 'updateNowTrending',
  method: 'GET',
  auth: 'member',
  body: noBody,
  response: v.object({ NowTrening: v.array(HotKeyword) }),
});

export const SearchType = v.picklist(['product', 'boxset']);
export type SearchType = v.InferOutput<typeof SearchType>;

/**
 * A submitted search from the search popup: logged (for the hot lists), remembered as a member's
 * recent search, answered with the first results. Visitors are told apart by CookieID.
 */
export const searchProduct = defineCall({
  name: 'searchProduct',
  method: 'POST',
  auth: 'public',
  body: v.object({
    Currency,
    Keyword,
    searchType: v.optional(SearchType, 'product'),
    CookieID: v.optional(v.pipe(v.string(), v.maxLength(64))),
  }),
  response: v.object({
    ProductList: v.array(ProductCard),
    Total: v.number(),
    /** Ours: more than Total products match (see SearchResults). */
    TotalCapped: v.optional(v.boolean()),
    /** Ours: nothing matched; this keyword would (see SearchResults). */
    DidYouMean: v.optional(v.string()),
    /** The member's recent searches after this one (absent for visitors, who keep theirs locally). */
    RecentSearchList: v.optional(v.array(v.string())),
  }),
});

export const Recommendation = v.object({
  /** A popular keyword, or a product whose name matches what was typed. */
  Type: v.picklist(['keyword', 'product']),
  Keyword: v.string(),
  ProductID: v.optional(Id),
  Name: v.optional(Bilingual),
});
export type Recommendation = v.InferOutput<typeof Recommendation>;

/** Suggestions while typing: no global loader, cancelled by the client when superseded. */
export const getAutocompleteRecommend = defineCall({
  name: 'get-autocomplete-recommend',
  method: 'POST',
  auth: 'public',
  noLoader: true,
  body: v.object({ Keyword: Keyword }),
  response: v.object({ RecommendList: v.array(Recommendation) }),
});

/** Spec §6: the member version of SearchAndFilterProduct; same body, ranking personalised by wishlist and orders. */
export const UserSearchAndFilterProduct = defineCall({
  name: 'UserSearchAndFilterProduct',
  method: 'POST',
  auth: 'member',
  body: SearchAndFilterProduct.body,
  response: SearchAndFilterProduct.response,
});
