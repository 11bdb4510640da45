import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { Currency } from '../../../contract/index.ts';
import type { PaymentMethod, SavedCard } from '../../../machines/checkout/checkout.types.ts';
import type { FlowCode } from '../../../machines/shared/codes.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { Field } from '../../ui/Field.tsx';
import { useMethodName } from '../../ui/order-words.ts';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import type { CardChoice } from './CardSelectionPopup.tsx';
import { ErrorNote, type HeadingRef, type PaymentEvent } from './checkout-parts.tsx';

/**
 * The payment step the event and subscription checkouts share: coupon, how to pay, the over-18
 * confirmation, place the order. Each kind's step module (a lazy chunk of its own) passes its flow's
 * selectors and its own words.
 */

// The payment method and card popups (and Radix Dialog with them) are chunks of their own, fetched once
// the checkout shows (the kind's checkout screen preloads its step, which then preloads them), as the
// product checkout's are (issue 14, Fast).
const PaymentMethodPopup = preloadable(() => import('./PaymentMethodPopup.tsx').then((m) => m.PaymentMethodPopup));
const CardSelection = preloadable(() => import('./CardSelectionPopup.tsx').then((m) => m.CardSelection));

export function prefetchPopups() {
  for (const popup of [PaymentMethodPopup, CardSelection]) popup.preload().catch(() => {});
}

/** What the step reads from the kind's flow (its selectors module, plus the totals and the add-card form). */
export type PaymentSelectors<S> = {
  paymentMethod: (s: S) => PaymentMethod | undefined;
  selectedCard: (s: S) => SavedCard | undefined;
  step: (s: S) => string;
  canPlaceOrder: (s: S) => boolean;
  canGoBack: (s: S) => boolean;
  hasOrder: (s: S) => boolean;
  needsAge: (s: S) => boolean;
  ageConfirmed: (s: S) => boolean;
  error: (s: S) => { code: FlowCode; message?: string | undefined } | undefined;
  lostAnswerFinding: (s: S) => 'notPlaced' | 'notPaid' | undefined;
  isLoadingCards: (s: S) => boolean;
  couponID: (s: S) => string | undefined;
  canApplyCoupon: (s: S) => boolean;
  canRemoveCoupon: (s: S) => boolean;
  isAddingCard: (s: S) => boolean;
  cards: (s: S) => SavedCard[] | undefined;
  canAddCard: (s: S) => boolean;
  isBusy: (s: S) => boolean;
};

/** The kind's own words (and class prefix) around the shared step. */
export type PaymentWords = {
  /** `event` or `subscription`: the coupon form and the age box are styled per kind. */
  kind: string;
  /** Shown under the card row before the order exists, if the kind has anything to say about cards. */
  cardNote?: ReactNode;
  fpsNote: ReactNode;
  alipayNote: ReactNode;
  ageConfirm: ReactNode;
  ageWhy: ReactNode;
  notPlaced: ReactNode;
  notPaid: ReactNode;
  placing: ReactNode;
  placeFor: (total: { Total: number; Currency: Currency }) => ReactNode;
  place: ReactNode;
};

/** The kind's flow, seen through its snapshots `S`. */
type FlowActor<S> = Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): S };

type StepProps<S> = {
  actor: FlowActor<S>;
  send: (event: PaymentEvent) => void;
  selectors: PaymentSelectors<NoInfer<S>>;
  total: (s: NoInfer<S>) => { Total: number; Currency: Currency } | undefined;
  /** Whether the add-card form is open and can be left with CANCEL. */
  editingCard: (s: NoInfer<S>) => boolean;
  words: PaymentWords;
  headingRef: HeadingRef;
};

