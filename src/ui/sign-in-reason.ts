import { useLingui } from '@lingui/react/macro';
import { usePendingIntent } from '../app/sign-in-intent.ts';
import { useBilingual } from './Bilingual.tsx';

/**
 * Why the login popup opened, when a visitor's "Add to bag", wishlist heart, an event's Join or a
 * ticket's activation or an NFC tag's "Add to my drinks" opened it ("Log in to
 * add Anxi Tieguanyin to your bag."); nothing when the visitor opened it themselves.
 */
export function useSignInReason(): string | undefined {
  const intent = usePendingIntent();
  const pick = useBilingual();
  const { t } = useLingui();
  if (!intent) return undefined;
  if (intent.kind === 'addToBag') {
    const name = pick(intent.Name);
    return t`Log in to add ${name} to your bag.`;
  }
  if (intent.kind === 'joinEvent') {
    const title = pick(intent.Title);
    return t`Log in to join ${title}.`;
  }
  if (intent.kind === 'activateTicket') return t`Log in or sign up to activate your ticket.`;
  if (intent.kind === 'activateInvite') return t`Log in or sign up to accept your invitation.`;
  if (intent.kind === 'addNfcProduct') {
    const name = pick(intent.Name);
    return t`Log in to add ${name} to your drinks.`;
  }
  const name = pick(intent.product.Name);
  return t`Log in to save ${name} to your wishlist.`;
}
