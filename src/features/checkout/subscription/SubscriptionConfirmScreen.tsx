import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { SubscriptionOrder, SubscriptionRecord } from '../../../../contract/index.ts';
import { subscriptionQueries } from '../../../api/subscription-queries.ts';
import { useServices } from '../../../app/services.ts';
import { AddressSummary } from '../../../ui/AddressSummary.tsx';
import { useBilingual } from '../../../ui/Bilingual.tsx';
import { formatDate } from '../../../ui/format.ts';
import { useMethodName } from '../../../ui/order-words.ts';
import { OrderTotals } from '../../../ui/OrderTotals.tsx';
import '../checkout.css';
import './subscription-checkout.css';

/**
 * order_subscription_confirm/{orderID}: the subscription's first order, read again every few seconds
 * until it is paid (the payment reaches the server by webhook, or by the provider's page sending the
 * browser back here); then the subscription with its next billing date.
 */
export function SubscriptionConfirmScreen() {
  const { orderID } = useParams({ from: '/order_subscription_confirm/$orderID' });
  const { api } = useServices();
  const read = useQuery(subscriptionQueries.order(api, orderID, true));
  const data = read.data;
  return (
    <div className="page checkout-page subscription-checkout">
      <header className="page-head">
        <h1>{data?.Order.PaymentStatus === 'Paid' ? <Trans>You are subscribed</Trans> : <Trans>Your subscription</Trans>}</h1>
      </header>
      {data ? (
        <Confirmation order={data.Order} record={data.Record} />
      ) : read.isError ? (
        <p className="form-error" role="alert">
          <Trans>This subscription could not be found.</Trans>
        </p>
      ) : (
        <p className="muted" role="status">
          <Trans>Loading your subscription…</Trans>
        </p>
      )}
    </div>
  );
}

function Confirmation({ order, record }: { order: SubscriptionOrder; record: SubscriptionRecord }) {
  const { popups } = useServices();
  const navigate = useNavigate();
  const pick = useBilingual();
  const methodName = useMethodName();
  const status = order.PaymentStatus;
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === 'PaymentFailed') void navigate({ to: '/payment_fail', search: { orderID: order.OrderID, code: 'PaymentFail' }, replace: true });
  }, [status, order.OrderID, navigate]);
  useEffect(() => heading.current?.focus(), [status]);
  const next = record.NextBillingDate ? formatDate(record.NextBillingDate) : undefined;
  return (
    <div className="subscription-confirm">
      <div ref={heading} tabIndex={-1} className="checkout-confirm-status" aria-live="polite">
        {status === 'Paid' && (
          <p className="notice success">
            <Trans>Your subscription has started and your first box is on its way. Welcome to SVIP.</Trans>
          </p>
        )}
        {status === 'WaitForPayment' && (
          <div className="notice">
            <p role="status">
              <Trans>We are waiting for your payment. This page updates by itself when it arrives.</Trans>
            </p>
            {order.PaymentMethod === 'FPS' && (
              <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID: order.OrderID, kind: 'subscription' })}>
                <Trans>Show the FPS QR code</Trans>
              </button>
            )}
          </div>
        )}
        {(status === 'Cancelled' || status === 'Expired') && (
          <p className="notice">
            <Trans>This subscription order was cancelled or not paid in time, and nothing was charged.</Trans>
          </p>
        )}
      </div>
      <section className="checkout-section" aria-labelledby="subscription-confirm-plan">
        <h2 id="subscription-confirm-plan" className="checkout-title">
          {pick(order.Plan.Name)}
        </h2>
        <dl className="subscription-confirm-facts">
          <div>
            <dt>
              <Trans>Order number</Trans>
            </dt>
            <dd>{order.Reference}</dd>
          </div>
          <div>
            <dt>
              <Trans>Payment method</Trans>
            </dt>
            <dd>{methodName(order.PaymentMethod)}</dd>
          </div>
          {next && (
            <div>
              <dt>
                <Trans>Next billing date</Trans>
              </dt>
              <dd>{next}</dd>
            </div>
          )}
        </dl>
        <OrderTotals detail={order.orderDetail} />
      </section>
      {order.DeliveryAddress && (
        <section className="checkout-section" aria-labelledby="subscription-confirm-address">
          <h2 id="subscription-confirm-address" className="checkout-title">
            <Trans>Delivery address</Trans>
          </h2>
          <AddressSummary address={order.DeliveryAddress} />
        </section>
      )}
      <div className="checkout-actions">
        <Link to="/subscription_record/$orderID" params={{ orderID: order.OrderID }} className="button primary">
          <Trans>See my subscription</Trans>
        </Link>
        <Link to="/home" className="link-button">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </div>
  );
}
