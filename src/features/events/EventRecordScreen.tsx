import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { renderSVG } from 'uqr';
import { ErrorCode, type EventOrder, type EventRecord, type EventSession, type EventTicket } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { Price } from '../../ui/Price.tsx';
import { sessionWhen } from '../../ui/event-dates.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { eventQueries } from './queries.ts';
import { ShareButton } from '../../ui/ShareButton.tsx';
import './events.css';

const route = getRouteApi('/event_record/$eventID/$varianceID');

// The session's surveys are a chunk of their own (issue 17), so that the record's first load stays within budget.
const SessionSurveysModule = () => import('./SessionSurveys.tsx');
const SessionSurveys = preloadable(() => SessionSurveysModule().then((m) => m.SessionSurveys));
// The guest details form (with the contract's checks of a name and a number) too: fetched once the tickets
// show to a booker who may still change them, before Add guest details is pressed.
const GuestForm = preloadable(() => import('./GuestForm.tsx').then((m) => m.GuestForm));

/** The address a ticket's QR code and link carry: whoever opens it can take the seat (activate_ticket). */
export const ticketLink = (TicketID: string) =>
  `${typeof location === 'undefined' ? '' : location.origin}/activate_ticket/${encodeURIComponent(TicketID)}`;

/**
 * What the record shows, asked by its page's loader at once: one after another, as each part of the screen
 * mounted (the booking, then the surveys' chunk, their list, the member's answers), they took an opened record
 * 1.0-1.5 s to "Answer the survey" on the bench's phone (issue 30).
 */
export function prefetchEventRecord(queryClient: QueryClient, api: ApiClient, eventID: string, varianceID: string) {
  void queryClient.prefetchQuery(eventQueries.record(api, varianceID));
  void queryClient.prefetchQuery(eventQueries.orders(api, varianceID));
  void SessionSurveysModule().then((m) => m.prefetchSessionSurveys(queryClient, api, eventID, varianceID), () => undefined);
}

/** Spec §2 event_record/{eventID}/{varianceID}: the member's booking at a session, its tickets and orders. */
export function EventRecordScreen() {
  const { eventID, varianceID } = route.useParams();
  const { api, popups } = useServices();
  const record = useQuery(eventQueries.record(api, varianceID));
  const data = record.data;
  return (
    <div className="page event-record-page">
      {!data ? (
        record.isError ? (
          <section className="state-page">
            <h1>
              <Trans>No booking found</Trans>
            </h1>
            <p>
              {errorCode(record.error) === ErrorCode.ObjectNotFound ? (
                <Trans>You have no seats at this session.</Trans>
              ) : (
                <Trans>Your booking could not be loaded. Check your connection and try again.</Trans>
              )}
            </p>
            {errorCode(record.error) !== ErrorCode.ObjectNotFound && (
              <button type="button" className="button" onClick={() => void record.refetch()}>
                <Trans>Try again</Trans>
              </button>
            )}
            <Link to="/event/$eventID" params={{ eventID }} className="button primary">
              <Trans>See the event</Trans>
            </Link>
          </section>
        ) : (
          <p className="muted" role="status">
            <Trans>Loading your booking…</Trans>
          </p>
        )
      ) : (
        <>
          <SessionHeader session={data.Session} record={data} />
          <SessionSurveys record={data} />
          <Tickets record={data} />
          {data.Role === 'Booker' && <SessionOrders varianceID={varianceID} />}
          <p>
            <button type="button" className="link-button" onClick={() => popups.open('myEvents')}>
              <Trans>All my events</Trans>
            </button>
          </p>
        </>
      )}
    </div>
  );
}

