import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isSubscribed } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';

/**
 * Spec §1: SVIP members get a tasting box every 3 months; this bar invites visitors and members to the
 * plans (/subscription). A member already subscribed (user-get-info checking.Subscribed) does not see it.
 * On a phone it keeps to one slim line (issue 14: the bars of a first visit cover little of the screen).
 */
export function SubscriptionBar() {
  const { session } = useServices();
  const subscribed = useSelector(session, isSubscribed);
  if (subscribed) return null;
  return (
    <aside className="subscription-bar">
      <p>
        <span className="subscription-long">
          <Trans>SVIP: a tasting box every 3 months, member prices and first seats at events.</Trans>
        </span>
        <span className="subscription-short">
          <Trans>SVIP: a tasting box every 3 months.</Trans>
        </span>
      </p>
      <Link to="/subscription" className="button small">
        <Trans>See the plans</Trans>
      </Link>
    </aside>
  );
}
