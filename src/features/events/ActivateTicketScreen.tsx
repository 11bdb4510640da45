import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ErrorCode } from '../../../contract/index.ts';
import * as activation from '../../../machines/ticket-activation/ticket-activation.selectors.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { errorCode } from '../../api/error-code.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useIntentResult } from '../../app/sign-in-intent.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { sessionWhen } from '../../ui/event-dates.ts';
import { eventQueries } from './queries.ts';
import { createTicketActivationFlow } from './ticket-activation.actors.ts';
import './events.css';

const route = getRouteApi('/activate_ticket/$ticketID');

/** The refusals this page words itself (the catalogue's where it has none of its own); `atVenue` while the gathering is on. */
const OWN_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  EventSaleClosed: msg`This session has started: its tickets can no longer be activated.`,
  ObjectNotFound: msg`This ticket cannot be activated: its order is not paid, or the link is not valid.`,
  GatheringClosed: msg`This gathering has ended: its tickets can no longer be used to check in.`,
  NetworkError: msg`The ticket could not be used just now. Check your connection and try again.`,
};
const VENUE_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  TicketAlreadyActivated: msg`This ticket has already been checked in, or it belongs to someone else.`,
  UserAlreadyJoinedTheEvent: msg`You have a seat of your own at this session: check in with your own ticket.`,
};

/**
 * Spec §2 activate_ticket/{ticketID}: a ticket link (machines/ticket-activation). The session and the name on the
 * ticket; a visitor signs in or signs up (filled in from the ticket), and it goes ahead as soon as they have.
 * Before the gathering opens, a member activates a guest ticket and the seat shows in their "My events"; while it
 * is going on (issue 31), the holder checks in with it at the venue.
 */
export function ActivateTicketScreen() {
  const { ticketID } = route.useParams();
  // Another link opened from this one starts afresh.
  return <TicketPage key={ticketID} ticketID={ticketID} />;
}

