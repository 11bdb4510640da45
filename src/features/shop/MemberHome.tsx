import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { Slot } from '../../app/Slot.tsx';

/** Spec §1: a member's personal home: a greeting, the guide, and quick actions. */
export function MemberHome() {
  const { session } = useServices();
  const user = useSelector(session, sessionState.user);
  const needsSurvey = useSelector(session, sessionState.needsEntrySurvey);
  const { t } = useLingui();
  if (!user) return null;
  const name = user.name || user.givenName;
  return (
    <section aria-labelledby="member-home-title" className="section member-home">
      <h2 id="member-home-title">
        <Trans>Welcome back, {name}</Trans>
      </h2>
      <ol className="member-guide">
        <li data-done={!needsSurvey}>
          {needsSurvey ? (
            <Link to="/entry_survey" search={{ returnTo: '/home' }}>
              <Trans>Tell us what you like to sip</Trans>
            </Link>
          ) : (
            <Trans>Your taste profile is set</Trans>
          )}
        </li>
        <li>
          <Link to="/search_boxset/{-$keyword}" params={{ keyword: undefined }}>
            <Trans>Try a sensory box set</Trans>
          </Link>
        </li>
      </ol>
      <Slot name="dailySip" />
      <nav aria-label={t`Quick actions`} className="quick-actions">
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'tea' }} className="chip">
          <Trans>Drinks</Trans>
        </Link>
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'equipment' }} className="chip">
          <Trans>Equipment</Trans>
        </Link>
        <Link to="/search_boxset/{-$keyword}" params={{ keyword: undefined }} className="chip">
          <Trans>Sensory box sets</Trans>
        </Link>
      </nav>
    </section>
  );
}
