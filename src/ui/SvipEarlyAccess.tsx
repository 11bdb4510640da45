import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { hongKongDateTime } from './event-dates.ts';
import './session-status.css';

/**
 * A session open to SVIPs first (issue 18), on the event page and in the event checkout alike: the badge,
 * its spaces (to an SVIP) or Sold out, when it opens to everyone and, for the others, where SVIPs come from.
 */
export function SvipEarlyAccess({ session, svip }: { session: { SpacesLeft: number; SaleOpenAt: string }; svip: boolean }) {
  const opens = hongKongDateTime(session.SaleOpenAt).slice(0, 10);
  return (
    <span className="session-svip">
      <span className="badge svip-badge">
        <Trans>SVIP early access</Trans>
      </span>{' '}
      {session.SpacesLeft === 0 ? (
        <span className="session-status" data-out="true">
          <Trans>Sold out</Trans>
        </span>
      ) : (
        svip && (
          <span className="session-status" data-few={session.SpacesLeft <= 3}>
            <Plural value={session.SpacesLeft} one="# space left" other="# spaces left" />
          </span>
        )
      )}
      <span className="session-svip-opens">
        <Trans>
          Opens to everyone on <span className="session-svip-date">{opens}</span>
        </Trans>
      </span>
      {!svip && session.SpacesLeft > 0 && (
        <Link to="/subscription" className="session-svip-link">
          <Trans>SVIP members can book now — see the box sets</Trans>
        </Link>
      )}
    </span>
  );
}
