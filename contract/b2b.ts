import * as v from 'valibot';
import { Email } from './account.ts';
import { defineCall } from './define.ts';
import { Language } from './orders.ts';

/** Spec §3 B2B enquiry: what a business asks about. */
export const ENQUIRY_TYPES = ['teaCollection', 'coffeeCollection', 'incenseCollection', 'curatedBoxSets', 'bespokeGiftSets', 'businessPartnerships'] as const;
export const EnquiryType = v.picklist(ENQUIRY_TYPES);
export type EnquiryType = v.InferOutput<typeof EnquiryType>;

export const B2B_NAME_MAX = 100;
export const B2B_MESSAGE_MAX = 2000;

/**
 * Spec §7 b2b-enquiry (its body is not shown there; ours, issue 20): the b2b_enquiry form. Stored, mailed to
 * the shop's team, and confirmed to the enquirer in their language. `Website` is a field people never see
 * (a honeypot): a form that fills it in is answered as sent, and nothing is stored or mailed.
 */
export const b2bEnquiry = defineCall({
  name: 'b2b-enquiry',
  method: 'POST',
  auth: 'public',
  body: v.object({
    FullName: v.pipe(v.string(), v.trim(), v.nonEmpty('This field is required'), v.maxLength(B2B_NAME_MAX)),
    Email,
    CountryCallingCode: v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'Incorrect contact number format')),
    ContactNumber: v.pipe(v.string(), v.regex(/^\d{6,15}$/, 'Incorrect contact number format')),
    EnquiryType,
    Message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(B2B_MESSAGE_MAX)), ''),
    /** The privacy policy must be accepted: false is refused as InvalidParameter naming this field. */
    PrivacyConsent: v.literal(true, 'The privacy policy must be accepted'),
    /** The enquirer's language, for their confirmation mail. */
    Language: v.optional(Language, 'en'),
    /** The honeypot: left empty by people. */
    Website: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  }),
  response: v.object({}),
});
