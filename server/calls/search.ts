import * as contract from '../../contract/search.ts';
import { memberAffinity } from '../services/search/affinity.ts';
import { autocomplete } from '../services/search/autocomplete.ts';
import { normaliseKeyword } from '../services/search/keywords.ts';
import { logSearch } from '../services/search/log.ts';
import { boxsetTypeIds, searchProducts } from '../services/search/products.ts';
import { forgetSearch, recentSearchesOf, rememberSearch } from '../services/search/recent.ts';
import { currentHotKeywords, refreshHotKeywords } from '../services/search/trending.ts';
import { cardsByIds } from '../services/catalogue.ts';
import { implement } from './handler.ts';

/** searchProduct answers the first results only; the result page pages on with SearchAndFilterProduct. */
const SEARCH_PRODUCT_PAGE = 20;

export const searchHandlers = implement(contract, {
  async getUserRecentSearch({ deps: { db }, userId }) {
    return { RecentSearchList: await recentSearchesOf(db, userId) };
  },

  async delUserRecentSearch({ body, deps: { db }, userId }) {
    return { RecentSearchList: await forgetSearch(db, userId, body.Keyword) };
  },

  async getHotKeyword({ deps: { db, clock } }) {
    const lists = await currentHotKeywords(db, clock.now());
    return { TopSearch: lists.top, NowTrening: lists.trending };
  },

  async updateTopSearch({ deps: { db, clock } }) {
    return { TopSearch: await refreshHotKeywords(db, 'top', clock.now()) };
  },

  async updateNowTrending({ deps: { db, clock } }) {
    return { NowTrening: await refreshHotKeywords(db, 'trending', clock.now()) };
  },

  async searchProduct({ body, deps: { db, clock, productCache }, clientIp, signedInMember }) {
    const userId = await signedInMember();
    // Spec §7: a box-set search keeps to the box-set type; a product search leaves it out.
    const boxsets = await boxsetTypeIds(db);
    const page = await searchProducts(
      db,
      {
        Currency: body.Currency,
        Keyword: body.Keyword,
        ...(body.searchType === 'boxset' ? { Filter: { ProductType: boxsets } } : { MustNot: { ProductType: boxsets } }),
        From: 0,
        Size: SEARCH_PRODUCT_PAGE,
      },
      { affinity: userId ? await memberAffinity(db, userId) : undefined, cache: productCache },
    );
    const now = clock.now();
    const keyword = normaliseKeyword(body.Keyword);
    if (keyword) await logSearch(db, { keyword, userId, cookieId: body.CookieID, clientIp, resultCount: page.total, at: now });
    const RecentSearchList = userId
      ? keyword
        ? await rememberSearch(db, userId, body.Keyword, now)
        : await recentSearchesOf(db, userId)
      : undefined;
    return {
      ProductList: await cardsByIds(db, body.Currency, page.ids),
      Total: page.total,
      ...(page.capped ? { TotalCapped: true } : {}),
      ...(page.didYouMean ? { DidYouMean: page.didYouMean } : {}),
      ...(RecentSearchList ? { RecentSearchList } : {}),
    };
  },

  async getAutocompleteRecommend({ body, deps: { db, clock } }) {
    return { RecommendList: await autocomplete(db, body.Keyword, clock.now()) };
  },

  async UserSearchAndFilterProduct({ body, deps: { db, productCache }, userId }) {
    const page = await searchProducts(db, body, { affinity: await memberAffinity(db, userId), cache: productCache });
    return {
      ProductList: await cardsByIds(db, body.Currency, page.ids),
      Total: page.total,
      ...(page.capped ? { TotalCapped: true } : {}),
      ...(page.didYouMean ? { DidYouMean: page.didYouMean } : {}),
    };
  },
});
