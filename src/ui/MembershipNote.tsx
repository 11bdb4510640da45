import { Trans } from '@lingui/react/macro';
import './membership-note.css';

/**
 * The account and the two membership types (spec §1), in the words of the About and FAQ pages (the seed's
 * MEMBERSHIP, server/db/seed/content-data.ts): anyone can open an account; Regular Member comes by a
 * member's invitation, SVIP with a box-set subscription.
 */
export function MembershipNote() {
  return (
    <div className="membership-note">
      <p>
        <Trans>Anyone can open an account, free of charge, to shop, book tastings, write taste cards and share inspiration. There are two membership types:</Trans>
      </p>
      <ul>
        <li>
          <Trans>Regular Member: comes by invitation from a member.</Trans>
        </li>
        <li>
          <Trans>SVIP: comes with a box-set subscription, with a tasting box every 3 months, member discounts, and exclusive and top-priority events.</Trans>
        </li>
      </ul>
    </div>
  );
}
