import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/**
 * Spec §1: SVIP members get a tasting box every 3 months; this bar invites visitors to it. On a phone
 * it keeps to one slim line (issue 14: the bars of a first visit cover little of the screen).
 */
export function SubscriptionBar() {
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
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'boxset' }} className="button small">
        <Trans>See box sets</Trans>
      </Link>
    </aside>
  );
}
