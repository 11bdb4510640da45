/**
 * What the checkout says when the answer to placing or paying never came (the connection dropped):
 * the flow looks the order up, and these say what it found, or that it could not tell yet.
 */
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import { sendToPaymentStep, type CheckoutActor } from './checkout-parts.tsx';

/**
 * The look-up failed too (still offline): whether the order went through is not known. Offers to
 * look again, never to place or pay again.
 */
export function Unconfirmed({ actor, headingRef }: { actor: CheckoutActor; headingRef?: React.RefObject<HTMLHeadingElement | null> }) {
  const canCheckAgain = useSelector(actor, checkoutState.canCheckAgain);
  return (
    <section className="checkout-section">
      <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>We could not confirm your order</Trans>
      </h2>
      <div className="form-error checkout-error" role="alert">
        <p>
          <Trans>
            The connection dropped and we could not check whether your order was placed. We will not place it again until we know. Check your
            connection, then check again.
          </Trans>
        </p>
      </div>
      <div className="checkout-actions">
        <button type="button" className="button primary" disabled={!canCheckAgain} onClick={() => sendToPaymentStep(actor, { type: 'RETRY' })}>
          <Trans>Check again</Trans>
        </button>
      </div>
    </section>
  );
}

/** What looking the order up found (checkoutState.lostAnswerFinding), in words, on the payment step. */
export function LostAnswerNote({ finding }: { finding: 'notPlaced' | 'notPaid' }) {
  return (
    <div className="form-error checkout-error" role="alert">
      <p>
        {finding === 'notPlaced' ? (
          <Trans>Your order was not placed and nothing was charged. The connection dropped; your bag is as it was, so you can place the order again.</Trans>
        ) : (
          <Trans>Your order is placed, but its payment did not go through and nothing was charged. Choose how to pay and try again.</Trans>
        )}
      </p>
    </div>
  );
}
