import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { USER_VISIBLE_CODES } from '../../contract/index.ts';
import type { FlowCode } from '../../machines/shared/codes.ts';
import { ApiError } from './client.ts';

/** Words for the codes the user may see (spec §8); every other code gets the default message. */
const MESSAGES: Partial<Record<FlowCode, MessageDescriptor>> = {
  PaymentFail: msg`Payment failed, please use another payment method or try again later`,
  UpdateNameLimit: msg`Username updated too frequently`,
  OutOfStock: msg`Sorry, this item is out of stock.`,
  ShoppingBagEmpty: msg`Your shopping bag is empty.`,
  IncorrectUsernameOrPassword: msg`Incorrect email or password`,
  ResetPasswordRequire: msg`Please reset your password to continue.`,
  AccountDisabled: msg`This account has been disabled.`,
  RescanQRCode: msg`Please scan the QR code again.`,
  SurveyCannotResubmit: msg`This survey has already been submitted.`,
  SurveyNotComplete: msg`Please answer every question before submitting.`,
  SurveyNotOpen: msg`This survey opens when the session starts.`,
  NoNeedToUpdateLike: msg`Already up to date.`,
  StripeError: msg`The card payment could not be processed.`,
  AlipayError: msg`The Alipay payment could not be processed.`,
  UserAlreadyJoinedTheEvent: msg`You have already joined this event.`,
  TicketAlreadyActivated: msg`This ticket has already been activated.`,
  ObjectNotFound: msg`Not found.`,
  UnexpectedLoginProvider: msg`This sign-in provider cannot be used for this account.`,
  CodeExpired: msg`This code has expired. Please ask for a new one.`,
  AlreadyAppliedCoupon: msg`This coupon has already been applied.`,
  Forbidden: msg`You do not have permission to do this.`,
};
const DEFAULT_MESSAGE = msg`An error occurred, please try again later.`;

/** Spec §8: only an HTTP 400 carrying a whitelisted code reaches the user. */
export function isUserVisible(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && USER_VISIBLE_CODES.has(error.code);
}

export function messageFor(code: FlowCode): MessageDescriptor {
  return MESSAGES[code] ?? DEFAULT_MESSAGE;
}
