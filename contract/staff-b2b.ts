import * as v from 'valibot';
import { EnquiryType } from './b2b.ts';
import { defineCall } from './define.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * Business enquiries in the back office (issue 32): what companies sent through the b2b_enquiry form, each with
 * where staff are with it. The enquirer never sees the status or the note.
 */

export const EnquiryStatus = v.picklist(['new', 'contacted', 'closed']);
export type EnquiryStatus = v.InferOutput<typeof EnquiryStatus>;

export const ENQUIRY_NOTE_MAX = 1000;
/** Staff's note on an enquiry (who answered, what was agreed): the form's own field, kept out of the call's body. */
export const EnquiryNote = v.pipe(v.string(), v.trim(), v.maxLength(ENQUIRY_NOTE_MAX));

export const StaffEnquiry = v.object({
  EnquiryID: v.string(),
  FullName: v.string(),
  Email: v.string(),
  /** With its country calling code, e.g. "+852 9123 4567". */
  Phone: v.string(),
  EnquiryType,
  Message: v.string(),
  /** The enquirer's language ('en' | 'zh'). */
  Language: v.string(),
  /** ISO 8601. */
  CreatedAt: v.string(),
  Status: EnquiryStatus,
  Note: v.string(),
  /** ISO 8601: when the status last changed; null while new. */
  StatusChangedAt: v.nullable(v.string()),
});
export type StaffEnquiry = v.InferOutput<typeof StaffEnquiry>;

export const ENQUIRY_PAGE_MAX = 100;

/**
 * How staff-list-enquiries sorts (contract/staff-sort.ts): CreatedAt (the default, newest first), FullName,
 * EnquiryType and Status (each then by CreatedAt).
 */
export const EnquirySort = sortOf(['CreatedAt', 'FullName', 'EnquiryType', 'Status']);
export type EnquirySort = v.InferOutput<typeof EnquirySort>;

/**
 * Enquiries newest first unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from the previous
 * page of the same sort); by status.
 */
export const staffListEnquiries = defineCall({
  name: 'staff-list-enquiries',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Status: v.optional(v.picklist(['new', 'contacted', 'closed', 'all']), 'all'),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ENQUIRY_PAGE_MAX)), 50),
    Sort: v.optional(EnquirySort, { Field: 'CreatedAt', Direction: 'desc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ EnquiryList: v.array(StaffEnquiry), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Sets an enquiry's status and/or note; what is not sent stays. One audit row (action 'enquiry.update', before
 * and after); a change to nothing writes nothing. An unknown enquiry is 400 ObjectNotFound naming EnquiryID.
 */
export const staffUpdateEnquiry = defineCall({
  name: 'staff-update-enquiry',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    EnquiryID: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
    Status: v.optional(EnquiryStatus),
    Note: v.optional(EnquiryNote),
  }),
  response: v.object({ Enquiry: StaffEnquiry }),
});
