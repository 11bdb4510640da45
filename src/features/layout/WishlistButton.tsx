import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { HeartIcon } from '../../ui/HeartButton.tsx';

/** Opens the wishlist popup; members only. */
export function WishlistButton() {
  const { session, popups } = useServices();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const { t } = useLingui();
  if (!loggedIn) return null;
  return (
    <button type="button" className="chip-button" onClick={() => popups.open('wishlist')} aria-label={t`Wishlist`}>
      <HeartIcon filled={false} />
    </button>
  );
}
