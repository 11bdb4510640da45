import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getProductTypeList,
  staffGetFooter,
  staffGetNavigationMenu,
  staffListBanners,
  staffListInformationPages,
  staffListNewsletterIssues,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's content (banners, information pages, menus, newsletters): read afresh after each change made here. */
export const CONTENT_KEY = [...ADMIN_KEY, 'content'] as const;
/** The newsletter issues' pages, read afresh once an issue is saved or sent. */
export const NEWSLETTER_KEY = [...CONTENT_KEY, 'newsletter'] as const;
/** The customers' own copies of the menus (src/features/layout/queries.ts): dropped after a save, so this tab shows the change too. */
export const CUSTOMER_MENU_KEYS = [['navigationMenu'], ['footer']] as const;

export const contentQueries = {
  /** Every banner, big then small then product-type ones, each kind in the order customers see it. */
  banners: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'banners'],
      queryFn: ({ signal }) => api.call(staffListBanners, { Kind: 'all' }, { signal }).then((r) => r.BannerList),
      meta: { handlesErrors: true },
    }),
  informationPages: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'information'],
      queryFn: ({ signal }) => api.call(staffListInformationPages, {}, { signal }).then((r) => r.InformationList),
      meta: { handlesErrors: true },
    }),
  /** The product types a product banner may belong to (the shop's own list, as customers read it). */
  productTypes: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'product-types'],
      queryFn: ({ signal }) => api.call(getProductTypeList, {}, { signal }).then((r) => r.ProductTypeList),
      staleTime: 5 * 60_000,
      meta: { handlesErrors: true },
    }),
  /** The top menu as customers see it, and the pages an entry may lead to. */
  navigation: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'navigation'],
      queryFn: ({ signal }) => api.call(staffGetNavigationMenu, {}, { signal }),
      meta: { handlesErrors: true },
    }),
  footer: (api: ApiClient) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'footer'],
      queryFn: ({ signal }) => api.call(staffGetFooter, {}, { signal }),
      meta: { handlesErrors: true },
    }),
  /** Newsletter issues newest first, a page after `key` (undefined: the first), with who a send would mail now. */
  newsletterIssues: (api: ApiClient, size: number, key: string | undefined) =>
    queryOptions({
      queryKey: [...NEWSLETTER_KEY, size, key ?? null],
      queryFn: ({ signal }) => api.call(staffListNewsletterIssues, { Size: size, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
