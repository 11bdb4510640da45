import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ErrorCode, activateTicket } from '../../../contract/index.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { errorCode } from '../../api/error-code.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { askToSignIn, useIntentResult } from '../../app/sign-in-intent.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { sessionWhen } from '../../ui/event-dates.ts';
import { eventQueries } from './queries.ts';
import './events.css';

const route = getRouteApi('/activate_ticket/$ticketID');

/**
 * Spec §2 activate_ticket/{ticketID}: a guest's ticket link. The session and the name on the ticket;
 * a visitor signs in or signs up (the ticket is activated as soon as they have), a member activates it;
 * the seat is then theirs and shows in their "My events".
 */
export function ActivateTicketScreen() {
  const services = useServices();
  const { api, session, queryClient } = services;
  const { ticketID } = route.useParams();
  const member = useSelector(session, sessionState.isLoggedIn);
  const navigate = useNavigate();
  const pick = useBilingual();
  const { i18n } = useLingui();
  const ticket = useQuery(eventQueries.ticket(api, ticketID));
  const activate = useMutation({
    mutationFn: () => api.call(activateTicket, { TicketID: ticketID }).then((r) => r.Record),
    onSuccess: async (record) => {
      queryClient.setQueryData(eventQueries.record(api, record.VarianceID).queryKey, record);
      await queryClient.invalidateQueries({ queryKey: ['member', 'eventRecords'] });
      await navigate({ to: '/event_record/$eventID/$varianceID', params: { eventID: record.EventID, varianceID: record.VarianceID } });
    },
    // Taken meanwhile: the ticket is read again, and says so.
    onError: (error) => {
      if (errorCode(error) === ErrorCode.TicketAlreadyActivated) void queryClient.invalidateQueries({ queryKey: eventQueries.ticket(api, ticketID).queryKey });
    },
    meta: { handlesErrors: true },
  });

  // Asked to sign in from here: once signed in, the activation they asked for goes ahead.
  const { result, done } = useIntentResult();
  const { mutate } = activate;
  useEffect(() => {
    if (result?.kind !== 'activateTicket' || result.TicketID !== ticketID) return;
    done();
    mutate();
  }, [result, done, ticketID, mutate]);

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
  const failure = errorCode(activate.error);
  const holder = data.HolderName;
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
                {pick(s.Location.Name)} · {pick(s.Location.Address)}
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

          {data.Activated ? (
            <p className="notice" role="status">
              <Trans>This ticket has already been activated.</Trans>
            </p>
          ) : member ? (
            <>
              <p>
                <Trans>Activate the ticket to take this seat: the event then shows in your “My events”.</Trans>
              </p>
              <button type="button" className="button primary wide" disabled={activate.isPending || activate.isSuccess} onClick={() => activate.mutate()}>
                {activate.isPending ? <Trans>Activating…</Trans> : <Trans>Activate ticket</Trans>}
              </button>
            </>
          ) : (
            <>
              <p>
                <Trans>Log in or sign up to activate this ticket. It is free, and the seat is then yours.</Trans>
              </p>
              <div className="activate-actions">
                <button type="button" className="button primary" onClick={() => askToSignIn(services, { kind: 'activateTicket', TicketID: ticketID })}>
                  <Trans>Log in to activate</Trans>
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => askToSignIn(services, { kind: 'activateTicket', TicketID: ticketID }, 'signUp')}
                >
                  <Trans>Sign up</Trans>
                </button>
              </div>
            </>
          )}
          {failure && (
            <FormError>
              {failure === ErrorCode.EventSaleClosed ? (
                <Trans>This session has started: its tickets can no longer be activated.</Trans>
              ) : failure === ErrorCode.ObjectNotFound ? (
                <Trans>This ticket cannot be activated: its order is not paid, or the link is not valid.</Trans>
              ) : (
                i18n._(messageFor(failure))
              )}
            </FormError>
          )}
          {failure === ErrorCode.UserAlreadyJoinedTheEvent && (
            <Link to="/event_record/$eventID/$varianceID" params={{ eventID: s.EventID, varianceID: s.VarianceID }} className="button">
              <Trans>See your booking</Trans>
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
