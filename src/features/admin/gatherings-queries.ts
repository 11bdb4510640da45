import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { staffGetPourList, staffListGatherings, type CallBodyInput } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's gatherings and pour lists, under the back office's key (read afresh after each change made here). */
export const GATHERINGS_KEY = [...ADMIN_KEY, 'gatherings'] as const;

export type GatheringFilters = Omit<CallBodyInput<typeof staffListGatherings>, 'LastEvaluatedKey'>;

/** queryOptions of the gatherings screen: gatherings page on the server by LastEvaluatedKey. */
export const gatheringQueries = {
  list: (api: ApiClient, filters: GatheringFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...GATHERINGS_KEY, 'list', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListGatherings, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  pours: (api: ApiClient, GatheringID: string) =>
    queryOptions({
      queryKey: [...GATHERINGS_KEY, 'pours', GatheringID],
      queryFn: ({ signal }) => api.call(staffGetPourList, { GatheringID }, { signal }),
      meta: { handlesErrors: true },
    }),
};
