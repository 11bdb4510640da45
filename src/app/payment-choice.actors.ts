/**
 * Choosing how to pay (machines/payment-choice) with its real calls, the same for every checkout
 * (products, events, subscriptions: each provides it as its `paymentChoice` actor) and for the
 * wallet, which adds a card through it.
 */
import { fromPromise } from 'xstate';
import { addCreditCard, addPaymentMehtod, getPaymentMehtod, type SavedCard } from '../../contract/index.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { asCallResult } from '../api/call-result.ts';
import type { ApiClient } from '../api/client.ts';

/** `onCardSaved`: told of a card saved to the member (addPaymentMehtod), also when no one waits for the flow any more. */
export function createPaymentChoice(api: ApiClient, options: { onCardSaved?: (card: SavedCard) => void } = {}) {
  return paymentChoiceMachine.provide({
    actors: {
      getPaymentMehtod: fromPromise(() => asCallResult(api.call(getPaymentMehtod, {}))),
      addCreditCard: fromPromise(({ input }) => asCallResult(api.call(addCreditCard, input))),
      addPaymentMehtod: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(addPaymentMehtod, input));
        if (result.ok) options.onCardSaved?.(result.data.PaymentMethod);
        return result;
      }),
    },
  });
}
