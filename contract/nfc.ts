import * as v from 'valibot';
import { ProductCard } from './catalogue.ts';
import { Currency, defineCall } from './define.ts';

/** A tag's ID as printed in its address nfc/{ID}. */
export const NfcTagId = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));

/**
 * Spec §7 getNFC {ID} (public, spec §6 NFC lookup): the product a tag on a tin or bottle stands for, priced in
 * `Currency` (ours; HKD when absent). An unknown or retired tag answers ObjectNotFound.
 */
export const getNFC = defineCall({
  name: 'getNFC',
  method: 'POST',
  auth: 'public',
  body: v.object({ ID: NfcTagId, Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ ID: v.string(), Product: ProductCard }),
});

/**
 * Spec §7 addUserProductByNFC {ID}: the tag's product joins the member's drinks (list-user-product, source
 * 'nfc'). Adding it again only moves it to the front. Unknown or retired tag: ObjectNotFound.
 */
export const addUserProductByNFC = defineCall({
  name: 'addUserProductByNFC',
  method: 'POST',
  auth: 'member',
  body: v.object({ ID: NfcTagId }),
  response: v.object({ ProductID: v.string(), AddedAt: v.string() }),
});
