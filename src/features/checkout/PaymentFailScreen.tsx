import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { paymentMessage } from '../../api/payment-messages.ts';
import { useServices } from '../../app/services.ts';
import { productOrderQuery } from './order-query.ts';
import './checkout.css';

/** Spec §2 payment_fail, §8: "Payment failed, please use another payment method or try again later", and the ways on. */
export function PaymentFailScreen() {
  const { orderID, code } = useSearch({ from: '/payment_fail' });
  const { api } = useServices();
  const { i18n } = useLingui();
  const order = useQuery({ ...productOrderQuery(api, orderID ?? '', false), enabled: orderID !== undefined });
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  // Another try pays the same order while it is still open; a closed one needs a new order from the bag.
  const payable = order.data?.PaymentStatus === 'PaymentFailed' || order.data?.PaymentStatus === 'WaitForPayment';
  const words =
    code === 'StripeError' || code === 'AlipayError' ? i18n._(paymentMessage(code)) : i18n._(paymentMessage('PaymentFail'));
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
        <div className="checkout-actions">
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
