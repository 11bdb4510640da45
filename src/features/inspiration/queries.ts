import { queryOptions } from '@tanstack/react-query';
import {
  getAuthor,
  getDiscover,
  getInspirationCollection,
  getLikeInspiration,
  getProductDetail,
  getUser,
  getUserInspiration,
  listComment,
  listFollowee,
  listFollower,
  listUserInspiration,
  SearchAndFilterInspiration,
  SearchAndFilterProduct,
  SearchAndFilterUserInspiration,
  type Currency,
  type InspirationSort,
  type MediaType,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { cookieId } from '../../app/cookie-id.ts';

/** Who reads: a member's reads say IsLiked / IsSaved / IsOwner / IsFollowing, so each viewer has their own cache. */
export type Viewer = string;
export const VISITOR: Viewer = 'visitor';

/** What the list page's address holds (its filters). */
export interface InspirationSearch {
  q?: string;
  tag?: string;
  sort?: InspirationSort;
  media?: MediaType;
}

/** The list's page size: the spec's default is everything (10000), a phone grid shows a page at a time. */
export const LIST_PAGE = 24;

const withSession = { withSession: true } as const;

export const inspirationQueries = {
  post: (api: ApiClient, InspirationID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'post', InspirationID, viewer],
      queryFn: ({ signal }) => api.call(getUserInspiration, { InspirationID }, { signal, ...withSession }).then((r) => r.Inspiration),
      retry: false,
      meta: { handlesErrors: true },
    }),
  /** The list page: search and filters (SearchAndFilterUserInspiration for members, spec §6). */
  search: (api: ApiClient, search: InspirationSearch, viewer: Viewer, size: number) =>
    queryOptions({
      queryKey: ['inspiration', 'search', search, size, viewer],
      queryFn: ({ signal }) => {
        const body = {
          ...(search.q?.trim() ? { Keyword: search.q.trim() } : {}),
          Filter: { ...(search.tag ? { Tag: [search.tag] } : {}), ...(search.media ? { MediaType: search.media } : {}) },
          ...(search.sort ? { Sort: search.sort } : {}),
          From: 0,
          Size: size,
          CookieID: cookieId(),
        };
        return viewer === VISITOR
          ? api.call(SearchAndFilterInspiration, body, { signal })
          : api.call(SearchAndFilterUserInspiration, body, { signal });
      },
      placeholderData: (previous) => previous,
    }),
  discover: (api: ApiClient, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'discover', viewer],
      queryFn: ({ signal }) => api.call(getDiscover, { Size: 12 }, { signal, ...withSession }),
    }),
  comments: (api: ApiClient, SourceID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'comments', SourceID, viewer],
      queryFn: ({ signal }) => api.call(listComment, { SourceID, Size: 50 }, { signal, ...withSession }),
    }),
  /** The products shown in a post, with their sizes (add to bag). */
  products: (api: ApiClient, ids: readonly string[], Currency: Currency) =>
    queryOptions({
      queryKey: ['inspiration', 'products', ids, Currency],
      queryFn: ({ signal }) => api.call(getProductDetail, { Currency, ProductList: [...ids] }, { signal }).then((r) => r.ProductList),
      enabled: ids.length > 0,
      staleTime: 60_000,
    }),
  productSearch: (api: ApiClient, Keyword: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['inspiration', 'productSearch', Keyword, Currency],
      queryFn: ({ signal }) =>
        api.call(SearchAndFilterProduct, { Currency, Keyword, Size: 12, CookieID: cookieId() }, { signal }).then((r) => r.ProductList),
      enabled: Keyword.trim() !== '',
      placeholderData: (previous) => previous,
    }),
  user: (api: ApiClient, UserID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'user', UserID, viewer],
      queryFn: ({ signal }) => api.call(getUser, { UserID }, { signal, ...withSession }).then((r) => r.User),
      retry: false,
      meta: { handlesErrors: true },
    }),
  author: (api: ApiClient, UserID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'author', UserID, viewer],
      queryFn: ({ signal }) => api.call(getAuthor, { UserID, Size: 6 }, { signal, ...withSession }),
    }),
  userPosts: (api: ApiClient, UserID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'userPosts', UserID, viewer],
      queryFn: ({ signal }) =>
        api.call(viewer === VISITOR ? SearchAndFilterInspiration : SearchAndFilterUserInspiration, { Filter: { UserID }, Sort: 'newest', Size: 60 }, { signal }),
    }),
  /** The member's own posts, archived ones too. */
  myPosts: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'inspiration', 'mine'],
      queryFn: ({ signal }) => api.call(listUserInspiration, { Size: 50 }, { signal }),
    }),
  followers: (api: ApiClient, UserID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'followers', UserID, viewer],
      queryFn: ({ signal }) => api.call(listFollower, { UserID }, { signal, ...withSession }),
    }),
  followees: (api: ApiClient, UserID: string, viewer: Viewer) =>
    queryOptions({
      queryKey: ['inspiration', 'followees', UserID, viewer],
      queryFn: ({ signal }) => api.call(listFollowee, { UserID }, { signal, ...withSession }),
    }),
  saved: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'inspiration', 'saved'],
      queryFn: ({ signal }) => api.call(getInspirationCollection, { Size: 50 }, { signal }),
    }),
  liked: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'inspiration', 'liked'],
      queryFn: ({ signal }) => api.call(getLikeInspiration, { Size: 50 }, { signal }),
    }),
};
