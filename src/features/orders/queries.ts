import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getProductOrder, listUserProductOrder, type OrderTab } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

const PAGE_SIZE = 10;

/** queryOptions factories of the orders popup and order record (member data: 'member' keys). */
export const orderQueries = {
  /** One tab of the member's product orders, a page at a time (LastEvaluatedKey continues). */
  list: (api: ApiClient, Tab: OrderTab) =>
    infiniteQueryOptions({
      queryKey: ['member', 'productOrders', Tab],
      queryFn: ({ pageParam, signal }) =>
        api.call(listUserProductOrder, { Tab, Size: PAGE_SIZE, ...(pageParam ? { LastEvaluatedKey: pageParam } : {}) }, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.LastEvaluatedKey || undefined,
      meta: { handlesErrors: true },
    }),
  order: (api: ApiClient, orderID: string) =>
    queryOptions({
      queryKey: ['member', 'productOrder', orderID],
      queryFn: ({ signal }) => api.call(getProductOrder, { orderID }, { signal }).then((r) => r.Order),
      meta: { handlesErrors: true },
    }),
};
