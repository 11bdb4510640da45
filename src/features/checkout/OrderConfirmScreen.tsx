import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { PaymentMethod, ProductOrder } from '../../../contract/index.ts';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useFlow } from '../../app/use-flow.ts';
import { contentLanguage } from '../../i18n/i18n.ts';
import { OrderDetails } from '../../ui/OrderDetails.tsx';
import { currentBag } from '../../app/bag.ts';
import { createCheckoutFlow } from './checkout.actors.ts';
import { preloadPaymentStep, usePaymentStep } from './payment-step-chunk.ts';
import type { CreatePaymentStep } from './payment-step.actors.ts';
import { Unconfirmed } from './LostAnswer.tsx';
import './checkout.css';
import { productOrderQuery } from '../../api/order-queries.ts';

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
  // Resuming needs the payment step's chunk: fetched beside the order, not after it.
  useEffect(() => {
    if (paymentID !== undefined) preloadPaymentStep().catch(() => {});
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
    body = (
      <ResumePayment
        orderID={orderID}
        method={search.method ?? data.PaymentMethod}
        paymentID={paymentID!}
        onDone={() => {
          setResumed(true);
          void order.refetch();
        }}
      />
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

type ResumeProps = { orderID: string; method: PaymentMethod; paymentID: string; onDone: () => void };

/** Back from a provider's page: the checkout flow picks up the order's payment (card outcome, or the order's status). */
function ResumePayment(props: ResumeProps) {
  const createPaymentStep = usePaymentStep();
  return createPaymentStep ? <ResumeFlow {...props} createPaymentStep={createPaymentStep} /> : <Confirming />;
}

function Confirming() {
  return (
    <p className="muted" role="status">
      <Trans>Confirming your payment…</Trans>
    </p>
  );
}

function ResumeFlow(props: ResumeProps & { createPaymentStep: CreatePaymentStep }) {
  const services = useServices();
  const navigate = useNavigate();
  const { locale, currency } = useStore(services.preferences);
  const [machine] = useState(() => createCheckoutFlow(services.api, services.session, props.createPaymentStep));
  const actor = useFlow(machine, {
    input: {
      currency: currency ?? 'HKD',
      language: contentLanguage(locale),
      resume: { OrderID: props.orderID, PaymentMethod: props.method, PaymentID: props.paymentID },
    },
  });
  const result = useSelector(actor, checkoutState.result);
  // The outcome's answer was lost, and so was the look-up of the order: say so, and offer to look again.
  const unconfirmed = useSelector(actor, (s) => checkoutState.step(s) === 'unconfirmed');
  const { onDone, orderID } = props;
  useEffect(() => {
    if (!result) return;
    if (result.outcome === 'failed') void navigate({ to: '/payment_fail', search: { orderID, code: result.ErrorCode }, replace: true });
    else if (result.outcome === 'redirect' && result.RedirectURL) window.location.assign(result.RedirectURL);
    else onDone();
  }, [result, orderID, navigate, onDone]);
  if (unconfirmed) return <Unconfirmed actor={actor} />;
  return <Confirming />;
}
