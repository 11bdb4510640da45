import { queryOptions } from '@tanstack/react-query';
import { getInformation } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

const HOUR = 60 * 60_000;

/** queryOptions factories of the information pages. */
export const contentQueries = {
  information: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: ['information', id],
      queryFn: ({ signal }) => api.call(getInformation, { id }, { signal }).then((r) => r.Information),
      staleTime: HOUR,
    }),
};
