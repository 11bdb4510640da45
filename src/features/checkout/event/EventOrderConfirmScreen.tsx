import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import type { EventOrder } from '../../../../contract/index.ts';
import { useServices } from '../../../app/services.ts';
import { useBilingual } from '../../../ui/Bilingual.tsx';
import { sessionWhen } from '../../../ui/event-dates.ts';
import { useMethodName } from '../../../ui/order-words.ts';
import { OrderTotals } from '../../../ui/OrderTotals.tsx';
import '../checkout.css';
import './event-checkout.css';
import { eventOrderQuery } from '../../../api/order-queries.ts';

/**
 * order_event_confirm/{orderID}: the booking, read again every few seconds until it is paid (the
 * payment reaches the server by webhook, or by the provider's page sending the browser back here).
 */
export function EventOrderConfirmScreen() {
  const { orderID } = useParams({ from: '/order_event_confirm/$orderID' });
  const { api } = useServices();
  const order = useQuery(eventOrderQuery(api, orderID, true));
  const data = order.data;
  return (
    <div className="page checkout-page event-checkout">
      <header className="page-head">
        <h1>{data?.PaymentStatus === 'Paid' ? <Trans>You are booked in</Trans> : <Trans>Your booking</Trans>}</h1>
      </header>
      {data ? (
        <BookingState order={data} />
      ) : order.isError ? (
        <p className="form-error" role="alert">
          <Trans>This booking could not be found.</Trans>
        </p>
      ) : (
        <p className="muted" role="status">
          <Trans>Loading your booking…</Trans>
        </p>
      )}
    </div>
  );
}

function BookingState({ order }: { order: EventOrder }) {
  const { popups } = useServices();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const pick = useBilingual();
  const methodName = useMethodName();
  const heading = useRef<HTMLDivElement>(null);
  const status = order.PaymentStatus;
  const session = order.Session;
  const guestsID = useId();
  useEffect(() => {
    if (status === 'PaymentFailed')
      void navigate({
        to: '/payment_fail',
        search: { orderID: order.OrderID, code: 'PaymentFail' },
        replace: true,
      });
  }, [status, order.OrderID, navigate]);
  useEffect(() => heading.current?.focus(), [status]);
  const guests = order.TicketList.filter((ticket) => !ticket.IsOwner);
  const reference = order.Reference;
  return (
    <div className="checkout-confirm">
      <div ref={heading} tabIndex={-1} className="checkout-confirm-status" aria-live="polite">
        {status === 'Paid' && (
          <p className="notice success checkout-confirmed">
            <Trans>Your booking is confirmed and paid. We have e-mailed you the tickets: one link for each guest.</Trans>
          </p>
        )}
        {status === 'WaitForPayment' && (
          <div className="notice">
            <p role="status">
              <Trans>We are waiting for your payment. Your seats are held, and this page updates by itself when it arrives.</Trans>
            </p>
            {order.PaymentMethod === 'FPS' && (
              <button
                type="button"
                className="button primary"
                onClick={() =>
                  popups.open('fpsPayment', {
                    orderID: order.OrderID,
                    kind: 'event',
                  })
                }
              >
                <Trans>Show the FPS QR code</Trans>
              </button>
            )}
          </div>
        )}
        {(status === 'Cancelled' || status === 'Expired') && (
          <p className="notice">
            {status === 'Cancelled' ? (
              <Trans>This booking was cancelled and its seats were given back.</Trans>
            ) : (
              <Trans>This booking was cancelled because it was not paid in time; its seats were given back.</Trans>
            )}
          </p>
        )}
      </div>
      <section className="checkout-section event-session-summary" aria-label={pick(session.Title)}>
        <img src={session.Image} alt="" width={96} height={96} className="event-session-image" />
        <div className="event-session-text">
          <p className="event-session-title">{pick(session.Title)}</p>
          <p className="event-session-when">{sessionWhen(session, i18n.locale)}</p>
          <p className="muted small">
            {pick(session.Location.Name)} · {pick(session.Location.Address)}
          </p>
          <p className="muted small">
            <Trans>Booking number {reference}</Trans> · {methodName(order.PaymentMethod)}
          </p>
        </div>
      </section>
      <section className="checkout-section" aria-labelledby={guestsID}>
        <h2 id={guestsID} className="checkout-title">
          <Plural value={order.NumberOfSeat} one="# seat" other="# seats" />
        </h2>
        <ul className="event-confirm-seats">
          {order.TicketList.some((ticket) => ticket.IsOwner) && (
            <li>
              <Trans>Your seat</Trans>
            </li>
          )}
          {guests.map((ticket) => {
            const n = ticket.SeatNumber;
            return (
              <li key={ticket.TicketID}>
                {ticket.HolderName ? (
                  <>
                    {ticket.HolderName} <span className="muted small">· {ticket.ContactNumber}</span>
                  </>
                ) : (
                  <span className="muted">
                    <Trans>Guest seat {n}: details to be added</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <OrderTotals detail={order.orderDetail} shipping={false} />
      <div className="checkout-actions">
        {status === 'Paid' && (
          <Link
            to="/event_record/$eventID/$varianceID"
            params={{
              eventID: session.EventID,
              varianceID: session.VarianceID,
            }}
            className="button primary"
          >
            <Trans>See your tickets</Trans>
          </Link>
        )}
        <Link to="/event/$eventID" params={{ eventID: session.EventID }} className="button">
          <Trans>Back to the event</Trans>
        </Link>
      </div>
    </div>
  );
}
