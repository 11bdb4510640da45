/**
 * The payment step every kind's checkout invokes (machines/payment-step), with choosing how to pay and
 * paying by the kind's calls. Its machines are a chunk of their own, fetched as a checkout screen loads
 * (payment-step-chunk.ts), not part of the screen's first load; each kind's actors module takes
 * `createPaymentStep` from it.
 */
import { orderPaymentMachine } from '../../../machines/order-payment/order-payment.machine.ts';
import { paymentStepMachine } from '../../../machines/payment-step/payment-step.machine.ts';
import type { ApiClient } from '../../api/client.ts';
import { createPaymentChoice } from '../../app/payment-choice.actors.ts';

/** Paying's actors, by the kind's calls: placing its order, paying it, the card's extra step, reading and listing its orders. */
export type PayingActors = Required<NonNullable<Parameters<typeof orderPaymentMachine.provide>[0]['actors']>>;

export function createPaymentStep(api: ApiClient, paying: PayingActors) {
  return paymentStepMachine.provide({
    actors: {
      paymentChoice: createPaymentChoice(api),
      orderPayment: orderPaymentMachine.provide({ actors: paying }),
    },
  });
}

export type CreatePaymentStep = typeof createPaymentStep;
