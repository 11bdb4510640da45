import { queryOptions } from '@tanstack/react-query';
import { getEventOrder } from '../../../../contract/index.ts';
import type { ApiClient } from '../../../api/client.ts';
import { POLL_MS } from '../order-query.ts';

/** One event order; while it waits for its payment (and `poll`), it is read again every few seconds. */
export const eventOrderQuery = (api: ApiClient, orderID: string, poll: boolean) =>
  queryOptions({
    queryKey: ['member', 'eventOrder', orderID],
    queryFn: ({ signal }) => api.call(getEventOrder, { orderID }, { signal }).then((r) => r.Order),
    refetchInterval: (query) => (poll && query.state.data?.PaymentStatus === 'WaitForPayment' ? POLL_MS : false),
    retry: false,
    meta: { handlesErrors: true },
  });
