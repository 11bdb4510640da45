import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import type { ListOrdersOutput, PaymentAnswer, PlaceOrderRequest, ReadOrderOutput } from '../../machines/order-payment/order-payment.types.ts';
import { paid } from '../../machines/order-payment/order-payment.fixtures.ts';
import { mastercard, visa } from '../../machines/payment-choice/payment-choice.fixtures.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import type { CallResult, GetPaymentMethodOutput } from '../../machines/payment-choice/payment-choice.types.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import * as select from '../../machines/payment-step/payment-step.selectors.ts';
import type { OrderPaymentInput, PaymentStepInput } from '../../machines/payment-step/payment-step.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { paymentStepModel } from './payment-step.model.ts';

const paths = modelPaths(paymentStepModel);

describe('paymentStep: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(paymentStepMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it(`replay on a running actor, the kind's order going out with how to pay (${paths.length} paths)`, async () => {
    for (const p of paths) {
      const { calls } = await replayOnActor(paymentStepModel, p);
      for (const call of calls) {
        if (call.src !== 'orderPayment') continue;
        const { kind, payWith, listOrders, place, orderID, paymentID } = call.input as OrderPaymentInput;
        const { order } = p.input;
        expect({ kind, listOrders }, p.description).toEqual({ kind: order.kind, listOrders: order.listOrders });
        // Back from the card's extra step, the payment is asked about, not started: no card needs choosing.
        if (paymentID !== undefined) expect({ orderID, paymentID }).toEqual({ orderID: 'order-1', paymentID: 'pi_1' });
        else if (payWith.PaymentMethod === 'CreditCard') expect(['pm_visa', 'pm_mc', 'pm_new']).toContain(payWith.CardID);
        else expect(payWith.CardID).toBeUndefined();
        // A new order is the kind's request with how to pay; one placed before is paid, never placed again.
        if (orderID === undefined) {
          expect(place, p.description).toEqual({ ...order.place, PaymentMethod: payWith.PaymentMethod, [order.placeCardAs]: payWith.CardID, AgeConfirmed: expect.any(Boolean) });
          if (p.input.askAge) expect(place?.AgeConfirmed, p.description).toBe(true);
        } else expect(place, p.description).toBeUndefined();
      }
    }
  });
});

describe('paymentStep: every state names its step (the page never guesses one)', () => {
  it('each state that is not final carries exactly one step: tag', () => {
    for (const node of getStateNodes(paymentStepMachine.root)) {
      if (node.type === 'final') continue;
      expect(node.tags.filter((t) => t.startsWith('step:')).length, node.id).toBe(1);
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const ok = <T>(data: T): CallResult<T> => ({ ok: true, data });

const eventOrder = {
  kind: 'event' as const,
  place: { Language: 'en', Currency: 'HKD', VarianceID: 'v-1', NumberOfSeat: 1, GuestInfo: [], CouponID: 'TEA10' },
  placeCardAs: 'CardID' as const,
  listOrders: { VarianceID: 'v-1' },
};
const base: PaymentStepInput = {
  paying: {},
  order: eventOrder,
  couponID: 'TEA10',
  askAge: true,
  ageConfirmed: false,
  kindRefusals: { codes: ['70600'], calls: ['placeOrder'] },
};

/** A step whose calls answer as told and are recorded. */
function startStep(input: PaymentStepInput, place: () => PaymentAnswer = () => ok(paid)) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const call =
    <I, O>(src: string, answer: () => O) =>
    async ({ input }: { input: I }): Promise<O> => {
      calls.push({ src, input });
      return answer();
    };
  const machine = paymentStepMachine.provide({
    actors: {
      paymentChoice: paymentChoiceMachine.provide({
        actors: {
          getPaymentMehtod: fromPromise(call('getPaymentMehtod', () => ok<GetPaymentMethodOutput>({ PaymentMethodList: [visa, mastercard] }))),
          addCreditCard: fromPromise(call('addCreditCard', () => ok({ PaymentMethodID: 'pm_new' }))),
          addPaymentMehtod: fromPromise(call('addPaymentMehtod', () => ok({ PaymentMethod: visa }))),
        },
      }),
      orderPayment: orderPaymentMachine.provide({
        actors: {
          listOrders: fromPromise(call('listOrders', (): CallResult<ListOrdersOutput> => ok({ OrderList: [] }))),
          placeOrder: fromPromise(call<PlaceOrderRequest, PaymentAnswer>('placeOrder', place)),
          payOrder: fromPromise(call('payOrder', (): PaymentAnswer => ok(paid))),
          confirmCardPayment: fromPromise(call('confirmCardPayment', (): PaymentAnswer => ok(paid))),
          readOrder: fromPromise(call('readOrder', () => ok<ReadOrderOutput>({ Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } }))),
        },
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls, snapshot: () => actor.getSnapshot() };
}

describe('paymentStep: behaviour', () => {
  it('placing waits for a method, a card and the age asked for; the kind’s order goes out with how to pay; paid ends the step', async () => {
    const t = startStep(base);
    expect(select.stepName(t.snapshot())).toBe('payment');
    expect(t.snapshot().can({ type: 'PLACE_ORDER' })).toBe(false);
    t.actor.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    expect(select.stepName(t.snapshot())).toBe('payment');
    await tick();
    expect(t.snapshot().context).toMatchObject({ method: 'CreditCard', cardID: 'pm_visa' });
    expect(t.snapshot().can({ type: 'PLACE_ORDER' })).toBe(false);
    t.actor.send({ type: 'CONFIRM_AGE', confirmed: true });
    expect(t.snapshot().can({ type: 'PLACE_ORDER' })).toBe(true);
    t.actor.send({ type: 'PLACE_ORDER' });
    expect(select.stepName(t.snapshot())).toBe('placing');
    await tick();
    await tick();
    expect(t.calls.find((c) => c.src === 'placeOrder')?.input).toEqual({ ...eventOrder.place, PaymentMethod: 'CreditCard', CardID: 'pm_visa', AgeConfirmed: true });
    expect(select.ending(t.snapshot())).toEqual({
      paying: expect.objectContaining({ method: 'CreditCard', cardID: 'pm_visa', orderID: 'order-1', payment: paid }),
      ageConfirmed: true,
      end: { how: 'paymentEnded', outcome: 'confirmed' },
    });
  });

  it('a refusal the kind handles ends the step with its code; another goes back to choosing with the reason', async () => {
    const coupon = startStep({ ...base, paying: { method: 'Alipay' }, ageConfirmed: true }, () => ({ ok: false, code: '70600', message: 'This coupon has expired' }));
    coupon.actor.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(select.ending(coupon.snapshot())).toMatchObject({ end: { how: 'refused', code: '70600' }, paying: { error: { code: '70600', message: 'This coupon has expired' } } });

    const other = startStep({ ...base, paying: { method: 'Alipay' }, ageConfirmed: true }, () => ({ ok: false, code: 'AlreadySubscribed' }));
    other.actor.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(other.snapshot().status).toBe('active');
    expect(select.stepName(other.snapshot())).toBe('payment');
    expect(other.snapshot().context.error).toEqual({ code: 'AlreadySubscribed' });
  });

  it('the member’s own ways out: back and a coupon only before an order exists, leaving at any time', () => {
    const back = startStep(base);
    back.actor.send({ type: 'BACK' });
    expect(select.ending(back.snapshot())?.end).toEqual({ how: 'back' });
    const coupon = startStep(base);
    coupon.actor.send({ type: 'APPLY_COUPON', code: '  ' });
    expect(coupon.snapshot().status).toBe('active');
    coupon.actor.send({ type: 'APPLY_COUPON', code: ' SPRING ' });
    expect(select.ending(coupon.snapshot())?.end).toEqual({ how: 'couponChanged', couponID: 'SPRING' });
    const removed = startStep(base);
    removed.actor.send({ type: 'REMOVE_COUPON' });
    expect(select.ending(removed.snapshot())?.end).toEqual({ how: 'couponChanged', couponID: undefined });

    const placed = startStep({ ...base, paying: { method: 'Alipay', orderID: 'order-1' } });
    for (const event of [{ type: 'BACK' }, { type: 'REMOVE_COUPON' }, { type: 'APPLY_COUPON', code: 'SPRING' }] as const) {
      expect(placed.snapshot().can(event), event.type).toBe(false);
    }
    placed.actor.send({ type: 'LEAVE' });
    expect(select.ending(placed.snapshot())).toMatchObject({ end: { how: 'left' }, paying: { orderID: 'order-1' } });
  });

  it('paying an order again by card reads the cards first; back from the card’s extra step asks for its outcome', async () => {
    const again = startStep({ ...base, paying: { method: 'CreditCard', orderID: 'order-1' } });
    expect(select.stepName(again.snapshot())).toBe('payment');
    expect(again.snapshot().matches('changing')).toBe(true);
    await tick();
    expect(again.calls.map((c) => c.src)).toEqual(['getPaymentMehtod']);
    expect(again.snapshot().matches('choosing')).toBe(true);

    const back = startStep({ ...base, paying: { method: 'CreditCard', cardID: 'pm_visa', orderID: 'order-1' }, paymentID: 'pi_1' });
    await tick();
    expect(back.calls.map((c) => c.src)).toEqual(['confirmCardPayment']);
    expect(back.calls[0]!.input).toEqual({ OrderID: 'order-1', Payload: 'pi_1', OrderType: 'event' });
    expect(select.ending(back.snapshot())?.end).toEqual({ how: 'paymentEnded', outcome: 'confirmed' });
  });
});
