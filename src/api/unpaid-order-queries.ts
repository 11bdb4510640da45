import { queryOptions } from '@tanstack/react-query';
import { listUnpaidOrders } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

/**
 * The member's unpaid orders of every kind (list-unpaid-orders, issue 29): My orders lists them to pay or
 * cancel, My events says where an unpaid booking is (features/orders and features/events). Member data:
 * keyed under 'member', so signing out clears it.
 */
export const unpaidOrderQueries = {
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'unpaidOrders'],
      queryFn: ({ signal }) => api.call(listUnpaidOrders, {}, { signal }).then((r) => r.OrderList),
      meta: { handlesErrors: true },
    }),
};
