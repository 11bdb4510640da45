import { Trans } from '@lingui/react/macro';

/** An owner's page seen by staff: said, not shown (the server refuses its calls too). */
export function OwnerOnly() {
  return (
    <p className="admin-not-for-you" role="alert">
      <Trans>Only the shop’s owner can see this page.</Trans>
    </p>
  );
}
