import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { ProductOrder } from '../../../contract/index.ts';
import { CHUNK_LOAD_TIMEOUT_MS, lazy, withTimeout } from '../../app/lazy-screen.ts';
import { useServices } from '../../app/services.ts';
import { OrderDetails } from '../../ui/OrderDetails.tsx';
import { currentBag } from '../../app/bag.ts';
import { preloadPaymentStep } from './payment-step-chunk.ts';
import './checkout.css';
import { productOrderQuery } from '../../api/order-queries.ts';

// Picking up a payment (the checkout flow, with its machine) is a chunk of its own: only a visit coming back
// from a provider's page needs it, and it is fetched then beside the order (DESIGN §10).
const loadResumePayment = () => import('./ResumePayment.tsx');
const ResumePayment = lazy(() => withTimeout(loadResumePayment(), CHUNK_LOAD_TIMEOUT_MS).then((m) => ({ default: m.ResumePayment })));

/**
 * Spec §2 order_product_confirm/{orderID}: the placed order. Coming back from a provider's page
 * (`payment`), the payment is picked up first (the checkout flow's resume); an order still waiting
 * for its payment is read again until it is paid.
 */
export function OrderConfirmScreen() {
  const { orderID } = useParams({ from: '/order_product_confirm/$orderID' });
  const search = useSearch({ from: '/order_product_confirm/$orderID' });
  const services = useServices();
  const paymentID = search.payment ?? search.payment_intent;
  const [resumed, setResumed] = useState(paymentID === undefined);
  const order = useQuery(productOrderQuery(services.api, orderID, resumed));
  // Resuming needs its own chunk and the payment step's: fetched beside the order, not after it.
  useEffect(() => {
    if (paymentID === undefined) return;
    preloadPaymentStep().catch(() => {});
    loadResumePayment().catch(() => {});
  }, [paymentID]);

  // The order took the bag's lines: show the bag as it is now.
  useEffect(() => {
    const bag = currentBag(services);
    if (bag?.getSnapshot().can({ type: 'REFRESH' })) bag.send({ type: 'REFRESH' });
  }, [services]);

  const data = order.data;
  let body;
  if (!data) {
    body = order.isError ? (
      <p className="form-error" role="alert">
        <Trans>This order could not be found.</Trans>
      </p>
    ) : (
      <p className="muted" role="status">
        <Trans>Loading your order…</Trans>
      </p>
    );
  } else if (!resumed && data.PaymentStatus !== 'Paid') {
    const confirming = <Confirming />;
    body = (
      <Suspense fallback={confirming}>
        <ResumePayment
          orderID={orderID}
          method={search.method ?? data.PaymentMethod}
          paymentID={paymentID!}
          confirming={confirming}
          onDone={() => {
            setResumed(true);
            void order.refetch();
          }}
        />
      </Suspense>
    );
  } else {
    body = <OrderState order={data} />;
  }
  return (
    <div className="page checkout-page">
      <header className="page-head">
        <h1>{data?.PaymentStatus === 'Paid' ? <Trans>Thank you for your order</Trans> : <Trans>Your order</Trans>}</h1>
      </header>
      {body}
    </div>
  );
}

function OrderState({ order }: { order: ProductOrder }) {
  const { popups } = useServices();
  const navigate = useNavigate();
  const heading = useRef<HTMLParagraphElement>(null);
  const status = order.PaymentStatus;
  // Ordered at a gathering's table: picked up there unless delivered, and the way back is to the table.
  const pickedUp = order.GatheringID !== undefined && !order.DeliveryAddress;
  useEffect(() => {
    if (status === 'PaymentFailed') void navigate({ to: '/payment_fail', search: { orderID: order.OrderID, code: 'PaymentFail' }, replace: true });
  }, [status, order.OrderID, navigate]);
  useEffect(() => heading.current?.focus(), [status]);
  return (
    <div className="checkout-confirm">
      <div className="checkout-confirm-status" aria-live="polite">
        {status === 'Paid' && (
          <p ref={heading} tabIndex={-1} className="notice success checkout-confirmed">
            {pickedUp ? (
              <Trans>Your order is paid. Pick it up at the host’s table: show them this page.</Trans>
            ) : (
              <Trans>Your order is confirmed and paid. We will e-mail you when it ships: standard delivery within 4-7 working days.</Trans>
            )}
          </p>
        )}
        {status === 'WaitForPayment' && (
          <div ref={heading} tabIndex={-1} className="notice">
            <p role="status">
              <Trans>We are waiting for your payment. This page updates by itself when it arrives.</Trans>
            </p>
            {order.PaymentMethod === 'FPS' && (
              <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID: order.OrderID })}>
                <Trans>Show the FPS QR code</Trans>
              </button>
            )}
          </div>
        )}
        {(status === 'Cancelled' || status === 'Expired') && (
          <p ref={heading} tabIndex={-1} className="notice">
            {status === 'Cancelled' ? <Trans>This order was cancelled.</Trans> : <Trans>This order was cancelled because it was not paid in time.</Trans>}
          </p>
        )}
      </div>
      <OrderDetails order={order} />
      <div className="checkout-actions">
        <Link to="/order_record/$orderID" params={{ orderID: order.OrderID }} className="button">
          <Trans>View order record</Trans>
        </Link>
        {order.GatheringID ? (
          <Link to="/tonight" className="button primary">
            <Trans>Back to tonight’s table</Trans>
          </Link>
        ) : (
          <Link to="/home" className="button primary">
            <Trans>Continue shopping</Trans>
          </Link>
        )}
      </div>
    </div>
  );
}

function Confirming() {
  return (
    <p className="muted" role="status">
      <Trans>Confirming your payment…</Trans>
    </p>
  );
}
