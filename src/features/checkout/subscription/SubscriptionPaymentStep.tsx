import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import * as join from '../../../../machines/subscription-checkout/subscription-checkout.selectors.ts';
import type { PaymentMethod } from '../../../../machines/subscription-checkout/subscription-checkout.types.ts';
import { preloadable } from '../../../app/preloadable.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useMethodName } from '../../../ui/OrderDetails.tsx';
import { Price } from '../../../ui/Price.tsx';
import { useCardName } from '../../../ui/SavedCardLabel.tsx';
import type { CardChoice } from '../CardSelectionPopup.tsx';
import { ErrorNote, type HeadingRef, type SubscribeActor as JoinActor } from './subscription-checkout-parts.tsx';
import { checkoutTotals } from './subscription-checkout.actors.ts';

// The payment method and card popups (and Radix Dialog with them) are chunks of their own, fetched once
// the checkout shows (SubscriptionCheckoutScreen.tsx preloads this step, which then preloads them), as the
// product checkout's are (issue 14, Fast).
const PaymentMethodPopup = preloadable(() => import('../PaymentMethodPopup.tsx').then((m) => m.PaymentMethodPopup));
const CardSelection = preloadable(() => import('../CardSelectionPopup.tsx').then((m) => m.CardSelection));

export function prefetchPopups() {
  for (const popup of [PaymentMethodPopup, CardSelection]) popup.preload().catch(() => {});
}

function CouponField({ actor }: { actor: JoinActor }) {
  const { t } = useLingui();
  const applied = useSelector(actor, join.couponID);
  const canApply = useSelector(actor, join.canApplyCoupon);
  const canRemove = useSelector(actor, join.canRemoveCoupon);
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) actor.send({ type: 'APPLY_COUPON', code });
  };
  if (applied)
    return (
      <div className="checkout-row">
        <p className="checkout-value">
          <Trans>Coupon {applied} applied</Trans>
        </p>
        {canRemove && (
          <button type="button" className="button small" onClick={() => actor.send({ type: 'REMOVE_COUPON' })}>
            <Trans>Remove</Trans>
          </button>
        )}
      </div>
    );
  return (
    <form className="subscription-coupon" onSubmit={submit}>
      <Field
        label={<Trans>Coupon code</Trans>}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        maxLength={40}
        disabled={!canApply}
      />
      <button type="submit" className="button small" disabled={!canApply || !code.trim()} aria-label={t`Apply coupon`}>
        <Trans>Apply</Trans>
      </button>
    </form>
  );
}

