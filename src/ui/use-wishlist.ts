import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import * as sessionState from '../../machines/session/session.selectors.ts';
import { addWishlist, delWishlist, type ProductCard } from '../../contract/index.ts';
import { queries } from '../api/queries.ts';
import { useServices } from '../app/services.ts';
import { useCurrency } from './use-currency.ts';

const WISHLIST_KEY = ['member', 'wishlist'] as const;

/**
 * The member's wishlist and an optimistic toggle (spec §4): the cached list changes at once and is
 * rolled back when the server fails; `failed` says so until the next toggle.
 */
export function useWishlist() {
  const { api, session } = useServices();
  const queryClient = useQueryClient();
  const currency = useCurrency();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const list = useQuery({ ...queries.wishlist(api, currency), enabled: loggedIn });
  const [failed, setFailed] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ product, save }: { product: ProductCard; save: boolean }) =>
      api.call(save ? addWishlist : delWishlist, { ProductID: product.ProductID }),
    // The message near the heart tells the member; no error popup on top.
    meta: { handlesErrors: true },
    onMutate: async ({ product, save }) => {
      setFailed(false);
      await queryClient.cancelQueries({ queryKey: WISHLIST_KEY });
      const key = queries.wishlist(api, currency).queryKey;
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (old = []) => {
        const rest = old.filter((p) => p.ProductID !== product.ProductID);
        return save ? [product, ...rest] : rest;
      });
      return { key, previous };
    },
    onError: (_error, _vars, context) => {
      if (context) queryClient.setQueryData(context.key, context.previous);
      setFailed(true);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
  return {
    loggedIn,
    list,
    failed,
    // The toggle being sent shows at once: the cached list only changes after onMutate's await (an answer
    // still on its way is cancelled first), which on a busy phone left the heart as it was after the tap.
    has: (productID: string) =>
      mutation.isPending && mutation.variables.product.ProductID === productID
        ? mutation.variables.save
        : Boolean(list.data?.some((p) => p.ProductID === productID)),
    toggle: (product: ProductCard, save: boolean) => mutation.mutate({ product, save }),
  };
}
