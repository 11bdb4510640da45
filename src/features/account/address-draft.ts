import type { MessageDescriptor } from '@lingui/core';
import type { Address, Country } from '../../../contract/index.ts';
import {
  DEFAULT_CALLING_CODE,
  NO_POSTAL_CODE,
  normalizePhone,
  OUT_OF_SERVICE,
  phoneError,
  postalCodeError,
  REQUIRED,
} from './account-validation.ts';

/** An address being edited: every field as typed, plus the "No postal code" box. */
export type AddressDraft = Required<Address> & { noPostalCode: boolean };

export type AddressProblems = Partial<Record<keyof AddressDraft, MessageDescriptor>>;

export function draftFrom(address: Address | undefined, defaults: Partial<AddressDraft> = {}): AddressDraft {
  if (address) {
    return {
      ...address,
      district: address.district ?? '',
      address2: address.address2 ?? '',
      noPostalCode: address.postalCode === NO_POSTAL_CODE,
    };
  }
  return {
    firstName: '',
    lastName: '',
    countryCallingCode: DEFAULT_CALLING_CODE,
    phone: '',
    CountryID: 'HK',
    city: '',
    district: '',
    address1: '',
    address2: '',
    postalCode: '',
    noPostalCode: false,
    ...defaults,
  };
}

/** Field problems of a draft; `countries` (when loaded) checks the service range (spec §5). */
export function addressProblems(draft: AddressDraft, countries: readonly Country[] | undefined): AddressProblems {
  const required = (value: string) => (value.trim() ? undefined : REQUIRED);
  const country = countries?.find((c) => c.CountryID === draft.CountryID);
  const problems: AddressProblems = {
    firstName: required(draft.firstName),
    lastName: required(draft.lastName),
    phone: phoneError(draft.phone, { required: true }),
    CountryID: !draft.CountryID ? REQUIRED : countries && !country?.InService ? OUT_OF_SERVICE : undefined,
    city: required(draft.city),
    address1: required(draft.address1),
    postalCode: draft.noPostalCode ? undefined : postalCodeError(draft.postalCode),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, p]) => p)) as AddressProblems;
}

export const hasProblems = (problems: AddressProblems) => Object.keys(problems).length > 0;

export function toAddress(draft: AddressDraft): Address {
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    countryCallingCode: draft.countryCallingCode,
    phone: normalizePhone(draft.phone),
    CountryID: draft.CountryID,
    city: draft.city.trim(),
    district: draft.district.trim(),
    address1: draft.address1.trim(),
    address2: draft.address2.trim(),
    postalCode: draft.noPostalCode ? NO_POSTAL_CODE : draft.postalCode.trim(),
  };
}
