import { Trans } from '@lingui/react/macro';
import { useServices } from '../../app/services.ts';
import type { CheckoutActor, HeadingRef } from './checkout-parts.tsx';
import { Cancelled, OneMoment, Paying } from './KindCheckoutEnd.tsx';
import { Unconfirmed } from './LostAnswer.tsx';

/**
 * The product checkout once the order is being placed: checking a lost answer, could not confirm,
 * waiting for the payment, and its end (FPS, cancelled). A chunk of its own, fetched once the checkout
 * shows, so that the screen's first load stays within its budget (issue 14, Fast).
 */
export function AfterPlacing({ step, actor, result, headingRef }: {
  step: 'checking' | 'unconfirmed' | 'paying' | 'done';
  actor: CheckoutActor;
  result: { outcome?: string | undefined; OrderID?: string | undefined } | undefined;
  headingRef: HeadingRef;
}) {
  switch (step) {
    case 'checking':
      return (
        <section className="checkout-section" aria-labelledby="checkout-checking">
          <h2 id="checkout-checking" ref={headingRef} tabIndex={-1} className="checkout-title">
            <Trans>Checking your order</Trans>
          </h2>
          <p role="status">
            <Trans>The connection dropped before the shop answered. We are checking whether your order went through…</Trans>
          </p>
        </section>
      );
    case 'unconfirmed':
      return <Unconfirmed actor={actor} headingRef={headingRef} />;
    case 'paying':
      return <Paying headingRef={headingRef} id="checkout-paying" />;
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
          <Trans>Your order is placed. Scan the QR code with your banking app to pay within 10 minutes.</Trans>
        </p>
        <div className="checkout-actions">
          <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID })}>
            <Trans>Show the QR code</Trans>
          </button>
          <button type="button" className="link-button" onClick={() => popups.open('orders')}>
            <Trans>My orders</Trans>
          </button>
        </div>
      </section>
    );
  }
  if (props.outcome === 'cancelled') {
    return (
      <Cancelled
        headingRef={props.headingRef}
        title={<Trans>Order cancelled</Trans>}
        text={<Trans>Your order was cancelled and nothing was charged.</Trans>}
        link={{ to: '/shopping_bag', text: <Trans>Back to shopping bag</Trans> }}
      />
    );
  }
  return <OneMoment />;
}
