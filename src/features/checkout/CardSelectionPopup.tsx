import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import type { SavedCard } from '../../../machines/checkout/checkout.types.ts';
import type { FlowCode } from '../../../machines/shared/codes.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import type { CardDetails } from '../../ui/CardForm.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import { AddCardFields } from '../../ui/AddCardFields.tsx';
import type { createCheckoutFlow } from './checkout.actors.ts';
import { sendToPaymentStep } from './checkout-parts.tsx';

type CheckoutActor = ActorRefFrom<ReturnType<typeof createCheckoutFlow>>;

/** What the card popup shows and can do, read from whichever checkout flow (product or event) opened it. */
export type CardChoice = {
  adding: boolean;
  cards: SavedCard[] | undefined;
  selected: SavedCard | undefined;
  loading: boolean;
  canAdd: boolean;
  busy: boolean;
  error: { code: FlowCode; message?: string | undefined } | undefined;
  select: (cardID: string) => void;
  add: () => void;
  submitCard: (card: CardDetails) => void;
  /** Leaves the add-card form (also when the popup closes while it is open). */
  cancelAdding: () => void;
};

/** Spec §2 card selection popup of the product checkout. */
export function CardSelectionPopup({ actor, onClose }: { actor: CheckoutActor; onClose: () => void }) {
  const step = useSelector(actor, checkoutState.step);
  const choice: CardChoice = {
    adding: step === 'addCard',
    cards: useSelector(actor, checkoutState.cards),
    selected: useSelector(actor, checkoutState.selectedCard),
    loading: useSelector(actor, checkoutState.isLoadingCards),
    canAdd: useSelector(actor, checkoutState.canAddCard),
    busy: useSelector(actor, checkoutState.isBusy),
    error: useSelector(actor, checkoutState.error),
    select: (cardID) => sendToPaymentStep(actor, { type: 'SELECT_CARD', cardID }),
    add: () => sendToPaymentStep(actor, { type: 'ADD_CARD' }),
    submitCard: (card) => sendToPaymentStep(actor, { type: 'SUBMIT_CARD', ...card }),
    cancelAdding: () => {
      if (checkoutState.isEditingCard(actor.getSnapshot())) sendToPaymentStep(actor, { type: 'CANCEL' });
    },
  };
  return <CardSelection choice={choice} onClose={onClose} />;
}

/** Spec §2 card selection popup: the member's saved cards, and adding one. */
export function CardSelection({ choice, onClose }: { choice: CardChoice; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { cards, selected, loading, canAdd, error, adding } = choice;
  const cardName = useCardName();
  const name = useId();
  const close = () => {
    choice.cancelAdding();
    onClose();
  };
  return (
    <Popup title={adding ? <Trans>Add a card</Trans> : <Trans>Choose a card</Trans>} onClose={close}>
      {adding ? (
        <AddCardFields busy={choice.busy} error={error} onSubmit={choice.submitCard} onCancel={choice.cancelAdding} />
      ) : loading ? (
        <p className="muted" role="status">
          <Trans>Loading your cards…</Trans>
        </p>
      ) : (
        <div className="form">
          {cards && cards.length > 0 ? (
            <fieldset className="checkout-choices">
              <legend className="visually-hidden">{t`Saved cards`}</legend>
              {cards.map((card) => (
                <label key={card.id} className="checkout-choice" data-checked={card.id === selected?.id}>
                  <input type="radio" name={name} checked={card.id === selected?.id} onChange={() => choice.select(card.id)} />
                  <span>{cardName(card)}</span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="muted">
              <Trans>You have no saved cards yet.</Trans>
            </p>
          )}
          {error && <FormError>{i18n._(paymentMessage(error.code))}</FormError>}
          {canAdd && (
            <button type="button" className="button wide" onClick={choice.add}>
              <Trans>Add a new card</Trans>
            </button>
          )}
          <button type="button" className="button primary wide" disabled={!selected} onClick={onClose}>
            <Trans>Use this card</Trans>
          </button>
        </div>
      )}
    </Popup>
  );
}
