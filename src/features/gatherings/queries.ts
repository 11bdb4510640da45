import { queryOptions } from '@tanstack/react-query';
import {
  getGatheringHostView,
  getUserShoppingCart,
  listGatheringProduct,
  listUserGatheringOrder,
  simpleListOngoingGathering,
  type Currency,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { myGatheringQuery } from '../../api/gathering-queries.ts';

/** queryOptions factories for Tonight (issue 31): the pour list, the member's cart, the gatherings going on. */
export const gatheringQueries = {
  pours: (api: ApiClient, gatheringID: string, currency: Currency) =>
    queryOptions({
      queryKey: ['member', 'gathering', gatheringID, 'pours', currency],
      queryFn: () => api.call(listGatheringProduct, { gatheringID, Currency: currency }).then((r) => r.ProductList),
      // What is left of a pour changes as the room orders.
      staleTime: 5_000,
    }),
  cart: (api: ApiClient, currency: Currency) =>
    queryOptions({
      queryKey: ['member', 'gathering', 'cart', currency],
      queryFn: () => api.call(getUserShoppingCart, { Currency: currency }).then((r) => r.CartList),
    }),
  ongoing: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'gathering', 'ongoing'],
      queryFn: () => api.call(simpleListOngoingGathering, {}).then((r) => r.GatheringList),
    }),
  /** The member's orders at this gathering's table, newest first (the first page of list-user-gathering-order). */
  myOrders: (api: ApiClient, gatheringID: string) =>
    queryOptions({
      queryKey: ['member', 'gathering', gatheringID, 'orders'],
      queryFn: () => api.call(listUserGatheringOrder, { Size: 20 }).then((r) => r.OrderList.filter((o) => o.GatheringID === gatheringID)),
    }),
  /** The gathering the member is in now, or null: the floating Tonight button. */
  mine: myGatheringQuery,
  /** The host's view: who came in, what was ordered, what is left; read afresh on each live change (use-gathering-events.ts). */
  hostView: (api: ApiClient, gatheringID: string) =>
    queryOptions({
      queryKey: [...HOST_KEY, gatheringID],
      queryFn: () => api.call(getGatheringHostView, { gatheringID }),
      refetchInterval: HOST_REFRESH_MS,
    }),
};

/** A safety net under the live stream: a change it missed (a proxy that buffers events) shows within this. */
export const HOST_REFRESH_MS = 30_000;
export const HOST_KEY = ['member', 'gatheringHost'] as const;

/** Everything Tonight reads: refreshed after each change the member makes. */
export const GATHERING_KEY = ['member', 'gathering'] as const;
