import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ErrorCode } from '../../contract/errors.ts';
import { createSubscription, createSubscriptionPayment, getSubscriptionOrder, SubscriptionDuration } from '../../contract/subscriptions.ts';
import { couponTotalsMachine } from '../../machines/coupon-totals/coupon-totals.machine.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import type { PaymentStepEvent, PaymentStepExtraEvent, PaymentStepInput } from '../../machines/payment-step/payment-step.types.ts';
import { paymentStepActor, type KindCheckoutSnapshot } from '../../machines/payment-step/payment-step.selectors.ts';

type PaymentEvent = PaymentStepEvent | PaymentStepExtraEvent;
import type { ListOrdersOutput, ReadOrderOutput } from '../../machines/order-payment/order-payment.types.ts';
import { annual, monthly, paid, quarterly, quarterTotals, unpaidOrder, visa } from '../../machines/subscription-checkout/subscription-checkout.fixtures.ts';
import { subscriptionCheckoutMachine } from '../../machines/subscription-checkout/subscription-checkout.machine.ts';
import * as select from '../../machines/subscription-checkout/subscription-checkout.selectors.ts';
import type {
  CallResult,
  CreateSubscriptionInput,
  CreateSubscriptionPaymentInput,
  GetSubscriptionOrderOutput,
  GetSubscriptionPlanOutput,
  PaymentStart,
  SubscriptionCalculateRequest,
  SubscriptionCheckoutEvent,
  SubscriptionCheckoutInput,
  SubscriptionDuration as MachineDuration,
} from '../../machines/subscription-checkout/subscription-checkout.types.ts';
import { DELIVERY_ADDRESS_REQUIRED, OUT_OF_STOCK } from '../../machines/subscription-checkout/subscription-checkout.types.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { subscriptionCheckoutModel } from './subscription-checkout.model.ts';
import { replayOnActor } from '../support/replay.ts';


/**
 * Sends as the page does: the payment step's events to the step while the flow runs it (sendToPaymentStep
 * in src/features/checkout/checkout-parts.tsx), the rest to the flow.
 */
const sendAsThePage =
  (actor: { getSnapshot(): unknown; send(event: SubscriptionCheckoutEvent): void }) =>
  (event: SubscriptionCheckoutEvent | PaymentEvent): void => {
    const step = paymentStepActor(actor.getSnapshot() as KindCheckoutSnapshot);
    if (step) step.send(event as PaymentEvent);
    else actor.send(event as SubscriptionCheckoutEvent);
  };

const paths = modelPaths(subscriptionCheckoutModel);

