import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { STAFF_EVENTS_PAGE_MAX, staffListEvents, staffListSessions, staffSessionGuestList, type CallBodyInput, type StaffEvent } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

export type SessionFilters = Omit<CallBodyInput<typeof staffListSessions>, 'LastEvaluatedKey'>;

/** Events the new session form lists at once: more are found by typing more of a title. */
export const EVENT_PICK_SIZE = 50;

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
   * Events a session can be added to, by title or id (empty: the first by id): every event, hidden ones and
   * those without a session too (a new event gets its first session here).
   */
  pickEvents: (api: ApiClient, Text: string) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'sessions', 'pick-events', Text],
      queryFn: ({ signal }) => api.call(staffListEvents, { ...(Text ? { Text } : {}), Status: 'all', Size: EVENT_PICK_SIZE }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  /** The event the sessions are filtered by (null: no event has this id); a search by id finds it among any title matches. */
  event: (api: ApiClient, EventID: string) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'sessions', 'event', EventID],
      queryFn: async ({ signal }): Promise<StaffEvent | null> => {
        const { EventList } = await api.call(staffListEvents, { Text: EventID, Status: 'all', Size: STAFF_EVENTS_PAGE_MAX }, { signal });
        return EventList.find((e) => e.EventID === EventID) ?? null;
      },
      meta: { handlesErrors: true },
    }),
};
