import * as v from 'valibot';
import { Bilingual, defineCall, Id } from './define.ts';
import { NfcTagId } from './nfc.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * NFC tags in the back office (issue 32): the tags on the shop's tins and bottles, each carrying the address
 * nfc/{ID} and standing for one product (getNFC). Staff list them, make one for a product (its ID made by the
 * server, random-looking as the seed's: nfc_ and ten letters and digits), point one at another product (a label
 * reprinted) and retire one (lost): a retired tag answers ObjectNotFound to customers, as an unknown one does, until
 * it is put back in use. Every change is one audit_log row with before and after (actions 'nfc-tag.create',
 * 'nfc-tag.update'; target nfc-tag:<ID>).
 */

export const STAFF_NFC_TAGS_PAGE_MAX = 100;

/** A tag as staff see it. Times are ISO 8601. */
export const StaffNfcTag = v.object({
  TagID: v.string(),
  ProductID: v.string(),
  ProductName: Bilingual,
  /** The product's first picture. */
  ProductImage: v.string(),
  Retired: v.boolean(),
  RetiredAt: v.optional(v.string()),
  CreatedAt: v.string(),
  /**
   * Members who added a drink by tapping this tag (addUserProductByNFC). The shop keeps the last tag a member
   * tapped for each product, so a member who tapped it and later another tag of the same product counts there.
   */
  MemberCount: v.number(),
});
export type StaffNfcTag = v.InferOutput<typeof StaffNfcTag>;

/**
 * How staff-list-nfc-tags sorts (contract/staff-sort.ts): CreatedAt (the default, newest first), TagID, Product
 * (its English name), Retired (in use first ascending) or MemberCount, each then by CreatedAt.
 */
export const StaffNfcTagSort = sortOf(['CreatedAt', 'TagID', 'Product', 'Retired', 'MemberCount']);
export type StaffNfcTagSort = v.InferOutput<typeof StaffNfcTagSort>;

/**
 * Tags a page at a time, newest first unless Sort says otherwise: Status live (answering customers), retired, or all (the default); ProductID
 * keeps one product's. LastEvaluatedKey, opaque, from the previous page of the same sort continues.
 */
export const staffListNfcTags = defineCall({
  name: 'staff-list-nfc-tags',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Status: v.optional(v.picklist(['all', 'live', 'retired']), 'all'),
    ProductID: v.optional(Id),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_NFC_TAGS_PAGE_MAX)), 50),
    Sort: v.optional(StaffNfcTagSort, { Field: 'CreatedAt', Direction: 'desc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ TagList: v.array(StaffNfcTag), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Makes a live tag for a product; its ID (to write on the tag as the address nfc/{ID}) is the server's. An unknown
 * product is 400 ObjectNotFound naming ProductID. One audit_log row ('nfc-tag.create').
 */
export const staffCreateNfcTag = defineCall({
  name: 'staff-create-nfc-tag',
  method: 'POST',
  auth: 'staff',
  body: v.object({ ProductID: Id }),
  response: v.object({ Tag: StaffNfcTag }),
});

/**
 * Points a tag at another product (ProductID) and retires it or puts it back in use (Retired); what is not sent stays
 * as it is. Customers see the change at their next tap. An unknown tag is 400 ObjectNotFound naming TagID, an unknown
 * product naming ProductID. A change writes one audit_log row ('nfc-tag.update', before and after); a body changing
 * nothing writes nothing.
 */
export const staffUpdateNfcTag = defineCall({
  name: 'staff-update-nfc-tag',
  method: 'POST',
  auth: 'staff',
  body: v.object({ TagID: NfcTagId, ProductID: v.optional(Id), Retired: v.optional(v.boolean()) }),
  response: v.object({ Tag: StaffNfcTag }),
});
