import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { hostListMySessions, hostSessionGuestList, type CallBodyInput } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

export type HostSessionFilters = Omit<CallBodyInput<typeof hostListMySessions>, 'LastEvaluatedKey'>;

/** A host's reads of their own sessions (issue 32), under the back office's key like its other lists. */
export const hostQueries = {
  /** The sessions the member hosts, a page at a time (LastEvaluatedKey from the page before). */
  sessions: (api: ApiClient, filters: HostSessionFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'host', 'sessions', filters, key ?? null],
      queryFn: ({ signal }) => api.call(hostListMySessions, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  /** One of their sessions' guest list, checked in or not (read afresh when the page is opened again). */
  guests: (api: ApiClient, SessionID: string) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'host', 'guests', SessionID],
      queryFn: ({ signal }) => api.call(hostSessionGuestList, { SessionID }, { signal }),
      meta: { handlesErrors: true },
    }),
};
