/**
 * Choosing how to pay (machines/payment-choice) with its real calls, the same for every checkout
 * this feature holds (products, events, subscriptions): each provides it as its `paymentChoice` actor.
 */
import { fromPromise } from 'xstate';
import { addCreditCard, addPaymentMehtod, getPaymentMehtod } from '../../../contract/index.ts';
import { paymentChoiceMachine } from '../../../machines/payment-choice/payment-choice.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

export function createPaymentChoice(api: ApiClient) {
  return paymentChoiceMachine.provide({
    actors: {
      getPaymentMehtod: fromPromise(() => asCallResult(api.call(getPaymentMehtod, {}))),
      addCreditCard: fromPromise(({ input }) => asCallResult(api.call(addCreditCard, input))),
      addPaymentMehtod: fromPromise(({ input }) => asCallResult(api.call(addPaymentMehtod, input))),
    },
  });
}
