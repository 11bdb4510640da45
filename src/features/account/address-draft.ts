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
import { usesPostalCodes } from '../../ui/validation.ts';

/**
 * An address being edited: every field as typed. The postal code is asked only in countries that
 * have them; elsewhere (Hong Kong) the address carries NO_POSTAL_CODE (spec §3).
 */
export type AddressDraft = Required<Address>;

export type AddressProblems = Partial<Record<keyof AddressDraft, MessageDescriptor>>;

export function draftFrom(address: Address | undefined, defaults: Partial<AddressDraft> = {}): AddressDraft {
  if (address) {
    return {
      ...address,
      district: address.district ?? '',
      address2: address.address2 ?? '',
      // "None" is not something to show in the field, should the member move it to a country with postal codes.
      postalCode: address.postalCode === NO_POSTAL_CODE ? '' : address.postalCode,
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
    postalCode: usesPostalCodes(draft.CountryID) ? postalCodeError(draft.postalCode) : undefined,
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
    postalCode: usesPostalCodes(draft.CountryID) ? draft.postalCode.trim() : NO_POSTAL_CODE,
  };
}
