import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import * as host from '../../../machines/gathering-host/gathering-host.selectors.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { authMessage } from '../../api/account-messages.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { createGatheringHostFlow } from './host.actors.ts';
import { gatheringQueries, HOST_KEY } from './queries.ts';
import { useGatheringEvents } from './use-gathering-events.ts';
import { TicketScanner } from './TicketScanner.tsx';
import './tonight.css';

const route = getRouteApi('/host/$gatheringID');

const HOST_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  CodeMismatchException: authMessage('CodeMismatchException'),
  ExpiredCodeException: authMessage('ExpiredCodeException'),
  LimitError: authMessage('LimitError'),
  RescanQRCode: msg`This is not a ticket of tonight’s session. Please scan it again.`,
  TicketAlreadyActivated: msg`This ticket has already been checked in.`,
  InvalidParameter: msg`Nobody has taken this guest ticket yet: the guest opens its link and signs up first.`,
  GatheringClosed: msg`This gathering is closed.`,
  NetworkError: msg`That did not get through. Check your connection and try again.`,
};

/** Ours (issue 31; machines/gathering-host): the host's screen at the venue, one-handed on a phone. */
export function HostScreen() {
  const { gatheringID } = route.useParams();
  return <Hosting key={gatheringID} gatheringID={gatheringID} />;
}

function Hosting({ gatheringID }: { gatheringID: string }) {
  const services = useServices();
  const { i18n } = useLingui();
  const { locale } = useStore(services.preferences);
  const email = useSelector(services.session, sessionState.user)?.email ?? '';
  const machine = useMemo(() => createGatheringHostFlow(services, gatheringID, email, locale), [services, gatheringID, email, locale]);
  const flow = useFlow(machine);
  const checking = useSelector(flow, host.isChecking);
  const failed = useSelector(flow, host.loadFailed);
  const needsCode = useSelector(flow, host.needsCode);
  const enteringCode = useSelector(flow, host.isEnteringCode);
  const hosting = useSelector(flow, host.isHosting);
  const closed = useSelector(flow, host.isClosed);
  const notHost = useSelector(flow, host.isNotHost);
  const busy = useSelector(flow, host.isBusy);
  const error = useSelector(flow, host.error);
  const [code, setCode] = useState('');
  const codeId = useId();
  const words = (c: CallCode) => i18n._(HOST_WORDS[c] ?? messageFor(c));
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'SUBMIT_CODE', code: code.trim() });
  };

  return (
    <div className="page host-page">
      <h1>
        <Trans>Host</Trans>
      </h1>
      {checking ? (
        <p className="muted" role="status">
          <Trans>Loading the gathering…</Trans>
        </p>
      ) : failed ? (
        <section className="tonight-note">
          <FormError>{error ? words(error) : null}</FormError>
          <button type="button" className="button primary" onClick={() => flow.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </section>
      ) : notHost ? (
        <p className="tonight-note" role="alert">
          <Trans>You are not the host of this gathering. Sign in with the e-mail the shop named for the session.</Trans>
        </p>
      ) : needsCode ? (
        <section className="tonight-note">
          <p>
            <Trans>Open the gathering: we mail a code to the host e-mail.</Trans>
          </p>
          {error && <FormError>{words(error)}</FormError>}
          <button type="button" className="button primary wide" disabled={busy} onClick={() => flow.send({ type: 'REQUEST_CODE' })}>
            {busy ? <Trans>Sending…</Trans> : <Trans>Send me a code</Trans>}
          </button>
        </section>
      ) : enteringCode ? (
        <form className="tonight-note" onSubmit={submitCode}>
          <p>
            <Trans>We mailed a 6-digit code to {email}.</Trans>
          </p>
          <label htmlFor={codeId}>
            <Trans>Code</Trans>
          </label>
          <input id={codeId} value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(e) => setCode(e.target.value)} />
          {error && <FormError>{words(error)}</FormError>}
          <button type="submit" className="button primary wide" disabled={busy || !/^\d{6}$/.test(code.trim())}>
            {busy ? <Trans>Opening…</Trans> : <Trans>Open the gathering</Trans>}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={() => flow.send({ type: 'REQUEST_CODE' })}>
            <Trans>Send a new code</Trans>
          </button>
        </form>
      ) : hosting || closed ? (
        <HostRoom gatheringID={gatheringID} flow={flow} words={words} closed={closed} />
      ) : null}
    </div>
  );
}

