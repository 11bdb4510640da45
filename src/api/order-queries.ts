import { queryOptions } from '@tanstack/react-query';
import { getEventOrder, getProductOrder } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

/** While an order waits for its payment (and `poll`), it is read again this often. */
const POLL_MS = 2_000;

/**
 * One order of a kind, keyed under 'member' (signing out drops it); while it waits for its payment
 * (and `poll`), read again every few seconds. The subscription's is subscriptionQueries.order. The
 * registry of order kinds (src/app/order-kinds.ts) names which one each kind reads.
 */
export const productOrderQuery = (api: ApiClient, orderID: string, poll: boolean) =>
  queryOptions({
    queryKey: ['member', 'productOrder', orderID],
    queryFn: ({ signal }) => api.call(getProductOrder, { orderID }, { signal }).then((r) => r.Order),
    refetchInterval: (query) => (poll && query.state.data?.PaymentStatus === 'WaitForPayment' ? POLL_MS : false),
    meta: { handlesErrors: true },
  });

export const eventOrderQuery = (api: ApiClient, orderID: string, poll: boolean) =>
  queryOptions({
    queryKey: ['member', 'eventOrder', orderID],
    queryFn: ({ signal }) => api.call(getEventOrder, { orderID }, { signal }).then((r) => r.Order),
    refetchInterval: (query) => (poll && query.state.data?.PaymentStatus === 'WaitForPayment' ? POLL_MS : false),
    retry: false,
    meta: { handlesErrors: true },
  });
