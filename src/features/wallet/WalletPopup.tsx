import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { deletePaymentMehtod, type SavedCard } from '../../../contract/index.ts';
import * as choosing from '../../../machines/payment-choice/payment-choice.selectors.ts';
import { CARDS_KEY, savedCardsQuery } from '../../api/card-queries.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { NETWORK_ERROR } from '../../../machines/shared/codes.ts';
import { paymentMessage, serverDetail } from '../../api/payment-messages.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { AddCardFields } from '../../ui/AddCardFields.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import { ADD_CARD, createAddCardFlow } from './wallet.actors.ts';
import './wallet.css';

function useFailureText() {
  const { i18n } = useLingui();
  return (error: unknown) => {
    if (!error) return undefined;
    const code = errorCode(error) ?? NETWORK_ERROR;
    const shown = i18n._(paymentMessage(code));
    const detail = error instanceof ApiError ? serverDetail({ code, message: error.serverMessage }, shown) : undefined;
    return detail ? `${shown} ${detail}` : shown;
  };
}

/** Spec §2 wallet popup: the member's saved cards; add one, delete one. */
export function WalletPopup({ onClose }: { onClose: () => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const cardName = useCardName();
  const failureText = useFailureText();
  const [adding, setAdding] = useState(false);
  const stopAdding = useCallback(() => setAdding(false), []);
  const [deleting, setDeleting] = useState<string | null>(null);
  const cards = useQuery({ ...savedCardsQuery(api), meta: { handlesErrors: true } });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(deletePaymentMehtod, { PaymentMethodID: id }).then(() => id),
    onSuccess: (id) => {
      queryClient.setQueryData<SavedCard[]>(CARDS_KEY, (list) => list?.filter((c) => c.id !== id));
      setDeleting(null);
    },
    meta: { handlesErrors: true },
  });

  if (adding) {
    return (
      <Popup title={<Trans>Add a card</Trans>} onClose={onClose}>
        <AddCard onFinished={stopAdding} />
      </Popup>
    );
  }

  return (
    <Popup title={<Trans>Wallet</Trans>} onClose={onClose}>
      {cards.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading your cards…</Trans>
        </p>
      ) : cards.isError ? (
        <FormError>{failureText(cards.error)}</FormError>
      ) : cards.data.length === 0 ? (
        <p className="muted">
          <Trans>You have no saved cards yet.</Trans>
        </p>
      ) : (
        <ul className="wallet-cards" aria-label={t`Saved cards`}>
          {cards.data.map((card) => {
            const name = cardName(card);
            return (
              <li key={card.id} className="wallet-card">
                <span>{name}</span>
                {deleting === card.id ? (
                  <span role="group" aria-label={t`Delete ${name}?`} className="wallet-confirm">
                    <button type="button" className="button small" disabled={remove.isPending} onClick={() => remove.mutate(card.id)}>
                      <Trans>Delete</Trans>
                    </button>
                    <button type="button" className="link-button" disabled={remove.isPending} onClick={() => setDeleting(null)}>
                      <Trans>Keep</Trans>
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      remove.reset();
                      setDeleting(card.id);
                    }}
                    aria-label={t`Delete ${name}`}
                  >
                    <Trans>Delete</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && <FormError>{failureText(remove.error)}</FormError>}
      <button
        type="button"
        className="button primary wide"
        onClick={() => setAdding(true)}
      >
        <Trans>Add a card</Trans>
      </button>
    </Popup>
  );
}

/**
 * Adding a card (machines/payment-choice, as in checkout): tokenised, then saved to the member. Back
 * to the list once it is saved, or on Cancel.
 */
function AddCard({ onFinished }: { onFinished: () => void }) {
  const { api, queryClient } = useServices();
  const machine = useMemo(() => createAddCardFlow(api, queryClient), [api, queryClient]);
  const flow = useFlow(machine, { input: ADD_CARD });
  const busy = useSelector(flow, choosing.isBusy);
  const error = useSelector(flow, choosing.addCardError);
  useEffect(() => {
    const subscription = flow.subscribe((snapshot) => {
      if (snapshot.status === 'done') onFinished();
    });
    return () => subscription.unsubscribe();
  }, [flow, onFinished]);
  return (
    <AddCardFields
      busy={busy}
      error={error}
      onSubmit={(card) => flow.send({ type: 'SUBMIT_CARD', ...card })}
      onCancel={() => flow.send({ type: 'CANCEL' })}
    />
  );
}
