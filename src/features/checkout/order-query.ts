import { queryOptions } from '@tanstack/react-query';
import { getProductOrder } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** One product order; while it waits for its payment it is read again every few seconds. */
export const productOrderQuery = (api: ApiClient, orderID: string, poll: boolean) =>
  queryOptions({
    // Member data lives under 'member' keys: signing out drops it.
    queryKey: ['member', 'productOrder', orderID],
    queryFn: ({ signal }) => api.call(getProductOrder, { orderID }, { signal }).then((r) => r.Order),
    refetchInterval: (query) => (poll && query.state.data?.PaymentStatus === 'WaitForPayment' ? POLL_MS : false),
    meta: { handlesErrors: true },
  });

export const POLL_MS = 2_000;
