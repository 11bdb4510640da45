import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrorCode, B2B_MESSAGE_MAX, B2B_NAME_MAX, ENQUIRY_TYPES, type CallBodyInput, type EnquiryType, type b2bEnquiry } from '../../../contract/index.ts';
import type { ApiError } from '../../api/client.ts';
import { DEFAULT_CALLING_CODE, INCORRECT_PHONE, INVALID_EMAIL, REQUIRED, emailError, normalizePhone, phoneError, requiredError } from '../../ui/validation.ts';

/** What the enquirer has typed; kept as it is through a failed send. */
export interface EnquiryDraft {
  FullName: string;
  Email: string;
  CountryCallingCode: string;
  ContactNumber: string;
  EnquiryType: EnquiryType | '';
  Message: string;
  PrivacyConsent: boolean;
  /** The honeypot: hidden from people, so it stays empty unless a script fills every field. */
  Website: string;
}

export type DraftField = Exclude<keyof EnquiryDraft, 'Website'>;

export const emptyDraft = (): EnquiryDraft => ({
  FullName: '',
  Email: '',
  CountryCallingCode: DEFAULT_CALLING_CODE,
  ContactNumber: '',
  EnquiryType: '',
  Message: '',
  PrivacyConsent: false,
  Website: '',
});

const NAME_TOO_LONG = msg`Use at most 100 characters`;
const MESSAGE_TOO_LONG = msg`Use at most 2,000 characters`;
const CONSENT_NEEDED = msg`Please agree to the privacy policy to send your enquiry`;

/** Each field's problem, in the order the form shows them (spec §5 wording where it has one). */
export function draftErrors(d: EnquiryDraft): Partial<Record<DraftField, MessageDescriptor>> {
  const errors: Partial<Record<DraftField, MessageDescriptor>> = {};
  const name = requiredError(d.FullName) ?? (d.FullName.trim().length > B2B_NAME_MAX ? NAME_TOO_LONG : undefined);
  if (name) errors.FullName = name;
  const email = emailError(d.Email);
  if (email) errors.Email = email;
  const phone = phoneError(d.ContactNumber, { required: true });
  if (phone) errors.ContactNumber = phone;
  if (!(ENQUIRY_TYPES as readonly string[]).includes(d.EnquiryType)) errors.EnquiryType = REQUIRED;
  if (d.Message.trim().length > B2B_MESSAGE_MAX) errors.Message = MESSAGE_TOO_LONG;
  if (!d.PrivacyConsent) errors.PrivacyConsent = CONSENT_NEEDED;
  return errors;
}

/** The call's body from a draft that has no errors. */
export function toBody(d: EnquiryDraft, language: 'en' | 'zh'): CallBodyInput<typeof b2bEnquiry> {
  return {
    FullName: d.FullName.trim(),
    Email: d.Email.trim(),
    CountryCallingCode: d.CountryCallingCode,
    ContactNumber: normalizePhone(d.ContactNumber),
    EnquiryType: d.EnquiryType as EnquiryType,
    Message: d.Message.trim(),
    PrivacyConsent: true,
    Language: language,
    Website: d.Website,
  };
}

/** The enquiry types' names, in the form's order. */
export const ENQUIRY_TYPE_NAMES: Record<EnquiryType, MessageDescriptor> = {
  teaCollection: msg`Tea collection`,
  coffeeCollection: msg`Coffee collection`,
  incenseCollection: msg`Incense collection`,
  curatedBoxSets: msg`Curated box sets`,
  bespokeGiftSets: msg`Bespoke gift sets`,
  businessPartnerships: msg`Business partnerships`,
};

/** A field the server refused (MissingParameter / InvalidParameter naming it), with words for it. */
export function refusedField(error: ApiError): { field: DraftField; message: MessageDescriptor } | undefined {
  if (error.code !== ErrorCode.InvalidParameter && error.code !== ErrorCode.MissingParameter) return undefined;
  const field = error.details.field;
  if (field === 'Email') return { field, message: INVALID_EMAIL };
  if (field === 'ContactNumber' || field === 'CountryCallingCode') return { field: 'ContactNumber', message: INCORRECT_PHONE };
  if (field === 'FullName' || field === 'EnquiryType' || field === 'Message' || field === 'PrivacyConsent') return { field, message: REQUIRED };
  return undefined;
}
