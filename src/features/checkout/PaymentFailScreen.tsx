import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ErrorCode } from '../../../contract/index.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { useServices } from '../../app/services.ts';
import { eventOrderQuery } from '../../api/order-queries.ts';
import { productOrderQuery } from '../../api/order-queries.ts';
import './checkout.css';

/** Spec §2 payment_fail, §8: "Payment failed, please use another payment method or try again later", and the ways on. */
export function PaymentFailScreen() {
  const { orderID, code } = useSearch({ from: '/payment_fail' });
  const { api } = useServices();
  const { i18n } = useLingui();
  const order = useQuery({ ...productOrderQuery(api, orderID ?? '', false), enabled: orderID !== undefined });
  // The server sends a failed payment of either kind here: an order that is not a product order is read as an event booking.
  const eventOrder = useQuery({ ...eventOrderQuery(api, orderID ?? '', false), enabled: orderID !== undefined && order.isError });
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  // Another try pays the same order while it is still open; a closed one needs a new order from the bag.
  const payable = order.data?.PaymentStatus === 'PaymentFailed' || order.data?.PaymentStatus === 'WaitForPayment';
  const booking = eventOrder.data;
  const bookingPayable = booking?.PaymentStatus === 'PaymentFailed' || booking?.PaymentStatus === 'WaitForPayment';
  const words =
    code === ErrorCode.StripeError || code === ErrorCode.AlipayError ? i18n._(paymentMessage(code)) : i18n._(paymentMessage(ErrorCode.PaymentFail));
  return (
    <div className="page checkout-page">
      <header className="page-head">
        <h1>
          <Trans>Payment failed</Trans>
        </h1>
      </header>
      <section className="checkout-section checkout-failed">
        <p ref={message} tabIndex={-1} className="form-error" role="alert">
          {words}
        </p>
        {order.data && (
          <p className="muted">
            <Trans>Order number {order.data.Reference}</Trans>
          </p>
        )}
        {booking && <EventBookingActions orderID={booking.OrderID} reference={booking.Reference} eventID={booking.Session.EventID} payable={bookingPayable} />}
        <div className="checkout-actions" hidden={booking !== undefined}>
          {orderID && payable && order.data && (
            <Link to="/checkout_product" search={{ orderID, method: order.data.PaymentMethod }} className="button primary">
              <Trans>Try again</Trans>
            </Link>
          )}
          {orderID && (
            <Link to="/order_record/$orderID" params={{ orderID }} className="button">
              <Trans>View order</Trans>
            </Link>
          )}
          <Link to="/shopping_bag" className="link-button">
            <Trans>Back to shopping bag</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}

/** An event booking whose payment failed: pay it again (create-event-payment from checkout_event), or back to its event. */
function EventBookingActions(props: { orderID: string; reference: string; eventID: string; payable: boolean }) {
  const { reference } = props;
  return (
    <>
      <p className="muted">
        <Trans>Booking number {reference}</Trans>
      </p>
      {!props.payable && (
        <p className="muted">
          <Trans>This booking can no longer be paid and its seats were given back. You can book again from the event.</Trans>
        </p>
      )}
      <div className="checkout-actions">
        {props.payable && (
          <Link to="/checkout_event" search={{ orderID: props.orderID }} className="button primary">
            <Trans>Try again</Trans>
          </Link>
        )}
        <Link to="/event/$eventID" params={{ eventID: props.eventID }} className="button">
          <Trans>Back to the event</Trans>
        </Link>
      </div>
    </>
  );
}
