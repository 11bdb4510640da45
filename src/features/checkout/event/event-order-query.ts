import { queryOptions } from '@tanstack/react-query';
import { getEventOrder } from '../../../../contract/index.ts';
import type { ApiClient } from '../../../api/client.ts';

/** As the product order's query (order-query.ts), which the event checkout does not load. */
const POLL_MS = 2_000;

/** One event order; while it waits for its payment (and `poll`), it is read again every few seconds. */
export const eventOrderQuery = (api: ApiClient, orderID: string, poll: boolean) =>
  queryOptions({
    queryKey: ['member', 'eventOrder', orderID],
    queryFn: ({ signal }) => api.call(getEventOrder, { orderID }, { signal }).then((r) => r.Order),
    refetchInterval: (query) => (poll && query.state.data?.PaymentStatus === 'WaitForPayment' ? POLL_MS : false),
    retry: false,
    meta: { handlesErrors: true },
  });
