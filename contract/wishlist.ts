import * as v from 'valibot';
import { Currency, Id, defineCall } from './define.ts';
import { ProductCard } from './catalogue.ts';

/** Spec §3 wishlist (items by ProductID), §7 calls; the caller's own list only. */
export const getWishlist = defineCall({
  name: 'getWishlist',
  method: 'POST',
  auth: 'member',
  body: v.object({ Currency }),
  /** Newest saved first. */
  response: v.object({ ProductList: v.array(ProductCard) }),
});

/** Idempotent: saving a saved product changes nothing. */
export const addWishlist = defineCall({
  name: 'addWishlist',
  method: 'POST',
  auth: 'member',
  body: v.object({ ProductID: Id }),
  response: v.object({}),
});

/** Idempotent: removing an unsaved product changes nothing. */
export const delWishlist = defineCall({
  name: 'delWishlist',
  method: 'POST',
  auth: 'member',
  body: v.object({ ProductID: Id }),
  response: v.object({}),
});
