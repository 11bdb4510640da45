/**
 * Adding a card from the wallet: the add-card way of choosing how to pay (machines/payment-choice),
 * with the same real calls as every checkout: tokenised (addCreditCard), then saved to the member
 * (addPaymentMehtod).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SavedCard } from '../../../contract/index.ts';
import type { PaymentChoiceInput } from '../../../machines/payment-choice/payment-choice.types.ts';
import { CARDS_KEY } from '../../api/card-queries.ts';
import type { ApiClient } from '../../api/client.ts';
import { createPaymentChoice } from '../../app/payment-choice.actors.ts';

/** Straight to the add-card form: paying by card, with no card chosen. */
export const ADD_CARD: PaymentChoiceInput = { choice: { method: 'CreditCard' }, request: { type: 'ADD_CARD' } };

/** A card saved joins the wallet's list (also when the popup was closed meanwhile). */
export function createAddCardFlow(api: ApiClient, queryClient: QueryClient) {
  return createPaymentChoice(api, {
    onCardSaved: (card) => queryClient.setQueryData<SavedCard[]>(CARDS_KEY, (list) => [...(list ?? []).filter((c) => c.id !== card.id), card]),
  });
}
