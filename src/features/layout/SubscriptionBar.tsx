import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Spec §1: SVIP members get a tasting box every 3 months; this bar invites visitors to it. */
export function SubscriptionBar() {
  return (
    <aside className="subscription-bar">
      <p>
        <Trans>SVIP: a tasting box every 3 months, member prices and first seats at events.</Trans>
      </p>
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'boxset' }} className="button small">
        <Trans>See box sets</Trans>
      </Link>
    </aside>
  );
}
