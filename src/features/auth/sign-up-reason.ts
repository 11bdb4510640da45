import { useLingui } from '@lingui/react/macro';
import { usePendingIntent } from '../../app/sign-in-intent.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';

/**
 * Why the sign-up popup opened, in its own words (issue 29: it said "Log in to add…" where the visitor is
 * creating an account): the same reasons as the login popup's (src/ui/sign-in-reason.ts), nothing when the
 * visitor opened it themselves.
 */
export function useSignUpReason(): string | undefined {
  const intent = usePendingIntent();
  const pick = useBilingual();
  const { t } = useLingui();
  if (!intent) return undefined;
  switch (intent.kind) {
    case 'addToBag': {
      const name = pick(intent.Name);
      return t`Sign up to add ${name} to your bag.`;
    }
    case 'joinEvent': {
      const title = pick(intent.Title);
      return t`Sign up to join ${title}.`;
    }
    case 'activateTicket':
      return t`Sign up to activate your ticket.`;
    case 'activateInvite':
      return t`Sign up to accept your invitation and become a Regular Member.`;
    case 'addNfcProduct': {
      const name = pick(intent.Name);
      return t`Sign up to add ${name} to your drinks.`;
    }
    case 'saveToWishlist': {
      const name = pick(intent.product.Name);
      return t`Sign up to save ${name} to your wishlist.`;
    }
  }
}
