import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { USER_VISIBLE_CODES } from '../../contract/index.ts';
import type { FlowCode } from '../../machines/shared/codes.ts';
import { messageFor } from './error-messages.ts';

/** Words for the codes checkout, orders and the wallet show inline (spec §8, plus our own refusals). */
const MESSAGES: Partial<Record<FlowCode, MessageDescriptor>> = {
  NetworkError: msg`We could not reach the shop. Check your connection and try again.`,
  AgeConfirmationRequired: msg`Please confirm that you are 18 or over to buy alcohol.`,
  DeliveryAddressRequired: msg`Please choose a delivery address.`,
  InvalidParameter: msg`Something in the order is not right. Please check it and try again.`,
  AlreadySubscribed: msg`You already have this subscription. See it under My subscriptions.`,
  SubscriptionEnded: msg`This subscription has ended and can no longer be changed.`,
};

/** Spec §8 "payment failed, please try again": an FPS payment that ran out or could not start. */
export const PAYMENT_FAILED_TRY_AGAIN = msg`Payment failed, please try again`;
/** Spec §8 "wallet not supported on this device". */
export const WALLET_NOT_SUPPORTED = msg`Wallet not supported on this device`;

export function paymentMessage(code: FlowCode): MessageDescriptor {
  return MESSAGES[code] ?? messageFor(code);
}

/**
 * The server's own message, for a whitelisted code whose message says more than our words
 * (spec §8: those codes are shown with the server's message), e.g. which item is out of stock.
 */
export function serverDetail(error: { code: FlowCode; message?: string | undefined }, shown: string): string | undefined {
  const message = error.message?.trim();
  return message && USER_VISIBLE_CODES.has(error.code) && message !== shown ? message : undefined;
}
