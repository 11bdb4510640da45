import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { staffListEvents, type CallBodyInput } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's events, under the back office's key (signing out drops it). */
export const EVENTS_KEY = [...ADMIN_KEY, 'events'] as const;
/** The sessions screen's reads (sessions-queries.ts): they name each session's event, so a renamed event reads them afresh. */
export const SESSIONS_KEY = [...ADMIN_KEY, 'sessions'] as const;

export type EventFilters = Omit<CallBodyInput<typeof staffListEvents>, 'LastEvaluatedKey'>;

/** queryOptions of the events screen: events page on the server by LastEvaluatedKey. */
export const eventQueries = {
  list: (api: ApiClient, filters: EventFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...EVENTS_KEY, 'list', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListEvents, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