function CouponField<S>({ actor, send, selectors: sel, words }: StepProps<S>) {
  const { t } = useLingui();
  const applied = useSelector(actor, sel.couponID);
  const canApply = useSelector(actor, sel.canApplyCoupon);
  const canRemove = useSelector(actor, sel.canRemoveCoupon);
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) send({ type: 'APPLY_COUPON', code });
  };
  if (applied)
    return (
      <div className="checkout-row">
        <p className="checkout-value">
          <Trans>Coupon {applied} applied</Trans>
        </p>
        {canRemove && (
          <button type="button" className="button small" onClick={() => send({ type: 'REMOVE_COUPON' })}>
            <Trans>Remove</Trans>
          </button>
        )}
      </div>
    );
  return (
    <form className={`${words.kind}-coupon`} onSubmit={submit}>
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

/** The payment method row (the product checkout's step shows it too). */
export function PaymentMethodRow({ method, disabled, onChange }: { method: PaymentMethod | undefined; disabled: boolean; onChange: () => void }) {
  const { t } = useLingui();
  const methodName = useMethodName();
  return (
    <div className="checkout-row">
      <div>
        <p className="checkout-label">
          <Trans>Payment method</Trans>
        </p>
        <p className="checkout-value">{method ? methodName(method) : <span className="muted">{t`Not chosen yet`}</span>}</p>
      </div>
      <button type="button" className="button small" disabled={disabled} onClick={onChange}>
        {method ? <Trans>Change</Trans> : <Trans>Choose payment method</Trans>}
      </button>
    </div>
  );
}

/** The saved card row, once paying by card (the product checkout's step shows it too). */
export function CardRow({ card, loading, disabled, onChange }: { card: SavedCard | undefined; loading: boolean; disabled: boolean; onChange: () => void }) {
  const { t } = useLingui();
  const cardName = useCardName();
  return (
    <div className="checkout-row">
      <div>
        <p className="checkout-label">
          <Trans>Card</Trans>
        </p>
        <p className="checkout-value">
          {loading ? <span className="muted">{t`Loading your cards…`}</span> : card ? cardName(card) : <span className="muted">{t`No card chosen`}</span>}
        </p>
      </div>
      <button type="button" className="button small" disabled={disabled || loading} onClick={onChange}>
        {card ? <Trans>Change card</Trans> : <Trans>Choose card</Trans>}
      </button>
    </div>
  );
}

/** Totals, coupon, the over-18 confirmation, how to pay, place the order (in the kind's words). */
export function KindPaymentStep<S>(props: StepProps<S>) {
  const { actor, send, selectors: sel, words, headingRef } = props;
  const method = useSelector(actor, sel.paymentMethod);
  const card = useSelector(actor, sel.selectedCard);
  const step = useSelector(actor, sel.step);
  const canPlace = useSelector(actor, sel.canPlaceOrder);
  const canBack = useSelector(actor, sel.canGoBack);
  const hasOrder = useSelector(actor, sel.hasOrder);
  const needsAge = useSelector(actor, sel.needsAge);
  const ageConfirmed = useSelector(actor, sel.ageConfirmed);
  const error = useSelector(actor, sel.error);
  const finding = useSelector(actor, sel.lostAnswerFinding);
  const loadingCards = useSelector(actor, sel.isLoadingCards);
  const total = useSelector(actor, props.total);
  const [popup, setPopup] = useState<'method' | 'card' | null>(null);
  const id = useId();
  const cardChoice = useCardChoice(props);
  const cardPopupOpen = popup === 'card' || step === 'addCard';
  const chooseMethod = (next: PaymentMethod) => {
    send({ type: 'SELECT_METHOD', method: next });
    setPopup(next === 'CreditCard' ? 'card' : null);
  };
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Payment</Trans>
      </h2>
      {!hasOrder && <CouponField {...props} />}
      <PaymentMethodRow method={method} disabled={step === 'placing'} onChange={() => setPopup('method')} />
      {method === 'CreditCard' && !hasOrder && words.cardNote && <p className="muted small">{words.cardNote}</p>}
      {method === 'CreditCard' && <CardRow card={card} loading={loadingCards} disabled={step === 'placing'} onChange={() => setPopup('card')} />}
      {method === 'FPS' && <p className="muted small">{words.fpsNote}</p>}
      {method === 'Alipay' && <p className="muted small">{words.alipayNote}</p>}
      {needsAge && (
        <label className={`checkout-choice ${words.kind}-age`} data-checked={ageConfirmed}>
          <input type="checkbox" checked={ageConfirmed} onChange={(e) => send({ type: 'CONFIRM_AGE', confirmed: e.target.checked })} />
          <span className="checkout-choice-text">
            <span>{words.ageConfirm}</span>
            <span className="muted small">{words.ageWhy}</span>
          </span>
        </label>
      )}
      {step !== 'addCard' &&
        (finding ? (
          <p className="form-error" role="alert">
            {finding === 'notPlaced' ? words.notPlaced : words.notPaid}
          </p>
        ) : (
          <ErrorNote error={error} />
        ))}
      <div className="checkout-actions">
        <button type="button" className="button primary wide" disabled={!canPlace} onClick={() => send({ type: 'PLACE_ORDER' })}>
          {step === 'placing'
            ? words.placing
            : hasOrder
              ? <Trans>Pay now</Trans>
              : total
                ? words.placeFor(total)
                : words.place}
        </button>
        {canBack && (
          <button type="button" className="link-button" onClick={() => send({ type: 'BACK' })}>
            <Trans>Back</Trans>
          </button>
        )}
      </div>
      {popup === 'method' && <PaymentMethodPopup value={method} onChoose={chooseMethod} onClose={() => setPopup(null)} />}
      {cardPopupOpen && <CardSelection choice={cardChoice} onClose={() => setPopup(null)} />}
    </section>
  );
}

/** The shared card popup, driven by the kind's flow. */
function useCardChoice<S>({ actor, send, selectors: sel, editingCard }: StepProps<S>): CardChoice {
  return {
    adding: useSelector(actor, sel.isAddingCard),
    cards: useSelector(actor, sel.cards),
    selected: useSelector(actor, sel.selectedCard),
    loading: useSelector(actor, sel.isLoadingCards),
    canAdd: useSelector(actor, sel.canAddCard),
    busy: useSelector(actor, sel.isBusy),
    error: useSelector(actor, sel.error),
    select: (cardID) => send({ type: 'SELECT_CARD', cardID }),
    add: () => send({ type: 'ADD_CARD' }),
    submitCard: (card) => send({ type: 'SUBMIT_CARD', ...card }),
    cancelAdding: () => {
      if (editingCard(actor.getSnapshot())) send({ type: 'CANCEL' });
    },
  };
}
