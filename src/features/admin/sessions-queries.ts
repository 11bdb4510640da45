import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SearchAndFilterEvent, staffListSessions, staffSessionGuestList, type CallBodyInput, type EventCard } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

export type SessionFilters = Omit<CallBodyInput<typeof staffListSessions>, 'LastEvaluatedKey'>;

/** Events offered by the new session form: at most this many pages of the customers' event search. */
const EVENT_PAGES = 4;
const EVENT_PAGE_SIZE = 50;

/** The back office's session reads, under ADMIN_KEY 'sessions' (read afresh after each change made here). */
export const sessionQueries = {
  list: (api: ApiClient, filters: SessionFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'sessions', 'list', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListSessions, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  guests: (api: ApiClient, SessionID: string) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'sessions', 'guests', SessionID],
      queryFn: ({ signal }) => api.call(staffSessionGuestList, { SessionID }, { signal }),
      meta: { handlesErrors: true },
    }),
  /**
   * Events a session can be added to, by title. There is no staff call listing events: the customers' search
   * (SearchAndFilterEvent) lists those with a session not yet started, a page of 50 at a time.
   */
  events: (api: ApiClient) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'sessions', 'events'],
      queryFn: async ({ signal }) => {
        const found: EventCard[] = [];
        for (let page = 0; page < EVENT_PAGES; page++) {
          const { EventList, Total } = await api.call(SearchAndFilterEvent, { From: page * EVENT_PAGE_SIZE, Size: EVENT_PAGE_SIZE }, { signal });
          found.push(...EventList);
          if (found.length >= Total || EventList.length === 0) break;
        }
        return found;
      },
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
};
