import { queryOptions } from '@tanstack/react-query';
import {
  getEventDetail,
  getTicket,
  getUserEventRecord,
  listUserEventOrder,
  listUserEventRecord,
  type Currency,
  type EventRecordTab,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** queryOptions factories of the event pages; member data is keyed under 'member', so signing out clears it. */
export const eventQueries = {
  detail: (api: ApiClient, EventID: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['event', EventID, Currency],
      queryFn: ({ signal }) => api.call(getEventDetail, { EventID, Currency }, { signal }).then((r) => r.eventDetail),
      // Seats change as others buy: a page opened again reads them again.
      staleTime: 30_000,
    }),
  /** The member's place at a session; ObjectNotFound when they have none. */
  record: (api: ApiClient, VarianceID: string) =>
    queryOptions({
      queryKey: ['member', 'eventRecord', VarianceID],
      queryFn: ({ signal }) => api.call(getUserEventRecord, { VarianceID }, { signal }).then((r) => r.Record),
      // Asked by its page's loader a moment before the screen mounts (prefetchEventRecord): not again then.
      // A change made here invalidates it (GuestForm).
      staleTime: 10_000,
      retry: false,
      meta: { handlesErrors: true },
    }),
  /** The member's event records, one tab (joined, ended, cancelled). */
  records: (api: ApiClient, Tab: EventRecordTab) =>
    queryOptions({
      queryKey: ['member', 'eventRecords', Tab],
      queryFn: ({ signal }) => api.call(listUserEventRecord, { Tab }, { signal }).then((r) => r.RecordList),
      meta: { handlesErrors: true },
    }),
  /** Every record of the member (the event page: has this member joined one of its sessions?). */
  allRecords: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'eventRecords', 'all'],
      queryFn: ({ signal }) => api.call(listUserEventRecord, {}, { signal }).then((r) => r.RecordList),
      staleTime: 30_000,
      meta: { handlesErrors: true },
    }),
  orders: (api: ApiClient, VarianceID: string) =>
    queryOptions({
      queryKey: ['member', 'eventOrders', VarianceID],
      queryFn: ({ signal }) => api.call(listUserEventOrder, { VarianceID }, { signal }).then((r) => r.OrderList),
      staleTime: 10_000,
      meta: { handlesErrors: true },
    }),
  /** A ticket link's ticket (public: the id is the proof). */
  ticket: (api: ApiClient, TicketID: string) =>
    queryOptions({
      queryKey: ['ticket', TicketID],
      queryFn: ({ signal }) => api.call(getTicket, { TicketID }, { signal }).then((r) => r.Ticket),
      retry: false,
      meta: { handlesErrors: true },
    }),
};