function SessionHeader({ session, record }: { session: EventSession; record: EventRecord }) {
  const pick = useBilingual();
  const { i18n } = useLingui();
  const seats = record.NumberOfSeat;
  return (
    <header className="record-head">
      <img src={session.Image} alt="" className="record-cover" width={160} height={120} loading="eager" decoding="async" />
      <div className="record-head-text">
        <p className="event-kind">
          {record.Tab === 'joined' && <Trans>Your booking</Trans>}
          {record.Tab === 'ended' && <Trans>Ended</Trans>}
          {record.Tab === 'cancelled' && <Trans>Cancelled</Trans>}
        </p>
        <h1>
          <Link to="/event/$eventID" params={{ eventID: session.EventID }}>
            {pick(session.Title)}
          </Link>
        </h1>
        <dl className="event-facts">
          <div>
            <dt>
              <Trans>When</Trans>
            </dt>
            <dd>{sessionWhen(session, i18n.locale)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Place</Trans>
            </dt>
            <dd>
              {pick(session.Location.Name)} · {pick(session.Location.Address)}{' '}
              <a href={session.Location.MapURL} target="_blank" rel="noopener noreferrer">
                <Trans>Map</Trans>
                <span className="visually-hidden">
                  {' '}
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Seats</Trans>
            </dt>
            <dd>
              {record.Role === 'Guest' ? (
                <Trans>1 seat, as a guest</Trans>
              ) : (
                <Plural value={seats} one="# seat" other="# seats" />
              )}
            </dd>
          </div>
        </dl>
        {session.IsAlcohol && (
          <p className="notice">
            <Trans>A spirits tasting: bring proof that you are 18 or over.</Trans>
          </p>
        )}
      </div>
    </header>
  );
}

function Tickets({ record }: { record: EventRecord }) {
  const guest = record.Role === 'Guest';
  const mayEditGuests = !guest && record.CanEditGuests;
  useEffect(() => {
    if (mayEditGuests) void GuestForm.preload().catch(() => undefined);
  }, [mayEditGuests]);
  return (
    <section className="section" aria-labelledby="tickets-title">
      <h2 id="tickets-title">{guest ? <Trans>Your ticket</Trans> : <Trans>Tickets</Trans>}</h2>
      {!guest && (
        <p className="muted tickets-intro">
          {record.CanEditGuests ? (
            <Trans>Send each guest the link of their ticket: they sign in with it, and the seat is theirs. You can add or change a guest's name and contact until the session starts.</Trans>
          ) : (
            <Trans>Guest details can no longer be changed: the session has started.</Trans>
          )}
        </p>
      )}
      {record.TicketList.length === 0 ? (
        <p className="muted">
          <Trans>No tickets yet: they come with a paid order.</Trans>
        </p>
      ) : (
        <ul className="ticket-list">
          {record.TicketList.map((ticket) => (
            <TicketCard key={ticket.TicketID} ticket={ticket} record={record} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A QR code of the ticket's link, drawn in the browser (the same uqr the server's FPS codes use). */
function TicketQr({ ticket, label }: { ticket: EventTicket; label: string }) {
  const svg = renderSVG(ticketLink(ticket.TicketID), { ecc: 'M', border: 2, pixelSize: 4 });
  return (
    <img
      className="ticket-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={144}
      height={144}
      data-ticket-link={ticketLink(ticket.TicketID)}
    />
  );
}

function TicketCard({ ticket, record }: { ticket: EventTicket; record: EventRecord }) {
  const { t } = useLingui();
  const pick = useBilingual();
  const [editing, setEditing] = useState(false);
  const seat = ticket.SeatNumber;
  const booker = record.Role === 'Booker';
  const named = ticket.HolderName !== '';
  const holder = named ? ticket.HolderName : ticket.IsOwner ? t`You` : t`Guest, not named yet`;
  const title = pick(record.Session.Title);
  return (
    <li className="ticket-card" aria-labelledby={`ticket-${ticket.TicketID}`}>
      <div className="ticket-main">
        <h3 id={`ticket-${ticket.TicketID}`} className="ticket-title">
          <Trans>Seat {seat}</Trans>
          {ticket.IsOwner && booker && ' '}
          {ticket.IsOwner && booker && (
            <span className="badge">
              <Trans>Your seat</Trans>
            </span>
          )}
        </h3>
        <p className="ticket-holder">{holder}</p>
        {ticket.ContactNumber && <p className="muted small">{ticket.ContactNumber}</p>}
        <p className="ticket-state">
          {ticket.Redeemed ? (
            <span className="badge ok">
              <Trans>Checked in</Trans>
            </span>
          ) : ticket.IsOwner ? (
            <span className="badge ok">
              <Trans>Show this at the door</Trans>
            </span>
          ) : ticket.Activated ? (
            <span className="badge ok">
              <Trans>Activated</Trans>
            </span>
          ) : (
            <span className="badge muted">
              <Trans>Not activated yet</Trans>
            </span>
          )}
        </p>
        {booker && !ticket.IsOwner && !ticket.Activated && !ticket.Redeemed && (
          <div className="ticket-actions">
            <ShareButton url={ticketLink(ticket.TicketID)} title={t`Your ticket to ${title}`}>
              <Trans>Share ticket link</Trans>
            </ShareButton>
            {record.CanEditGuests && !editing && (
              <button type="button" className="button small" onClick={() => setEditing(true)} aria-label={t`Guest details of seat ${seat}`}>
                {named ? <Trans>Change guest</Trans> : <Trans>Add guest details</Trans>}
              </button>
            )}
          </div>
        )}
        {editing && <GuestForm ticket={ticket} varianceID={record.VarianceID} onDone={() => setEditing(false)} />}
      </div>
      <TicketQr ticket={ticket} label={t`QR code of the ticket for seat ${seat}`} />
    </li>
  );
}

/** list-user-event-order: every order the member placed for this session. */
function SessionOrders({ varianceID }: { varianceID: string }) {
  const { api } = useServices();
  const orders = useQuery(eventQueries.orders(api, varianceID));
  return (
    <section className="section" aria-labelledby="session-orders-title">
      <h2 id="session-orders-title">
        <Trans>Orders for this session</Trans>
      </h2>
      {orders.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading your orders…</Trans>
        </p>
      ) : orders.isError ? (
        <div>
          <FormError>
            <Trans>Your orders could not be loaded.</Trans>
          </FormError>
          <button type="button" className="button small" onClick={() => void orders.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : orders.data.length === 0 ? (
        <p className="muted">
          <Trans>No orders here.</Trans>
        </p>
      ) : (
        <ul className="event-orders">
          {orders.data.map((order) => (
            <OrderRow key={order.OrderID} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** An event order's payment in words (nothing is shipped: a paid order is simply paid). */
function OrderStatus({ order }: { order: EventOrder }) {
  switch (order.PaymentStatus) {
    case 'WaitForPayment':
      return <Trans>Waiting for payment</Trans>;
    case 'PaymentFailed':
      return <Trans>Payment failed</Trans>;
    case 'Cancelled':
      return <Trans>Cancelled</Trans>;
    case 'Expired':
      return <Trans>Cancelled: not paid in time</Trans>;
    case 'Paid':
      return <Trans>Paid</Trans>;
  }
}

function OrderRow({ order }: { order: EventOrder }) {
  const seats = order.NumberOfSeat;
  return (
    <li className="event-order-row">
      <Link to="/order_event_confirm/$orderID" params={{ orderID: order.OrderID }} className="event-order-ref">
        {order.Reference}
      </Link>
      <span className="muted small">
        {formatDate(order.CreatedAt)} · <Plural value={seats} one="# seat" other="# seats" /> · <OrderStatus order={order} />
      </span>
      <Price amount={order.orderDetail.Total} currency={order.Currency} />
    </li>
  );
}
