import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as invite from '../../../machines/invite-activation/invite-activation.selectors.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useIntentResult } from '../../app/sign-in-intent.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormError } from '../../ui/Field.tsx';
import { MembershipNote } from '../../ui/MembershipNote.tsx';
import { createInviteActivationFlow } from './invite-activation.actors.ts';
import './membership.css';

const route = getRouteApi('/activate_invitation/$inviteCode');

/**
 * Spec §8: the invite outcomes are answered to this page, not the common handler, so their words live here (and
 * stay out of every page's first load); the catalogue's where this page has none of its own.
 */
const OWN_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  UserAlreadyUsedCode: msg`You have already used an invite code: you are a Regular Member.`,
  InviteCodeExpired: msg`This invite code has expired. Ask your friend for a new link.`,
  InviteCodeLimitReached: msg`This invite code has been used as many times as it allows. Ask your friend for a new link.`,
  OwnInviteCode: msg`This is your own invite code: share it with a friend instead.`,
  ObjectNotFound: msg`This invite link is not valid. Ask your friend to send it again.`,
  InvalidParameter: msg`This invite link is not valid. Ask your friend to send it again.`,
  LimitError: msg`Too many invite codes were tried. Please wait a few minutes and try again.`,
  NetworkError: msg`The invitation could not be accepted. Check your connection and try again.`,
};

/** Spec §2 activate_invitation/{inviteCode}: a member's invitation link (machines/invite-activation). */
export function ActivateInvitationScreen() {
  const { inviteCode } = route.useParams();
  const code = inviteCode.trim().toUpperCase();
  // Another link opened from this one starts afresh.
  return <Invitation key={code} code={code} />;
}

function Invitation({ code }: { code: string }) {
  const services = useServices();
  const { session, popups } = services;
  const { i18n } = useLingui();
  const signedIn = useSelector(session, sessionState.isLoggedIn);
  const { result, done } = useIntentResult();
  // Back from signing in or up to accept it (the page may have been left for verification and opened again).
  const resumed = result?.kind === 'activateInvite' && result.InviteCode === code;
  const machine = useMemo(() => createInviteActivationFlow(services), [services]);
  const flow = useFlow(machine, { input: { inviteCode: code, signedIn, resume: resumed } });
  const needsMember = useSelector(flow, invite.needsMember);
  const canActivate = useSelector(flow, invite.canActivate);
  const activating = useSelector(flow, invite.isActivating);
  const membership = useSelector(flow, invite.membership);
  const refusal = useSelector(flow, invite.refusal);
  const failure = useSelector(flow, invite.failure);

  useEffect(() => {
    flow.send(signedIn ? { type: 'SIGNED_IN', resume: false } : { type: 'SIGNED_OUT' });
  }, [flow, signedIn]);
  useEffect(() => {
    if (!resumed) return;
    done();
    flow.send({ type: 'SIGNED_IN', resume: true });
  }, [flow, resumed, done]);

  const words = (c: CallCode) => i18n._(OWN_WORDS[c] ?? messageFor(c));
  const seeMembership = (
    <button type="button" className="button" onClick={() => popups.open('account', { section: 'membership' })}>
      <Trans>See your membership</Trans>
    </button>
  );

  return (
    <div className="page invite-page">
      <section className="invite-card" aria-labelledby="invite-title">
        <p className="invite-kicker">
          <Trans>Invitation</Trans>
        </p>
        <h1 id="invite-title">
          <Trans>You are invited to Sip & Gather</Trans>
        </h1>
        <p>
          <Trans>
            A member has invited you to become a Regular Member. Invite code: <strong className="invite-code-value">{code}</strong>
          </Trans>
        </p>
        <MembershipNote />

        {membership ? (
          <div className="invite-welcome" role="status">
            <h2>
              <Trans>You are a Regular Member</Trans>
            </h2>
            {membership.InvitedBy && (
              <p>
                <Trans>Invited by {membership.InvitedBy.Name}.</Trans>
              </p>
            )}
            <div className="invite-actions">
              {seeMembership}
              <Link to="/home" className="button primary">
                <Trans>Start exploring</Trans>
              </Link>
            </div>
          </div>
        ) : needsMember ? (
          <>
            <p>
              <Trans>Log in or sign up to accept it. Opening an account is free.</Trans>
            </p>
            <div className="invite-actions">
              <button type="button" className="button primary" onClick={() => flow.send({ type: 'SIGN_IN', mode: 'login' })}>
                <Trans>Log in to accept</Trans>
              </button>
              <button type="button" className="button" onClick={() => flow.send({ type: 'SIGN_IN', mode: 'signUp' })}>
                <Trans>Sign up</Trans>
              </button>
            </div>
          </>
        ) : canActivate || activating ? (
          <button type="button" className="button primary wide" disabled={activating} onClick={() => flow.send({ type: 'ACTIVATE' })}>
            {activating ? <Trans>Accepting…</Trans> : <Trans>Become a Regular Member</Trans>}
          </button>
        ) : null}

        {refusal && (
          <>
            <FormError>{words(refusal)}</FormError>
            {refusal === 'UserAlreadyUsedCode' && <div className="invite-actions">{seeMembership}</div>}
          </>
        )}
        {failure && (
          <>
            <FormError>{words(failure)}</FormError>
            <button type="button" className="button" onClick={() => flow.send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </button>
          </>
        )}
      </section>
    </div>
  );
}
