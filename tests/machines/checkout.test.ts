/**
 * The checkout machine's model (checkout.model.ts): its paths reach every state and take every transition,
 * each replayed on a running actor with the inputs its calls get checked, and every state names its step.
 * Its behaviour, told call by call, is in checkout-behaviour.test.ts and checkout-lost-answers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import type { PaymentStepInput } from '../../machines/payment-step/payment-step.types.ts';
import { checkoutModel } from './checkout.model.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(checkoutModel);

describe('checkout: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(checkoutMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(checkoutModel, p);
    for (const call of calls) {
      if (call.src === 'paymentStep') {
        const input = call.input as PaymentStepInput;
        // The product's order as data: the payment step adds how to pay (machines/payment-step has its own model).
        expect(input.order).toEqual({
          kind: 'product',
          place: { Language: 'en', Currency: 'HKD', CouponID: input.couponID },
          placeCardAs: 'CardID',
          payCouponID: input.couponID,
          listOrders: { Size: 5 },
        });
        expect(input.kindRefusals).toEqual({ codes: ['70600', 'OutOfStock', 'ShoppingBagEmpty'], calls: ['placeOrder'] });
        expect(input.askAge).toBe(false);
        // Back from the card's extra step, the payment is asked about: the order and its payment go in.
        if (input.paymentID !== undefined) expect(input).toMatchObject({ paying: { orderID: 'order-1' }, paymentID: 'pi_1' });
      }
      if (call.src === 'getProductOrder') expect(call.input).toEqual({ orderID: 'order-1' });
      if (call.src === 'addPaymentMehtod') expect(call.input).toEqual({ PaymentMethodID: 'pm_new' });
    }
  });
});

describe('checkout: every state names its step (the page never guesses one)', () => {
  it('each state that is not final, and none of its parts, carries exactly one step: tag', async () => {
    const { getStateNodes } = await import('xstate/graph');
    const nodes = getStateNodes(checkoutMachine.root);
    for (const node of nodes) {
      if (node.type === 'final') continue;
      const own = node.tags.filter((t) => t.startsWith('step:'));
      // A state's step comes from itself or from the one parent that names it.
      let parent = node.parent;
      const inherited: string[] = [];
      while (parent) {
        inherited.push(...parent.tags.filter((t) => t.startsWith('step:')));
        parent = parent.parent;
      }
      if (node.type === 'atomic') expect(own.length + inherited.length, node.id).toBe(1);
      else expect(own.length + inherited.length, node.id).toBeLessThanOrEqual(1);
    }
  });
});
