import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { InviteCode } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { membershipQueries } from './membership-queries.ts';
import './membership.css';

/**
 * The account's Membership tab (issue 31): the membership types and which the member holds (Regular Member by
 * a member's invitation, with who invited them; SVIP while a box-set subscription is ongoing), and their
 * invite codes to share.
 */
export function MembershipSection() {
  const { api } = useServices();
  const { i18n } = useLingui();
  const invites = useQuery({ ...membershipQueries.invites(api), meta: { handlesErrors: true } });
  const day = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium' });

  if (!invites.data) {
    return invites.isError ? (
      <div className="membership-section">
        <p role="alert">
          <Trans>Your membership could not be loaded. Check your connection and try again.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void invites.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    ) : (
      <p className="muted" role="status">
        <Trans>Loading your membership…</Trans>
      </p>
    );
  }
  const { Membership: m, InviteCodeList: codes } = invites.data;
  return (
    <div className="membership-section">
      <h3 className="visually-hidden">
        <Trans>Membership types</Trans>
      </h3>
      <ul className="membership-types">
        <li className="membership-type" data-held="true">
          <h4>
            <Trans>Account</Trans> <span className="badge">
              <Trans>Yours</Trans>
            </span>
          </h4>
          <p>
            <Trans>Shop, book tastings, write taste cards and share inspiration.</Trans>
          </p>
        </li>
        <li className="membership-type" data-held={m.RegularMember}>
          <h4>
            <Trans>Regular Member</Trans>
            {m.RegularMember && (
              <span className="badge">
                <Trans>Yours</Trans>
              </span>
            )}
          </h4>
          {m.RegularMember ? (
            <p>
              {m.InvitedBy && m.RegularSince ? (
                <Trans>
                  Invited by {m.InvitedBy.Name} on {day(m.RegularSince)}.
                </Trans>
              ) : (
                <Trans>By a member’s invitation.</Trans>
              )}
            </p>
          ) : (
            <p>
              <Trans>Comes by invitation from a member: open their invite link.</Trans>
            </p>
          )}
        </li>
        <li className="membership-type" data-held={m.SVIP}>
          <h4>
            <Trans>SVIP</Trans>
            {m.SVIP && (
              <span className="badge">
                <Trans>Yours</Trans>
              </span>
            )}
          </h4>
          <p>
            <Trans>A tasting box every 3 months, member discounts, and exclusive and top-priority events, with a box-set subscription.</Trans>
          </p>
          {!m.SVIP && (
            <Link to="/subscription" className="button small">
              <Trans>See the box sets</Trans>
            </Link>
          )}
        </li>
      </ul>

      <h3>
        <Trans>Your invite codes</Trans>
      </h3>
      <p className="muted">
        <Trans>Share a link with friends: each becomes a Regular Member when they open it and sign up.</Trans>
      </p>
      <ul className="invite-code-list">
        {codes.map((c) => (
          <InviteCodeItem key={c.InviteCode} code={c} day={day} />
        ))}
      </ul>
    </div>
  );
}

function InviteCodeItem({ code: c, day }: { code: InviteCode; day: (iso: string) => string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>();
  const link = `${window.location.origin}/activate_invitation/${c.InviteCode}`;
  const expired = new Date(c.ExpiresAt).getTime() <= Date.now();
  // Web Share where the phone has it (its own share sheet), the clipboard elsewhere.
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: t`Join me at Sip & Gather`, text: t`Become a Regular Member of Sip & Gather with my invitation:`, url: link });
    } catch {
      // Dismissed: nothing to say.
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <li className="invite-code" data-live={c.Live}>
      <span className="invite-code-value">{c.InviteCode}</span>
      <p className="invite-code-facts">
        <Trans>
          Used {c.Uses} of {c.UseLimit}
        </Trans>
        {' · '}
        {c.Live ? (
          <Trans>Valid until {day(c.ExpiresAt)}</Trans>
        ) : expired ? (
          <Trans>Expired on {day(c.ExpiresAt)}</Trans>
        ) : (
          <Trans>Used up</Trans>
        )}
      </p>
      {c.Live && (
        <div className="invite-actions">
          {canShare && (
            <button type="button" className="button small primary" onClick={() => void share()}>
              <Trans>Share invite link</Trans>
            </button>
          )}
          <button type="button" className="button small" onClick={() => void copy()}>
            <Trans>Copy invite link</Trans>
          </button>
          <span role="status" className="muted">
            {copied === 'copied' ? <Trans>Link copied.</Trans> : copied === 'failed' ? <Trans>Copy this link: {link}</Trans> : null}
          </span>
        </div>
      )}
    </li>
  );
}
