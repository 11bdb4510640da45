import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';

/** Log in for visitors; the member's account and settings once signed in. */
export function AccountButton() {
  const { session, popups } = useServices();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const user = useSelector(session, sessionState.user);
  const { t } = useLingui();
  if (!loggedIn) {
    return (
      <button type="button" className="chip-button" onClick={() => popups.open('login')}>
        <Trans>Log in</Trans>
      </button>
    );
  }
  const initial = (user?.name || user?.givenName || '·').slice(0, 1).toUpperCase();
  return (
    <button type="button" className="chip-button avatar-button" onClick={() => popups.open('account')} aria-label={t`Account and settings`}>
      <span aria-hidden="true">{initial}</span>
    </button>
  );
}
