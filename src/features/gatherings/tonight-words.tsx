import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { messageFor } from '../../api/error-messages.ts';
import { FormError } from '../../ui/Field.tsx';

/** Words for what the gathering's calls answer, where the catalogue's are too general. */
export const TONIGHT_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  OutOfStock: msg`Not that many are left tonight.`,
  ShoppingBagEmpty: msg`Your cart is empty: add something from tonight’s list first.`,
  AgeConfirmationRequired: msg`Please confirm you are 18 or over to order spirits.`,
  NetworkError: msg`That did not get through. Check your connection and try again.`,
};

/** Why a change or the order was refused, in words, beside the cart. */
export function TonightError({ code }: { code: CallCode | undefined }) {
  const { i18n } = useLingui();
  if (!code) return null;
  return <FormError>{i18n._(TONIGHT_WORDS[code] ?? messageFor(code))}</FormError>;
}
