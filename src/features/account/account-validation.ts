import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REQUIRED } from '../../ui/validation.ts';
/** The contact number's rules live in src/ui (the business enquiry form checks them too). */
export { DEFAULT_CALLING_CODE, INCORRECT_PHONE, PHONE_PATTERN, normalizePhone, phoneError } from '../../ui/validation.ts';

export const POSTAL_CODE_PATTERN = /^[A-Za-z0-9 -]{3,10}$/;
/** Spec §3: the postal code of an address where none applies. */
export { NO_POSTAL_CODE } from '../../ui/validation.ts';
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const BIO_MAX = 500;
export const MAX_DELIVERY_ADDRESSES = 10;

/** Spec §5 messages, exactly. */
export const INCORRECT_POSTAL_CODE = msg`Incorrect postal code format`;
export const USERNAME_TAKEN = msg`Username already exists`;
export const USERNAME_AVAILABLE = msg`Username available`;
export const OUT_OF_SERVICE = msg`Country must be within the service range`;
const USERNAME_CHARACTERS = msg`Use letters, numbers and underscores only`;
const USERNAME_LENGTH = msg`Username must be 3 to 30 characters`;
const BIO_TOO_LONG = msg`Bio must be at most 500 characters`;
const FUTURE_DATE = msg`Birthday cannot be in the future`;

export function postalCodeError(value: string): MessageDescriptor | undefined {
  const code = value.trim();
  if (!code) return REQUIRED;
  return POSTAL_CODE_PATTERN.test(code) ? undefined : INCORRECT_POSTAL_CODE;
}

export function usernameError(value: string): MessageDescriptor | undefined {
  const name = value.trim();
  if (!name) return REQUIRED;
  if (!USERNAME_PATTERN.test(name)) return USERNAME_CHARACTERS;
  return name.length < USERNAME_MIN || name.length > USERNAME_MAX ? USERNAME_LENGTH : undefined;
}

export function bioError(value: string): MessageDescriptor | undefined {
  return value.length > BIO_MAX ? BIO_TOO_LONG : undefined;
}

/** Today as yyyy-MM-dd in the member's time zone (spec §9 date format). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function birthdayError(value: string): MessageDescriptor | undefined {
  return value && value > today() ? FUTURE_DATE : undefined;
}

export { REQUIRED };