/** Totals, coupon, the over-18 confirmation for a box holding spirits, how to pay (renewals charge the card), subscribe. */
export function PaymentStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const method = useSelector(actor, join.paymentMethod);
  const card = useSelector(actor, join.selectedCard);
  const step = useSelector(actor, join.step);
  const canPlace = useSelector(actor, join.canPlaceOrder);
  const canBack = useSelector(actor, join.canGoBack);
  const hasOrder = useSelector(actor, join.hasOrder);
  const needsAge = useSelector(actor, join.needsAge);
  const ageConfirmed = useSelector(actor, join.ageConfirmed);
  const error = useSelector(actor, join.error);
  const finding = useSelector(actor, join.lostAnswerFinding);
  const loadingCards = useSelector(actor, join.isLoadingCards);
  const total = useSelector(actor, (s) => checkoutTotals(s)?.orderDetail);
  const methodName = useMethodName();
  const cardName = useCardName();
  const [popup, setPopup] = useState<'method' | 'card' | null>(null);
  const id = useId();
  const cardChoice = useCardChoice(actor);
  const cardPopupOpen = popup === 'card' || step === 'addCard';
  const chooseMethod = (next: PaymentMethod) => {
    actor.send({ type: 'SELECT_METHOD', method: next });
    setPopup(next === 'CreditCard' ? 'card' : null);
  };
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Payment</Trans>
      </h2>
      {!hasOrder && <CouponField actor={actor} />}
      <div className="checkout-row">
        <div>
          <p className="checkout-label">
            <Trans>Payment method</Trans>
          </p>
          <p className="checkout-value">{method ? methodName(method) : <span className="muted">{t`Not chosen yet`}</span>}</p>
        </div>
        <button type="button" className="button small" disabled={step === 'placing'} onClick={() => setPopup('method')}>
          {method ? <Trans>Change</Trans> : <Trans>Choose payment method</Trans>}
        </button>
      </div>
      {method === 'CreditCard' && !hasOrder && (
        <p className="muted small">
          <Trans>Each renewal is charged to this card on its billing date. You can change the card or cancel any time.</Trans>
        </p>
      )}
      {method === 'CreditCard' && (
        <div className="checkout-row">
          <div>
            <p className="checkout-label">
              <Trans>Card</Trans>
            </p>
            <p className="checkout-value">
              {loadingCards ? (
                <span className="muted">{t`Loading your cards…`}</span>
              ) : card ? (
                cardName(card)
              ) : (
                <span className="muted">{t`No card chosen`}</span>
              )}
            </p>
          </div>
          <button type="button" className="button small" disabled={step === 'placing' || loadingCards} onClick={() => setPopup('card')}>
            {card ? <Trans>Change card</Trans> : <Trans>Choose card</Trans>}
          </button>
        </div>
      )}
      {method === 'FPS' && (
        <p className="muted small">
          <Trans>After you subscribe, scan the FPS QR code with your banking app within 10 minutes. Each renewal is paid the same way: we e-mail you a payment link 3 days before its billing date.</Trans>
        </p>
      )}
      {method === 'Alipay' && (
        <p className="muted small">
          <Trans>After you subscribe, you will go to Alipay to pay. Each renewal is paid the same way: we e-mail you a payment link 3 days before its billing date.</Trans>
        </p>
      )}
      {needsAge && (
        <label className="checkout-choice subscription-age" data-checked={ageConfirmed}>
          <input type="checkbox" checked={ageConfirmed} onChange={(e) => actor.send({ type: 'CONFIRM_AGE', confirmed: e.target.checked })} />
          <span className="checkout-choice-text">
            <span>
              <Trans>I confirm that I am 18 or over.</Trans>
            </span>
            <span className="muted small">
              <Trans>This box holds alcohol. Under the law of Hong Kong, intoxicating liquor must not be sold or supplied to a minor.</Trans>
            </span>
          </span>
        </label>
      )}
      {step !== 'addCard' &&
        (finding ? (
          <p className="form-error" role="alert">
            {finding === 'notPlaced' ? (
              <Trans>Your subscription was not placed and nothing was charged. You can subscribe again.</Trans>
            ) : (
              <Trans>Your subscription is placed, but its payment did not go through and nothing was charged. Choose how to pay and try again.</Trans>
            )}
          </p>
        ) : (
          <ErrorNote error={error} />
        ))}
      <div className="checkout-actions">
        <button type="button" className="button primary wide" disabled={!canPlace} onClick={() => actor.send({ type: 'PLACE_ORDER' })}>
          {step === 'placing' ? (
            <Trans>Subscribing…</Trans>
          ) : hasOrder ? (
            <Trans>Pay now</Trans>
          ) : total ? (
            <Trans>
              Subscribe · <Price amount={total.Total} currency={total.Currency} />
            </Trans>
          ) : (
            <Trans>Subscribe</Trans>
          )}
        </button>
        {canBack && (
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'BACK' })}>
            <Trans>Back</Trans>
          </button>
        )}
      </div>
      {popup === 'method' && <PaymentMethodPopup value={method} onChoose={chooseMethod} onClose={() => setPopup(null)} />}
      {cardPopupOpen && <CardSelection choice={cardChoice} onClose={() => setPopup(null)} />}
    </section>
  );
}

/** The shared card popup, driven by the subscription checkout flow. */
function useCardChoice(actor: JoinActor): CardChoice {
  return {
    adding: useSelector(actor, join.isAddingCard),
    cards: useSelector(actor, join.cards),
    selected: useSelector(actor, join.selectedCard),
    loading: useSelector(actor, join.isLoadingCards),
    canAdd: useSelector(actor, join.canAddCard),
    busy: useSelector(actor, join.isBusy),
    error: useSelector(actor, join.error),
    select: (cardID) => actor.send({ type: 'SELECT_CARD', cardID }),
    add: () => actor.send({ type: 'ADD_CARD' }),
    submitCard: (card) => actor.send({ type: 'SUBMIT_CARD', ...card }),
    cancelAdding: () => {
      if (actor.getSnapshot().matches({ payment: { addingCard: 'editing' } })) actor.send({ type: 'CANCEL' });
    },
  };
}
