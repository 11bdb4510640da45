import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import { AddCardForm } from './AddCardForm.tsx';
import type { createCheckoutFlow } from './checkout.actors.ts';

type CheckoutActor = ActorRefFrom<ReturnType<typeof createCheckoutFlow>>;

/** Spec §2 card selection popup: the member's saved cards, and adding one. */
export function CardSelectionPopup({ actor, onClose }: { actor: CheckoutActor; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const step = useSelector(actor, checkoutState.step);
  const cards = useSelector(actor, checkoutState.cards);
  const selected = useSelector(actor, checkoutState.selectedCard);
  const loading = useSelector(actor, checkoutState.isLoadingCards);
  const canAdd = useSelector(actor, checkoutState.canAddCard);
  const error = useSelector(actor, checkoutState.error);
  const cardName = useCardName();
  const name = useId();
  const adding = step === 'addCard';
  const close = () => {
    if (actor.getSnapshot().matches({ payment: { addingCard: 'editing' } })) actor.send({ type: 'CANCEL' });
    onClose();
  };
  return (
    <Popup title={adding ? <Trans>Add a card</Trans> : <Trans>Choose a card</Trans>} onClose={close}>
      {adding ? (
        <AddCardForm actor={actor} />
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
                  <input
                    type="radio"
                    name={name}
                    checked={card.id === selected?.id}
                    onChange={() => actor.send({ type: 'SELECT_CARD', cardID: card.id })}
                  />
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
            <button type="button" className="button wide" onClick={() => actor.send({ type: 'ADD_CARD' })}>
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
