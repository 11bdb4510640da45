import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { passwordProblems, type PasswordProblem } from '../../contract/index.ts';

/** Spec §5 messages, exactly. */
export const REQUIRED = msg`This field is required`;
export const INVALID_EMAIL = msg`Invalid email format`;
export const PASSWORDS_DIFFER = msg`Two passwords are not same`;
export const INCORRECT_PHONE = msg`Incorrect contact number format`;
const PASSWORD_MESSAGES: Record<PasswordProblem, MessageDescriptor> = {
  PasswordTooShort: msg`Password must be at least 8 characters`,
  PasswordNoLowercase: msg`Password must contain at least one lowercase letter`,
  PasswordNoUppercase: msg`Password must contain at least one uppercase letter`,
  PasswordNoNumber: msg`Password must contain at least one numeric character`,
};

const emailSchema = v.pipe(v.string(), v.trim(), v.email());

export function emailError(value: string): MessageDescriptor | undefined {
  if (!value.trim()) return REQUIRED;
  return v.is(emailSchema, value) ? undefined : INVALID_EMAIL;
}

export function requiredError(value: string): MessageDescriptor | undefined {
  return value.trim() ? undefined : REQUIRED;
}

/** The first broken password rule, in the spec's order. */
export function passwordError(value: string): MessageDescriptor | undefined {
  if (!value) return REQUIRED;
  const [first] = passwordProblems(value);
  return first ? PASSWORD_MESSAGES[first] : undefined;
}

export function confirmError(password: string, confirm: string): MessageDescriptor | undefined {
  if (!confirm) return REQUIRED;
  return password === confirm ? undefined : PASSWORDS_DIFFER;
}

/** A contact number: digits only once spaces and dashes are taken out (spec §5: "Incorrect contact number format"). */
export const PHONE_PATTERN = /^\d{6,15}$/;
/** Hong Kong's calling code, the phone fields' default. */
export const DEFAULT_CALLING_CODE = '852';

/** Spaces are allowed while typing ("9123 4567"); the number is sent as digits only. */
export const normalizePhone = (value: string) => value.replace(/[\s-]/g, '');

export function phoneError(value: string, options: { required: boolean }): MessageDescriptor | undefined {
  const phone = normalizePhone(value);
  if (!phone) return options.required ? REQUIRED : undefined;
  return PHONE_PATTERN.test(phone) ? undefined : INCORRECT_PHONE;
}

export const CODE_PATTERN = /^\d{6}$/;
export const INVALID_CODE = msg`Enter the 6-digit code from the e-mail`;

// Postal codes' rules live apart, so that an address shown (AddressSummary) does not bring the form rules.
export { NO_POSTAL_CODE, usesPostalCodes } from './postal-codes.ts';
