import { queryOptions } from '@tanstack/react-query';
import { getFooterContent, getNavigationMenu, getVersion } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

const HOUR = 60 * 60_000;

/** queryOptions factories of the page frame (top menu, footer, version notice). */
export const layoutQueries = {
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
  version: (api: ApiClient) =>
    queryOptions({
      queryKey: ['version'],
      queryFn: ({ signal }) => api.call(getVersion, {}, { signal }).then((r) => r.informationResult.OnesipVersionID),
      staleTime: HOUR,
      refetchInterval: HOUR,
    }),
};