describe('subscriptionCheckout: model paths', () => {
  // Some 2,500 paths: on a busy machine this takes longer than the default 5 s.
  it('reach every state and take every transition', { timeout: 60_000 }, () => {
    const c = coverage(subscriptionCheckoutMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(subscriptionCheckoutModel, p);
    for (const call of calls) {
      const input = call.input as Record<string, unknown>;
      if (call.src === 'paymentStep') {
        // The subscription's order as data: the payment step adds how to pay (machines/payment-step has its own model).
        const { order, kindRefusals, paying, ageConfirmed } = call.input as PaymentStepInput;
        expect({ kind: order.kind, listOrders: order.listOrders, placeCardAs: order.placeCardAs }).toEqual({
          kind: 'subscription',
          listOrders: {},
          placeCardAs: 'PaymentMethodID',
        });
        expect(kindRefusals).toEqual({ codes: ['70600', 'DeliveryAddressRequired'], calls: ['placeOrder', 'payOrder'] });
        if (paying.orderID === undefined) {
          expect(order.place).toMatchObject({ Language: 'en', Currency: 'HKD', SubscriptionID: 'plan-quarter' });
          // With how to pay added as the step adds it, the body create-subscription takes, as the contract reads it.
          const request = { ...order.place, PaymentMethod: 'CreditCard', [order.placeCardAs]: 'pm_visa', AgeConfirmed: ageConfirmed };
          expect(v.safeParse(createSubscription.body, request).success).toBe(true);
        } else {
          expect(paying.orderID).toBe('sorder-1');
          expect(v.safeParse(createSubscriptionPayment.body, { PaymentMethod: paying.method ?? 'CreditCard', OrderID: paying.orderID }).success).toBe(true);
        }
      }
      if (call.src === 'subscriptionCalculate') expect((input.request as SubscriptionCalculateRequest).SubscriptionID).toBe('plan-quarter');
      if (call.src === 'getSubscriptionOrder') expect(input).toEqual({ RecordID: 'sorder-1' });
      if (call.src === 'getSubscriptionPlan') expect(input).toEqual({ Currency: 'HKD' });
    }
  });
});

describe('subscriptionCheckout: in step with the contract', () => {
  it('durations and codes', () => {
    const durations: MachineDuration[] = ['month', 'quarter', 'annual'];
    expect(durations).toEqual(SubscriptionDuration.options);
    expect(ErrorCode).toMatchObject({ DeliveryAddressRequired: DELIVERY_ADDRESS_REQUIRED, OutOfStock: OUT_OF_STOCK });
    expect(v.safeParse(getSubscriptionOrder.body, { RecordID: 'sorder-1' }).success).toBe(true);
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const ticks = async (n = 4) => {
  for (let i = 0; i < n; i++) await tick();
};
const POLL_INTERVAL = orderPaymentMachine.implementations.delays.pollInterval as number;

type Answers = {
  plans?: () => CallResult<GetSubscriptionPlanOutput>;
  /** The raw subscription-calculate answer; the coupon-totals machine recovers from 70600 as in the app. */
  calculate?: (input: { couponID?: string | undefined; request: SubscriptionCalculateRequest }) => CallResult<typeof quarterTotals, { reason?: 'Expired' }>;
  place?: (input: CreateSubscriptionInput) => CallResult<PaymentStart, { OrderID?: string }>;
  pay?: (input: CreateSubscriptionPaymentInput) => CallResult<PaymentStart, { OrderID?: string }>;
  order?: () => CallResult<GetSubscriptionOrderOutput>;
};

const ok = <T,>(data: T): CallResult<T, never> => ({ ok: true, data });

function startCheckout(input: SubscriptionCheckoutInput, answers: Answers = {}) {
  const clock = new SimulatedClock();
  const calls: Array<{ src: string; input: unknown }> = [];
  const call =
    <I, O>(src: string, answer: (input: I) => O) =>
    async ({ input }: { input: I }): Promise<O> => {
      calls.push({ src, input });
      return answer(input);
    };
  const calculate = answers.calculate ?? (() => ({ ok: true as const, data: quarterTotals }));
  const readOrder = answers.order ?? ((): CallResult<GetSubscriptionOrderOutput> => ok({ Order: { ...unpaidOrder, PaymentStatus: 'Paid' } }));
  const machine = subscriptionCheckoutMachine.provide({
    actors: {
      getSubscriptionPlan: fromPromise(call('getSubscriptionPlan', answers.plans ?? (() => ok({ PlanList: [monthly, quarterly] })))),
      userUpdateInfo: fromPromise(call('userUpdateInfo', (i: { mainDeliveryAddressIndex: number }) => ok({ userDetailInfo: { mainDeliveryAddressIndex: i.mainDeliveryAddressIndex } }))),
      subscriptionCalculate: couponTotalsMachine.provide({
        actors: { calculateTotals: fromPromise(call('subscriptionCalculate', (i: never) => calculate(i) as CallResult<unknown, { reason?: 'Expired' }>)) as never },
      }) as never,
      getSubscriptionOrder: fromPromise(call('getSubscriptionOrder', readOrder)),
      // The payment step with choosing how to pay and paying by the subscription's calls, recorded under the calls' names.
      paymentStep: paymentStepMachine.provide({
        actors: {
          paymentChoice: paymentChoiceMachine.provide({
            actors: {
              getPaymentMehtod: fromPromise(call('getPaymentMehtod', () => ok({ PaymentMethodList: [visa] }))),
              addCreditCard: fromPromise(call('addCreditCard', () => ok({ PaymentMethodID: 'pm_new' }))),
              addPaymentMehtod: fromPromise(call('addPaymentMehtod', () => ok({ PaymentMethod: visa }))),
            },
          }),
          orderPayment: orderPaymentMachine.provide({
            actors: {
              listOrders: fromPromise(call('getSubscriptionRecord', (): CallResult<ListOrdersOutput> => ok({ OrderList: [] }))),
              placeOrder: fromPromise(call('createSubscription', (i: Readonly<Record<string, unknown>>) => (answers.place ?? (() => ok(paid)))(i as CreateSubscriptionInput))),
              payOrder: fromPromise(call('createSubscriptionPayment', (i: CreateSubscriptionPaymentInput) => (answers.pay ?? (() => ok(paid)))(i))),
              confirmCardPayment: fromPromise(call('productCreditcardPayment', (): CallResult<PaymentStart, { OrderID?: string }> => ({ ok: false, code: 'InternalError', message: 'not expected here' }))),
              readOrder: fromPromise(call('getSubscriptionOrder', (): CallResult<ReadOrderOutput> => readOrder())),
            },
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input, clock });
  actor.start();
  return { actor, clock, calls, snapshot: () => actor.getSnapshot(), send: sendAsThePage(actor) };
}

const chosen: SubscriptionCheckoutInput = { currency: 'HKD', language: 'en', subscriptionID: 'plan-quarter', addressIndex: 0 };

describe('subscriptionCheckout: behaviour', () => {
  it('main path: plan, address, totals, card, subscribed', async () => {
    const t = startCheckout(chosen);
    await ticks();
    expect(select.step(t.snapshot())).toBe('address');
    expect(select.plan(t.snapshot())).toEqual(quarterly);
    expect(select.totals(t.snapshot())).toBeUndefined();
    t.send({ type: 'CONTINUE' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.totals(t.snapshot())).toEqual(quarterTotals);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await ticks();
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    t.send({ type: 'PLACE_ORDER' });
    await ticks();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'subscribed', OrderID: 'sorder-1' });
    expect(t.calls.find((c) => c.src === 'createSubscription')!.input).toEqual({
      Language: 'en',
      Currency: 'HKD',
      PaymentMethod: 'CreditCard',
      SubscriptionID: 'plan-quarter',
      PaymentMethodID: 'pm_visa',
      CouponID: undefined,
      AgeConfirmed: false,
    });
    expect(t.calls.find((c) => c.src === 'subscriptionCalculate')!.input).toEqual({ request: { SubscriptionID: 'plan-quarter', Language: 'en', Currency: 'HKD' } });
  });

  it('spec §5: no totals without a delivery address; picking one saves it as the selected one first', async () => {
    const t = startCheckout({ ...chosen, addressIndex: undefined });
    await ticks();
    expect(select.canContinue(t.snapshot())).toBe(false);
    t.send({ type: 'CONTINUE' });
    expect(t.calls.some((c) => c.src === 'subscriptionCalculate')).toBe(false);
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    expect(select.isSavingAddress(t.snapshot())).toBe(true);
    await ticks();
    expect(t.calls.find((c) => c.src === 'userUpdateInfo')!.input).toEqual({ mainDeliveryAddressIndex: 1 });
    expect(select.addressIndex(t.snapshot())).toBe(1);
    t.send({ type: 'CONTINUE' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('payment');
  });

  it('an address outside the service range (DeliveryAddressRequired): back to choosing, saying so', async () => {
    let refused = true;
    const t = startCheckout(chosen, {
      calculate: () => (refused ? { ok: false, code: 'DeliveryAddressRequired', message: 'Not delivered there' } : { ok: true, data: quarterTotals }),
    });
    await ticks();
    t.send({ type: 'CONTINUE' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('address');
    expect(select.addressRefused(t.snapshot())).toBe(true);
    refused = false;
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    await ticks();
    expect(select.addressRefused(t.snapshot())).toBe(false);
    t.send({ type: 'CONTINUE' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('payment');
  });

  it('70600: the coupon is dropped, its message kept, and the totals read again without it (the shared coupon-totals child)', async () => {
    const t = startCheckout(chosen, {
      calculate: (input) =>
        input.couponID ? { ok: false, code: '70600', message: 'This coupon has expired', data: { reason: 'Expired' } } : { ok: true, data: quarterTotals },
    });
    await ticks();
    t.send({ type: 'CONTINUE' });
    await ticks();
    t.send({ type: 'APPLY_COUPON', code: '  ' });
    expect(select.step(t.snapshot())).toBe('payment');
    t.send({ type: 'APPLY_COUPON', code: 'OLD5' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.couponID(t.snapshot())).toBeUndefined();
    expect(select.couponError(t.snapshot())).toMatchObject({ couponID: 'OLD5', code: '70600', message: 'This coupon has expired' });
    expect(t.calls.filter((c) => c.src === 'subscriptionCalculate').map((c) => (c.input as { couponID?: string }).couponID)).toEqual([undefined, 'OLD5', undefined]);
  });

  it('70600 from create-subscription: drop the coupon and read the totals again', async () => {
    let placed = 0;
    const t = startCheckout(chosen, {
      place: (i) => (++placed === 1 && i.CouponID ? { ok: false, code: '70600', message: 'Used up' } : ok(paid)),
    });
    await ticks();
    t.send({ type: 'CONTINUE' });
    await ticks();
    t.send({ type: 'APPLY_COUPON', code: 'TEA10' });
    await ticks();
    expect(select.couponID(t.snapshot())).toBe('TEA10');
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await ticks(6);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.couponID(t.snapshot())).toBeUndefined();
    expect(select.couponError(t.snapshot())).toMatchObject({ couponID: 'TEA10', message: 'Used up' });
    t.send({ type: 'PLACE_ORDER' });
    await ticks();
    expect(select.result(t.snapshot())?.outcome).toBe('subscribed');
  });

  it('a box holding spirits needs the over-18 confirmation', async () => {
    const t = startCheckout(chosen, { plans: () => ok({ PlanList: [annual] }), place: () => ok({ ...paid, PaymentStatus: 'pending' }) });
    await ticks();
    t.send({ type: 'CONTINUE' });
    await ticks();
    t.send({ type: 'SELECT_METHOD', method: 'FPS' });
    expect(select.needsAge(t.snapshot())).toBe(true);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    t.send({ type: 'CONFIRM_AGE', confirmed: true });
    t.send({ type: 'PLACE_ORDER' });
    await ticks();
    expect(t.calls.find((c) => c.src === 'createSubscription')!.input).toMatchObject({ AgeConfirmed: true, PaymentMethod: 'FPS', PaymentMethodID: undefined });
    expect(select.result(t.snapshot())?.outcome).toBe('fps');
  });

  it('a plan not on offer cannot be subscribed to', async () => {
    const t = startCheckout({ ...chosen, subscriptionID: 'plan-gone' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('loadFailed');
    expect(select.error(t.snapshot())?.code).toBe('ObjectNotFound');
  });

  it('already subscribed: back at the payment step with the reason, nothing paid', async () => {
    const t = startCheckout(chosen, { place: () => ({ ok: false, code: 'AlreadySubscribed' }) });
    await ticks();
    t.send({ type: 'CONTINUE' });
    await ticks();
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await ticks();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.error(t.snapshot())?.code).toBe('AlreadySubscribed');
  });

  it('processing: reads the subscription order every 2 s until paid', async () => {
    let reads = 0;
    const t = startCheckout(chosen, {
      place: () => ok({ ...paid, PaymentStatus: 'processing' }),
      order: () => ok({ Order: { ...unpaidOrder, PaymentStatus: ++reads < 2 ? 'WaitForPayment' : 'Paid' } }),
    });
    await ticks();
    t.send({ type: 'CONTINUE' });
    await ticks();
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await ticks(3);
    expect(select.step(t.snapshot())).toBe('paying');
    t.clock.increment(POLL_INTERVAL);
    await ticks();
    expect(select.result(t.snapshot())?.outcome).toBe('subscribed');
  });

  it('paying a cycle waiting for payment: its plan, method and totals come from the order, then create-subscription-payment', async () => {
    const t = startCheckout({ currency: 'HKD', language: 'en', resume: { OrderID: 'sorder-1' } }, { order: () => ok({ Order: unpaidOrder }) });
    await ticks();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.paymentMethod(t.snapshot())).toBe('FPS');
    expect(select.totals(t.snapshot())?.total).toBe(88_000);
    expect(select.canGoBack(t.snapshot())).toBe(false);
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await ticks();
    expect(t.calls.find((c) => c.src === 'createSubscriptionPayment')?.input).toEqual({ OrderID: 'sorder-1', PaymentMethod: 'Alipay', CardID: undefined });
    expect(t.calls.some((c) => c.src === 'createSubscription')).toBe(false);
    expect(t.calls.some((c) => c.src === 'subscriptionCalculate')).toBe(false);
  });
});
