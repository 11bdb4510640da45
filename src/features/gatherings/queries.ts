import { queryOptions } from '@tanstack/react-query';
import { getUserShoppingCart, listGatheringProduct, simpleListOngoingGathering, type Currency } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

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
};

/** Everything Tonight reads: refreshed after each change the member makes. */
export const GATHERING_KEY = ['member', 'gathering'] as const;
