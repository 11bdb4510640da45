import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useServices } from '../../../app/services.ts';
import type { HeadingRef, SubscribeActor } from './subscription-checkout-parts.tsx';

/**
 * The subscription checkout once the first order is being placed: checking a lost answer, could not
 * confirm, waiting for the payment, and its end (FPS, cancelled). A chunk of its own, fetched once the
 * checkout shows (issue 14, Fast).
 */
export function AfterPlacing({ step, actor, result, headingRef }: {
  step: 'checking' | 'unconfirmed' | 'paying' | 'done';
  actor: SubscribeActor;
  result: { outcome?: string | undefined; OrderID?: string | undefined } | undefined;
  headingRef: HeadingRef;
}) {
  switch (step) {
    case 'checking':
      return (
        <section className="checkout-section">
          <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
            <Trans>Checking your subscription</Trans>
          </h2>
          <p role="status">
            <Trans>The connection dropped before the shop answered. We are checking whether your subscription went through…</Trans>
          </p>
        </section>
      );
    case 'unconfirmed':
      return (
        <section className="checkout-section">
          <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
            <Trans>We could not confirm your subscription</Trans>
          </h2>
          <p className="form-error" role="alert">
            <Trans>The connection dropped and we could not check whether your subscription was placed. We will not place it again until we know.</Trans>
          </p>
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Check again</Trans>
          </button>
        </section>
      );
    case 'paying':
      return (
        <section className="checkout-section">
          <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
            <Trans>Confirming your payment</Trans>
          </h2>
          <p role="status">
            <Trans>We are waiting for the payment provider. This page updates by itself.</Trans>
          </p>
        </section>
      );
    case 'done':
      return <Finished outcome={result?.outcome} orderID={result?.OrderID} headingRef={headingRef} />;
  }
}

function Finished(props: { outcome: string | undefined; orderID: string | undefined; headingRef: HeadingRef }) {
  const { popups } = useServices();
  if (props.outcome === 'fps' && props.orderID) {
    const orderID = props.orderID;
    return (
      <section className="checkout-section">
        <h2 ref={props.headingRef} tabIndex={-1} className="checkout-title">
          <Trans>Pay with FPS</Trans>
        </h2>
        <p>
          <Trans>Your subscription is placed. Scan the QR code with your banking app to pay within 10 minutes.</Trans>
        </p>
        <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID, kind: 'subscription' })}>
          <Trans>Show the QR code</Trans>
        </button>
      </section>
    );
  }
  if (props.outcome === 'cancelled') {
    return (
      <section className="checkout-section">
        <h2 ref={props.headingRef} tabIndex={-1} className="checkout-title">
          <Trans>Nothing to pay</Trans>
        </h2>
        <p role="status">
          <Trans>This subscription order was cancelled or not paid in time, and nothing was charged.</Trans>
        </p>
        <Link to="/subscription" className="button primary">
          <Trans>See the plans</Trans>
        </Link>
      </section>
    );
  }
  return (
    <p className="muted" role="status">
      <Trans>One moment…</Trans>
    </p>
  );
}
