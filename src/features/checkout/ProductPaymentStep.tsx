import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import type { PaymentMethod } from '../../../machines/checkout/checkout.types.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { Price } from '../../ui/Price.tsx';
import { ErrorNote, sendToPaymentStep, type CheckoutActor, type HeadingRef } from './checkout-parts.tsx';
import { checkoutBag } from './checkout.actors.ts';
import { CardRow, PaymentMethodRow } from './KindPaymentStep.tsx';
import { LostAnswerNote } from './LostAnswer.tsx';
import { useWallet } from './wallet-support.ts';

// The payment method and card popups (and Radix Dialog with them) are chunks of their own, fetched once
// the checkout shows (CheckoutScreen.tsx preloads this step, which then preloads them).
const PaymentMethodPopup = preloadable(() => import('./PaymentMethodPopup.tsx').then((m) => m.PaymentMethodPopup));
const CardSelectionPopup = preloadable(() => import('./CardSelectionPopup.tsx').then((m) => m.CardSelectionPopup));

export function prefetchPopups() {
  for (const popup of [PaymentMethodPopup, CardSelectionPopup]) popup.preload().catch(() => {});
}

/** Step 2: how to pay, then place the order. */
export function PaymentStep({ actor, headingRef }: { actor: CheckoutActor; headingRef: HeadingRef }) {
  const method = useSelector(actor, checkoutState.paymentMethod);
  const card = useSelector(actor, checkoutState.selectedCard);
  const step = useSelector(actor, checkoutState.step);
  const canPlace = useSelector(actor, checkoutState.canPlaceOrder);
  const hasOrder = useSelector(actor, checkoutState.hasOrder);
  const error = useSelector(actor, checkoutState.error);
  const lostAnswerFinding = useSelector(actor, checkoutState.lostAnswerFinding);
  const loadingCards = useSelector(actor, checkoutState.isLoadingCards);
  const total = useSelector(actor, (s) => checkoutBag(s)?.orderDetail);
  const wallet = useWallet();
  const [popup, setPopup] = useState<'method' | 'card' | null>(null);
  const id = useId();
  // Adding a card happens in the card popup; open it if the flow is there without it.
  const cardPopupOpen = popup === 'card' || step === 'addCard';

  const chooseMethod = (next: PaymentMethod) => {
    sendToPaymentStep(actor, { type: 'SELECT_METHOD', method: next });
    setPopup(next === 'CreditCard' ? 'card' : null);
  };

  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Payment</Trans>
      </h2>
      <PaymentMethodRow method={method} disabled={step === 'placing'} onChange={() => setPopup('method')} />
      {method === 'CreditCard' && <CardRow card={card} loading={loadingCards} disabled={step === 'placing'} onChange={() => setPopup('card')} />}
      {method === 'FPS' && (
        <p className="muted small">
          <Trans>After you place the order, scan the FPS QR code with your banking app within 10 minutes.</Trans>
        </p>
      )}
      {method === 'Alipay' && (
        <p className="muted small">
          <Trans>After you place the order, you will go to Alipay to pay.</Trans>
        </p>
      )}
      {step !== 'addCard' && (lostAnswerFinding ? <LostAnswerNote finding={lostAnswerFinding} /> : <ErrorNote error={error} />)}
      <div className="checkout-actions">
        <button type="button" className="button primary wide" disabled={!canPlace} onClick={() => sendToPaymentStep(actor, { type: 'PLACE_ORDER' })}>
          {step === 'placing' ? (
            <Trans>Placing your order…</Trans>
          ) : hasOrder ? (
            <Trans>Pay now</Trans>
          ) : total ? (
            <Trans>
              Place order · <Price amount={total.Total} currency={total.Currency} />
            </Trans>
          ) : (
            <Trans>Place order</Trans>
          )}
        </button>
      </div>
      {popup === 'method' && (
        <PaymentMethodPopup value={method} wallet={wallet} onChoose={chooseMethod} onWallet={() => setPopup(null)} onClose={() => setPopup(null)} actor={actor} />
      )}
      {cardPopupOpen && <CardSelectionPopup actor={actor} onClose={() => setPopup(null)} />}
    </section>
  );
}
