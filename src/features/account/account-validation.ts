import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REQUIRED } from '../../ui/validation.ts';

export const PHONE_PATTERN = /^\d{6,15}$/;
export const POSTAL_CODE_PATTERN = /^[A-Za-z0-9 -]{3,10}$/;
/** Spec §3: the postal code of an address where none applies. */
export { NO_POSTAL_CODE } from '../../ui/validation.ts';
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const BIO_MAX = 500;
export const MAX_DELIVERY_ADDRESSES = 10;
export const DEFAULT_CALLING_CODE = '852';

/** Spec §5 messages, exactly. */
export const INCORRECT_PHONE = msg`Incorrect contact number format`;
export const INCORRECT_POSTAL_CODE = msg`Incorrect postal code format`;
export const USERNAME_TAKEN = msg`Username already exists`;
export const USERNAME_AVAILABLE = msg`Username available`;
export const OUT_OF_SERVICE = msg`Country must be within the service range`;
const USERNAME_CHARACTERS = msg`Use letters, numbers and underscores only`;
const USERNAME_LENGTH = msg`Username must be 3 to 30 characters`;
const BIO_TOO_LONG = msg`Bio must be at most 500 characters`;
const FUTURE_DATE = msg`Birthday cannot be in the future`;

/** Spaces are allowed while typing ("9123 4567"); the number is sent as digits only. */
export const normalizePhone = (value: string) => value.replace(/[\s-]/g, '');

export function phoneError(value: string, options: { required: boolean }): MessageDescriptor | undefined {
  const phone = normalizePhone(value);
  if (!phone) return options.required ? REQUIRED : undefined;
  return PHONE_PATTERN.test(phone) ? undefined : INCORRECT_PHONE;
}

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
