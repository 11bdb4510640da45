import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PAYMENT_ERRORS, type CallCode } from '../../../machines/shared/codes.ts';
import { messageFor } from '../../api/error-messages.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { FormError } from '../../ui/Field.tsx';

/** Words for what the gathering's calls answer, where the catalogue's are too general. */
export const TONIGHT_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  OutOfStock: msg`Not that many are left tonight.`,
  ShoppingBagEmpty: msg`Your cart is empty: add something from tonight’s list first.`,
  AgeConfirmationRequired: msg`Please confirm you are 18 or over to order spirits.`,
  NetworkError: msg`That did not get through. Check your connection and try again.`,
  UserAlreadyJoinedTheEvent: msg`You already have a place at this gathering.`,
};

/** Buying a place at the door (create-gathering-order): OutOfStock is about seats, not pours. */
export const PLACE_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  OutOfStock: msg`Sorry, no place is left at this gathering.`,
  GatheringClosed: msg`This gathering is no longer going on.`,
};

const PAYMENT_REFUSALS: ReadonlySet<CallCode> = new Set(PAYMENT_ERRORS);

/**
 * Why a change, the order or buying a place was refused, in words, beside it (`words`: the call's own first). A
 * payment refused (a card declined: PaymentFail, StripeError …) is said in the checkout's words.
 */
export function TonightError({ code, words }: { code: CallCode | undefined; words?: Partial<Record<CallCode, MessageDescriptor>> }) {
  const { i18n } = useLingui();
  if (!code) return null;
  return <FormError>{i18n._(words?.[code] ?? TONIGHT_WORDS[code] ?? (PAYMENT_REFUSALS.has(code) ? paymentMessage(code) : messageFor(code)))}</FormError>;
}
