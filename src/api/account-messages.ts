import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CallCode } from '../../machines/shared/codes.ts';

/** Words for the codes account flows show inline (spec §5, §8). */
const MESSAGES: Partial<Record<CallCode, MessageDescriptor>> = {
  IncorrectUsernameOrPassword: msg`Incorrect email or password`,
  NotAuthorizedException: msg`Incorrect email or password`,
  UsernameExistsException: msg`This email is already registered`,
  UserNotConfirmedException: msg`Please verify your e-mail address first: we have sent you a code.`,
  CodeMismatchException: msg`That code is not right. Check the e-mail and try again.`,
  ExpiredCodeException: msg`This code has expired. Send a new one.`,
  LimitError: msg`Too many attempts. Please wait a few minutes and try again.`,
  AccountDisabled: msg`This account has been disabled.`,
  ResetPasswordRequire: msg`Please choose a new password to continue.`,
  InvalidPasswordException: msg`Password must be at least 8 characters with a lowercase letter, an uppercase letter and a number`,
  NetworkError: msg`Could not reach Sip & Gather. Check your connection and try again.`,
};
const FALLBACK = msg`An error occurred, please try again later.`;

export const authMessage = (code: CallCode): MessageDescriptor => MESSAGES[code] ?? FALLBACK;