type HostFlow = ReturnType<typeof useFlow<ReturnType<typeof createGatheringHostFlow>>>;

function HostRoom({ gatheringID, flow, words, closed }: { gatheringID: string; flow: HostFlow; words: (c: CallCode) => string; closed: boolean }) {
  const { api, queryClient } = useServices();
  const pick = useBilingual();
  // A closed gathering changes no more: read once.
  const view = useQuery({ ...gatheringQueries.hostView(api, gatheringID), ...(closed ? { refetchInterval: false as const } : {}), meta: { handlesErrors: true } });
  const busy = useSelector(flow, host.isBusy);
  const error = useSelector(flow, host.error);
  const checkedIn = useSelector(flow, host.checkedIn);
  const onTicket = useCallback((ticketID: string) => flow.send({ type: 'CHECK_IN', ticketID }), [flow]);
  // Live: a check-in, an order or a pour's remainder shows as it happens.
  useGatheringEvents(gatheringID, !closed, () => void queryClient.invalidateQueries({ queryKey: HOST_KEY }));
  const data = view.data;
  if (!data) return <p className="muted">{view.isError ? <Trans>The gathering could not be loaded.</Trans> : <Trans>Loading the gathering…</Trans>}</p>;
  const inRoom = data.AttendeeList.filter((a) => !a.LeftAt);
  const nameOf = new Map(data.ProductList.map((p) => [p.ProductID, pick(p.Name)]));
  return (
    <div className="tonight-table host-room">
      <p className="tonight-where">
        <strong>{pick(data.Gathering.Title)}</strong> · {pick(data.Gathering.Venue)} · {closed ? <Trans>Closed</Trans> : <Trans>Open</Trans>}
      </p>
      {!closed && (
        <section aria-labelledby="checkin-title" className="tonight-cart">
          <h2 id="checkin-title">
            <Trans>Check in</Trans>
          </h2>
          <TicketScanner busy={busy} onTicket={onTicket} />
          <div aria-live="polite">
            {checkedIn && (
              <p className="notice">
                <Trans>{checkedIn} is in.</Trans>
              </p>
            )}
            {error && <FormError>{words(error)}</FormError>}
          </div>
        </section>
      )}
      <section aria-labelledby="room-title">
        <h2 id="room-title">
          <Trans>In the room ({inRoom.length})</Trans>
        </h2>
        <ul className="cart-lines host-list">
          {inRoom.map((a) => (
            <li key={a.UserID}>
              <span className="cart-line-name">{a.Name}</span>
              <span className="muted small">{a.TicketHolder ? <Trans>Ticket</Trans> : <Trans>At the door</Trans>}</span>
              <span className="muted small">{hongKongDateTime(a.CheckedInAt).slice(11)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="orders-title">
        <h2 id="orders-title">
          <Trans>Tonight’s orders ({data.OrderList.length})</Trans>
        </h2>
        {data.OrderList.length === 0 ? (
          <p className="muted">
            <Trans>No orders yet.</Trans>
          </p>
        ) : (
          <ul className="cart-lines host-list">
            {data.OrderList.map((o) => (
              <li key={o.OrderID}>
                <span className="cart-line-name">
                  {o.Name}: {o.Lines.map((l) => `${nameOf.get(l.ProductID) ?? l.ProductID} × ${l.Quantity}`).join(', ')}
                </span>
                <span className="muted small">{o.PaymentStatus === 'Paid' ? <Trans>Paid</Trans> : o.PaymentStatus === 'WaitForPayment' ? <Trans>Paying</Trans> : <Trans>Not paid</Trans>}</span>
                <Price amount={o.Total} currency={o.Currency} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="left-title">
        <h2 id="left-title">
          <Trans>Left of each pour</Trans>
        </h2>
        <ul className="cart-lines host-list">
          {data.ProductList.map((p) => (
            <li key={p.ProductID}>
              <span className="cart-line-name">{pick(p.Name)}</span>
              <span>
                {p.Remaining} / {p.SetAside}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {!closed && (
        <button type="button" className="button wide" disabled={busy} onClick={() => flow.send({ type: 'CLOSE' })}>
          <Trans>Close the gathering</Trans>
        </button>
      )}
    </div>
  );
}