function TicketPage({ ticketID }: { ticketID: string }) {
  const services = useServices();
  const { api, session } = services;
  const signedIn = useSelector(session, sessionState.isLoggedIn);
  const navigate = useNavigate();
  const pick = useBilingual();
  const { i18n } = useLingui();
  const ticket = useQuery(eventQueries.ticket(api, ticketID));

  const { result, done } = useIntentResult();
  // Back from signing in or up to use it (the page may have been left for verification and opened again).
  const resumed = result?.kind === 'activateTicket' && result.TicketID === ticketID;
  const machine = useMemo(
    () => createTicketActivationFlow(services, (to) => void navigate({ to: '/event_record/$eventID/$varianceID', params: { eventID: to.EventID, varianceID: to.VarianceID } })),
    [services, navigate],
  );
  const flow = useFlow(machine, { input: { ticketID, signedIn, resume: resumed } });
  const needsMember = useSelector(flow, activation.needsMember);
  const canActivate = useSelector(flow, activation.canActivate);
  const activating = useSelector(flow, activation.isActivating);
  const activated = useSelector(flow, activation.isActivated);
  const checkedIn = useSelector(flow, activation.isCheckedIn);
  const refusal = useSelector(flow, activation.refusal);
  const failure = useSelector(flow, activation.failure);

  useEffect(() => {
    flow.send(signedIn ? { type: 'SIGNED_IN', resume: false } : { type: 'SIGNED_OUT' });
  }, [flow, signedIn]);
  useEffect(() => {
    if (!resumed) return;
    done();
    flow.send({ type: 'SIGNED_IN', resume: true });
  }, [flow, resumed, done]);

  const data = ticket.data;
  if (!data) {
    return (
      <div className="page activate-page">
        {ticket.isError ? (
          <section className="state-page">
            <h1>
              <Trans>Ticket not found</Trans>
            </h1>
            <p>
              {errorCode(ticket.error) === ErrorCode.ObjectNotFound ? (
                <Trans>This ticket link is not valid. Ask the person who invited you to send it again.</Trans>
              ) : (
                <Trans>The ticket could not be loaded. Check your connection and try again.</Trans>
              )}
            </p>
            {errorCode(ticket.error) !== ErrorCode.ObjectNotFound && (
              <button type="button" className="button primary" onClick={() => void ticket.refetch()}>
                <Trans>Try again</Trans>
              </button>
            )}
          </section>
        ) : (
          <p className="muted" role="status">
            <Trans>Loading the ticket…</Trans>
          </p>
        )}
      </div>
    );
  }

  const s = data.Session;
  const holder = data.HolderName;
  const venue = pick(s.Location.Name);
  // At the venue: the session's gathering is going on, and the ticket checks its holder in.
  const atVenue = data.GatheringStatus === 'Ongoing';
  const words = (c: CallCode) => i18n._((atVenue ? VENUE_WORDS[c] : undefined) ?? OWN_WORDS[c] ?? messageFor(c));
  const visitorButtons = (login: ReactNode, signUp: boolean) => (
    <div className="activate-actions">
      <button type="button" className="button primary" onClick={() => flow.send({ type: 'SIGN_IN', mode: 'login' })}>
        {login}
      </button>
      {signUp && (
        <button type="button" className="button" onClick={() => flow.send({ type: 'SIGN_IN', mode: 'signUp' })}>
          <Trans>Sign up</Trans>
        </button>
      )}
    </div>
  );
  const tonight = (
    <Link to="/tonight" className="button primary">
      <Trans>Go to Tonight</Trans>
    </Link>
  );

  let action: ReactNode = null;
  if (checkedIn) {
    action = (
      <div className="notice" role="status">
        <p>
          <strong>
            <Trans>You are checked in</Trans>
          </strong>
        </p>
        <p>
          <Trans>Welcome to {venue}. Tonight has the pour list and your orders.</Trans>
        </p>
        {tonight}
      </div>
    );
  } else if (data.GatheringStatus === 'Closed') {
    action = (
      <p className="notice" role="status">
        <Trans>This gathering has ended.</Trans>
      </p>
    );
  } else if (atVenue && data.Redeemed) {
    action = (
      <>
        <p className="notice" role="status">
          <Trans>This ticket has been checked in.</Trans>
        </p>
        {!needsMember && tonight}
      </>
    );
  } else if (atVenue) {
    action = needsMember ? (
      <>
        <p>
          {data.Activated ? (
            <Trans>You are at {venue}: log in to check in with your ticket.</Trans>
          ) : (
            <Trans>You are at {venue}: log in or sign up to check in. It is free, and the seat is then yours.</Trans>
          )}
        </p>
        {visitorButtons(<Trans>Log in to check in</Trans>, !data.Activated)}
      </>
    ) : canActivate || activating ? (
      <>
        <p>
          <Trans>You are at {venue}: check in</Trans>
        </p>
        <button type="button" className="button primary wide" disabled={activating} onClick={() => flow.send({ type: 'ACTIVATE' })}>
          {activating ? <Trans>Checking in…</Trans> : <Trans>Check in</Trans>}
        </button>
      </>
    ) : null;
  } else if (data.Activated) {
    action = (
      <p className="notice" role="status">
        <Trans>This ticket has already been activated.</Trans>
      </p>
    );
  } else if (needsMember) {
    action = (
      <>
        <p>
          <Trans>Log in or sign up to activate this ticket. It is free, and the seat is then yours.</Trans>
        </p>
        {visitorButtons(<Trans>Log in to activate</Trans>, true)}
      </>
    );
  } else if (canActivate || activating || activated) {
    action = (
      <>
        <p>
          <Trans>Activate the ticket to take this seat: the event then shows in your “My events”.</Trans>
        </p>
        <button type="button" className="button primary wide" disabled={activating || activated} onClick={() => flow.send({ type: 'ACTIVATE' })}>
          {activating ? <Trans>Activating…</Trans> : <Trans>Activate ticket</Trans>}
        </button>
      </>
    );
  }

  return (
    <div className="page activate-page">
      <section className="activate-card" aria-labelledby="activate-title">
        <img src={s.Image} alt="" className="activate-cover" width={640} height={360} loading="eager" fetchPriority="high" />
        <div className="activate-body">
          <p className="event-kind">
            <Trans>Event ticket</Trans>
          </p>
          <h1 id="activate-title">{pick(s.Title)}</h1>
          <dl className="event-facts">
            <div>
              <dt>
                <Trans>When</Trans>
              </dt>
              <dd>{sessionWhen(s, i18n.locale)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Place</Trans>
              </dt>
              <dd>
                {venue} · {pick(s.Location.Address)}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Name on the ticket</Trans>
              </dt>
              <dd>{holder || <Trans>Not named yet</Trans>}</dd>
            </div>
          </dl>
          {s.IsAlcohol && (
            <p className="notice">
              <Trans>A spirits tasting: for persons aged 18 or over only.</Trans>
            </p>
          )}

          {action}
          {refusal && <FormError>{words(refusal)}</FormError>}
          {refusal === ErrorCode.UserAlreadyJoinedTheEvent && (
            <Link to="/event_record/$eventID/$varianceID" params={{ eventID: s.EventID, varianceID: s.VarianceID }} className="button">
              <Trans>See your booking</Trans>
            </Link>
          )}
          {failure && (
            <>
              <FormError>{words(failure)}</FormError>
              <button type="button" className="button" onClick={() => flow.send({ type: 'RETRY' })}>
                <Trans>Try again</Trans>
              </button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
