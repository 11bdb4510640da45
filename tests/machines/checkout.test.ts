import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import type { PaymentStepEvent, PaymentStepExtraEvent, PaymentStepInput } from '../../machines/payment-step/payment-step.types.ts';
import { paymentStepActor, type KindCheckoutSnapshot } from '../../machines/payment-step/payment-step.selectors.ts';

type PaymentEvent = PaymentStepEvent | PaymentStepExtraEvent;
import { withCouponRecovery } from '../../machines/coupon-totals/coupon-totals.provide.ts';
import { expiredCoupon, mastercard, needsStep, paid, processing, teaBag, visa, whiskyBag } from '../../machines/checkout/checkout.fixtures.ts';
import * as select from '../../machines/checkout/checkout.selectors.ts';
import type { AddCreditCardOutput, AddPaymentMethodOutput, GetPaymentMethodOutput } from '../../machines/payment-choice/payment-choice.types.ts';
import type {
  CallResult,
  CheckoutEvent,
  CheckoutInput,
  GetProductOrderOutput,
  GetShoppingBagInput,
  GetShoppingBagOutput,
  ListUserProductOrderOutput,
  OrderPaymentStatus,
  PaymentStart,
  PlaceOrderFailData,
  UserUpdateInfoInput,
  UserUpdateInfoOutput,
} from '../../machines/checkout/checkout.types.ts';
import { ORDER_NOT_PLACED } from '../../machines/checkout/checkout.types.ts';
import { checkoutModel } from './checkout.model.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';


/**
 * Sends as the page does: the payment step's events to the step while the flow runs it (sendToPaymentStep
 * in src/features/checkout/checkout-parts.tsx), the rest to the flow.
 */
const sendAsThePage =
  (actor: { getSnapshot(): unknown; send(event: CheckoutEvent): void }) =>
  (event: CheckoutEvent | PaymentEvent): void => {
    const step = paymentStepActor(actor.getSnapshot() as KindCheckoutSnapshot);
    if (step) step.send(event as PaymentEvent);
    else actor.send(event as CheckoutEvent);
  };

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

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const POLL_INTERVAL = orderPaymentMachine.implementations.delays.pollInterval as number;
const POLL_DEADLINE = orderPaymentMachine.implementations.delays.pollDeadline as number;

type Answers = {
  bag?: (input: GetShoppingBagInput) => GetShoppingBagOutput;
  cards?: () => CallResult<GetPaymentMethodOutput>;
  tokenize?: () => CallResult<AddCreditCardOutput>;
  attach?: () => CallResult<AddPaymentMethodOutput>;
  place?: () => CallResult<PaymentStart, PlaceOrderFailData>;
  pay?: () => CallResult<PaymentStart, PlaceOrderFailData>;
  confirmCard?: () => CallResult<PaymentStart, PlaceOrderFailData>;
  order?: () => CallResult<GetProductOrderOutput> | Promise<CallResult<GetProductOrderOutput>>;
  /** list-user-product-order (noted before placing; read again when placing's answer is lost). Default: no orders. */
  orders?: () => CallResult<ListUserProductOrderOutput>;
  saveAddress?: (input: UserUpdateInfoInput) => CallResult<UserUpdateInfoOutput>;
};

/** A checkout whose calls answer as told and are recorded, on a simulated clock. */
function startCheckout(input: CheckoutInput, answers: Answers = {}) {
  const clock = new SimulatedClock();
  const calls: Array<{ src: string; input: unknown }> = [];
  const call =
    <I, O>(src: string, answer: ((input: I) => O | Promise<O>) | undefined) =>
    async ({ input }: { input: I }): Promise<O> => {
      calls.push({ src, input });
      if (!answer) throw new Error(`${src} was not expected`);
      return answer(input);
    };
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        getShoppingBag: fromPromise(call('getShoppingBag', answers.bag ?? ((i: GetShoppingBagInput) => ({ ok: true, data: { totals: teaBag, couponID: i.couponID } })))),
        getProductOrder: fromPromise(call('getProductOrder', answers.order)),
        userUpdateInfo: fromPromise(call('userUpdateInfo', answers.saveAddress)),
        // The payment step with choosing how to pay and paying by the product's calls, recorded under the calls' names.
        paymentStep: paymentStepMachine.provide({
          actors: {
            paymentChoice: paymentChoiceMachine.provide({
              actors: {
                getPaymentMehtod: fromPromise(call('getPaymentMehtod', answers.cards ?? (() => ({ ok: true, data: { PaymentMethodList: [visa, mastercard] } })))),
                addCreditCard: fromPromise(call('addCreditCard', answers.tokenize)),
                addPaymentMehtod: fromPromise(call('addPaymentMehtod', answers.attach)),
              },
            }),
            orderPayment: orderPaymentMachine.provide({
              actors: {
                placeOrder: fromPromise(call('checkout', answers.place)),
                payOrder: fromPromise(call('createProductPayment', answers.pay)),
                confirmCardPayment: fromPromise(call('productCreditcardPayment', answers.confirmCard)),
                readOrder: fromPromise(call('getProductOrder', answers.order)),
                listOrders: fromPromise(call('listUserProductOrder', answers.orders ?? ((): CallResult<ListUserProductOrderOutput> => ({ ok: true, data: { OrderList: [] } })))),
              },
            }),
          },
        }),
      },
    }),
    { input, clock },
  );
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  return { actor, clock, calls, errors, snapshot: () => actor.getSnapshot(), send: sendAsThePage(actor) };
}

const hkd: CheckoutInput = { currency: 'HKD', language: 'en', couponID: 'TEA10', addressIndex: 0 };

describe('checkout: behaviour', () => {
  it('alcohol in the bag asks for the over-18 confirmation; a saved card pays at once', async () => {
    const t = startCheckout(hkd, {
      bag: (i) => ({ ok: true, data: { totals: whiskyBag, couponID: i.couponID } }),
      place: () => ({ ok: true, data: paid }),
    });
    expect(select.step(t.snapshot())).toBe('loading');
    await tick();
    expect(t.calls[0]).toEqual({ src: 'getShoppingBag', input: { couponID: 'TEA10', request: { Currency: 'HKD' } } });
    expect(select.step(t.snapshot())).toBe('address');
    expect(select.totals(t.snapshot())?.Total).toBe(79_200);
    t.send({ type: 'CONTINUE' });
    expect(select.needsAgeConfirmation(t.snapshot())).toBe(true);
    t.send({ type: 'CONFIRM_AGE' });
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);

    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    expect(select.isLoadingCards(t.snapshot())).toBe(true);
    await tick();
    expect(select.cards(t.snapshot())).toEqual([visa, mastercard]);
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    t.send({ type: 'SELECT_CARD', cardID: 'pm_unknown' });
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    t.send({ type: 'SELECT_CARD', cardID: mastercard.id });
    expect(select.selectedCard(t.snapshot())).toEqual(mastercard);

    t.send({ type: 'PLACE_ORDER' });
    expect(select.isBusy(t.snapshot())).toBe(true);
    await tick();
    expect(t.calls.at(-1)).toEqual({
      src: 'checkout',
      input: { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID: 'pm_mc', CouponID: 'TEA10', AgeConfirmed: true },
    });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-1', RedirectURL: undefined });
  });

  it('declining the age confirmation goes back to the bag; no alcohol skips it', async () => {
    const withAlcohol = startCheckout(hkd, { bag: () => ({ ok: true, data: { totals: whiskyBag } }) });
    await tick();
    withAlcohol.send({ type: 'CONTINUE' });
    withAlcohol.send({ type: 'DECLINE_AGE' });
    expect(select.result(withAlcohol.snapshot())).toEqual({ outcome: 'backToBag', OrderID: undefined, RedirectURL: undefined });

    const tea = startCheckout(hkd);
    await tick();
    tea.send({ type: 'CONTINUE' });
    expect(select.step(tea.snapshot())).toBe('payment');
  });

  it('without an address the member must choose one, which reads the totals again', async () => {
    const t = startCheckout({ currency: 'USD', language: 'zh' });
    await tick();
    expect(select.canContinue(t.snapshot())).toBe(false);
    t.send({ type: 'CONTINUE' });
    expect(select.step(t.snapshot())).toBe('address');
    t.send({ type: 'CHOOSE_ADDRESS', index: 2 });
    expect(select.step(t.snapshot())).toBe('loading');
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getShoppingBag', 'getShoppingBag']);
    expect(select.addressIndex(t.snapshot())).toBe(2);
    expect(select.canContinue(t.snapshot())).toBe(true);
  });

  it('adds a card: tokenised, saved, and selected; a refusal returns to the form with the reason', async () => {
    let tokenizeAnswer: CallResult<AddCreditCardOutput> = { ok: false, code: 'PaymentFail', message: 'Your card number is incorrect.' };
    const newCard = { id: 'pm_new', brand: 'amex', last4: '0005', expMonth: 1, expYear: 2030 };
    const t = startCheckout(hkd, {
      cards: () => ({ ok: true, data: { PaymentMethodList: [] } }),
      tokenize: () => tokenizeAnswer,
      attach: () => ({ ok: true, data: { PaymentMethod: newCard } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    expect(select.canAddCard(t.snapshot())).toBe(false);
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    expect(select.cards(t.snapshot())).toEqual([]);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    t.send({ type: 'ADD_CARD' });
    expect(select.step(t.snapshot())).toBe('addCard');
    const card = { type: 'SUBMIT_CARD', number: '3782 822463 10005', expMonth: 1, expYear: 2030, cvc: '1234' } as const;
    t.send(card);
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'addCreditCard', input: { number: '3782 822463 10005', exp_month: 1, exp_year: 2030, cvc: '1234' } });
    expect(select.step(t.snapshot())).toBe('addCard');
    expect(select.error(t.snapshot())).toEqual({ code: 'PaymentFail', message: 'Your card number is incorrect.' });

    tokenizeAnswer = { ok: true, data: { PaymentMethodID: 'pm_new' } };
    t.send(card);
    await tick();
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'addPaymentMehtod', input: { PaymentMethodID: 'pm_new' } });
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.selectedCard(t.snapshot())).toEqual(newCard);
    expect(select.error(t.snapshot())).toBeUndefined();
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
  });

  it('an extra confirmation step sends the browser away; coming back reads the card payment’s outcome', async () => {
    const t = startCheckout(hkd, { place: () => ({ ok: true, data: needsStep }) });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'redirect', OrderID: 'order-1', RedirectURL: needsStep.RedirectURL });

    const back = startCheckout(
      { ...hkd, resume: { OrderID: 'order-1', PaymentMethod: 'CreditCard', PaymentID: 'pi_1' } },
      { confirmCard: () => ({ ok: true, data: paid }) },
    );
    expect(select.step(back.snapshot())).toBe('paying');
    await tick();
    expect(back.calls).toEqual([{ src: 'productCreditcardPayment', input: { OrderID: 'order-1', Payload: 'pi_1', OrderType: 'product' } }]);
    expect(select.result(back.snapshot())?.outcome).toBe('confirmed');
  });

  it('placed while the provider decides: reads the order every 2 s until it is paid', async () => {
    const answers: Array<CallResult<GetProductOrderOutput>> = [
      { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } },
      { ok: false, code: 'InternalError' },
      { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } } },
    ];
    const t = startCheckout(hkd, { place: () => ({ ok: true, data: processing }), order: () => answers.shift()! });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    const reads = () => t.calls.filter((c) => c.src === 'getProductOrder');
    expect(reads()).toEqual([{ src: 'getProductOrder', input: { orderID: 'order-1' } }]);
    t.clock.increment(POLL_INTERVAL - 1);
    await tick();
    expect(reads()).toHaveLength(1);
    t.clock.increment(1);
    await tick();
    expect(reads()).toHaveLength(2);
    t.clock.increment(POLL_INTERVAL);
    await tick();
    expect(reads()).toHaveLength(3);
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-1', RedirectURL: undefined });
  });

  it('gives up reading after the deadline and leaves the result to the order page', async () => {
    const t = startCheckout(hkd, {
      place: () => ({ ok: true, data: processing }),
      order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    for (let elapsed = 0; elapsed < POLL_DEADLINE - POLL_INTERVAL; elapsed += POLL_INTERVAL) {
      t.clock.increment(POLL_INTERVAL);
      await tick();
    }
    expect(select.step(t.snapshot())).toBe('paying');
    const reads = t.calls.filter((c) => c.src === 'getProductOrder').length;
    expect(reads).toBe(POLL_DEADLINE / POLL_INTERVAL);
    t.clock.increment(POLL_INTERVAL);
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'processing', OrderID: 'order-1', RedirectURL: undefined });
  });

  it('a declined payment ends the checkout with its code and the placed order (for payment_fail)', async () => {
    const t = startCheckout(hkd, {
      place: () => ({ ok: false, code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later', data: { OrderID: 'order-1' } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'failed', OrderID: 'order-1', ErrorCode: 'PaymentFail' });
  });

  it('paying a failed order again starts at the payment step with its method, and pays that order', async () => {
    const t = startCheckout(
      { ...hkd, couponID: undefined, addressIndex: undefined, resume: { OrderID: 'order-1', PaymentMethod: 'CreditCard' } },
      {
        order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'PaymentFailed' } } }),
        pay: () => ({ ok: false, code: 'AlipayError', message: 'Alipay is unavailable' }),
      },
    );
    expect(select.step(t.snapshot())).toBe('loading');
    await tick();
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getProductOrder', 'getPaymentMehtod']);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.paymentMethod(t.snapshot())).toBe('CreditCard');
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    expect(select.hasOrder(t.snapshot())).toBe(true);
    // The address was chosen with the order: there is no going back to it.
    expect(select.canGoBack(t.snapshot())).toBe(false);

    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'createProductPayment', input: { OrderID: 'order-1', PaymentMethod: 'Alipay', CardID: undefined, CouponID: undefined } });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'failed', OrderID: 'order-1', ErrorCode: 'AlipayError' });
  });

  it('paying again an order that is paid, cancelled or unreadable', async () => {
    const resume = { ...hkd, resume: { OrderID: 'order-1', PaymentMethod: 'FPS' as const } };
    const paidOrder = startCheckout(resume, { order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } } }) });
    const expired = startCheckout(resume, { order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Expired' } } }) });
    const answers: Array<CallResult<GetProductOrderOutput>> = [
      { ok: false, code: 'InternalError' },
      { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } },
    ];
    const unreadable = startCheckout(resume, { order: () => answers.shift()! });
    await tick();
    expect(select.result(paidOrder.snapshot())?.outcome).toBe('confirmed');
    expect(select.result(expired.snapshot())?.outcome).toBe('cancelled');
    expect(select.step(unreadable.snapshot())).toBe('loadFailed');
    unreadable.send({ type: 'RETRY' });
    await tick();
    expect(unreadable.calls.map((c) => c.src)).toEqual(['getProductOrder', 'getProductOrder']);
    expect(select.step(unreadable.snapshot())).toBe('payment');
    expect(select.paymentMethod(unreadable.snapshot())).toBe('FPS');
    expect(select.canPlaceOrder(unreadable.snapshot())).toBe(true);
  });

  it('a coupon refused when placing (70600) is dropped with its message, and the totals read again without it', async () => {
    let coupons: Array<string | undefined> = [];
    const t = startCheckout(hkd, {
      bag: (i) => {
        coupons.push(i.couponID);
        return { ok: true, data: { totals: teaBag, couponID: i.couponID } };
      },
      place: () => ({ ok: false, code: '70600', message: expiredCoupon.message }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'FPS' });
    coupons = [];
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(coupons).toEqual([undefined]);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.couponID(t.snapshot())).toBeUndefined();
    expect(select.couponError(t.snapshot())).toEqual({ couponID: 'TEA10', code: '70600', message: expiredCoupon.message });
    expect(select.paymentMethod(t.snapshot())).toBe('FPS');
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
  });

  it('a refused coupon on the first read is shown and not sent with the order', async () => {
    const t = startCheckout(hkd, {
      bag: () => ({ ok: true, data: { totals: teaBag, couponError: expiredCoupon } }),
      place: () => ({ ok: true, data: { OrderID: 'order-9', PaymentStatus: 'pending' } }),
    });
    await tick();
    expect(select.couponError(t.snapshot())).toEqual(expiredCoupon);
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'FPS' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect((t.calls.at(-1)!.input as { CouponID?: string }).CouponID).toBeUndefined();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'fps', OrderID: 'order-9', RedirectURL: undefined });
  });

  it('OutOfStock sends the member back to the bag with the server’s message', async () => {
    const t = startCheckout(hkd, { place: () => ({ ok: false, code: 'OutOfStock', message: 'Island Single Malt is out of stock' }) });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(select.step(t.snapshot())).toBe('bagProblem');
    expect(select.error(t.snapshot())).toEqual({ code: 'OutOfStock', message: 'Island Single Malt is out of stock' });
    t.send({ type: 'BACK_TO_BAG' });
    expect(select.result(t.snapshot())?.outcome).toBe('backToBag');
  });

  it('when the member’s orders cannot be noted before placing, nothing is placed and placing again is offered', async () => {
    const t = startCheckout(hkd, {
      orders: () => {
        throw new TypeError('Failed to fetch');
      },
      place: () => ({ ok: true, data: paid }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getShoppingBag', 'listUserProductOrder']);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.error(t.snapshot())).toEqual({ code: 'NetworkError' });
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    expect(t.errors).toEqual([]);
  });
  it('reads the bag through the shared coupon recovery: a refused coupon is dropped and the bag read without it', async () => {
    const asked: Array<string | undefined> = [];
    const getShoppingBag = withCouponRecovery(async ({ couponID }: { couponID?: string | undefined; request: { Currency: 'HKD' | 'USD' } }) => {
      asked.push(couponID);
      return couponID
        ? { ok: false as const, code: '70600', message: expiredCoupon.message, data: { reason: 'Expired' as const } }
        : { ok: true as const, data: teaBag };
    });
    const actor = createActor(checkoutMachine.provide({ actors: { getShoppingBag } }), { input: hkd }).start();
    await tick();
    await tick();
    expect(asked).toEqual(['TEA10', undefined]);
    expect(select.step(actor.getSnapshot())).toBe('address');
    expect(select.couponID(actor.getSnapshot())).toBeUndefined();
    expect(select.couponError(actor.getSnapshot())).toEqual({ couponID: 'TEA10', code: '70600', reason: 'Expired', message: expiredCoupon.message });
  });
});

describe('checkout: an answer that never came is looked up, not called a failure', () => {
  const SETTLE = orderPaymentMachine.implementations.delays.answerLostSettle as number;
  const dropped = () => {
    throw new TypeError('Failed to fetch');
  };
  const listed = (...orders: Array<[string, OrderPaymentStatus]>): CallResult<ListUserProductOrderOutput> => ({
    ok: true,
    data: { OrderList: orders.map(([OrderID, PaymentStatus]) => ({ OrderID, PaymentStatus })) },
  });
  const order = (PaymentStatus: OrderPaymentStatus): CallResult<GetProductOrderOutput> => ({ ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus } } });
  const srcs = (t: ReturnType<typeof startCheckout>) => t.calls.map((c) => c.src);
  const count = (t: ReturnType<typeof startCheckout>, src: string) => t.calls.filter((c) => c.src === src).length;

  /** To the payment step with the method chosen, then PLACE_ORDER; the checkout call has been made. */
  async function placeBy(t: ReturnType<typeof startCheckout>, method: 'CreditCard' | 'Alipay' | 'FPS') {
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method });
    await tick();
    t.send({ type: 'PLACE_ORDER' });
    await tick();
  }

  it('placing’s answer lost, the order found paid: the order confirmation, after a pause for the server to finish', async () => {
    // An earlier paid order (order-0) is listed before and after: only order-7 is this attempt's.
    const lists = [listed(['order-0', 'Paid']), listed(['order-7', 'Paid'], ['order-0', 'Paid'])];
    const t = startCheckout(hkd, { orders: () => lists.shift()!, place: dropped });
    await placeBy(t, 'CreditCard');
    expect(srcs(t)).toEqual(['getShoppingBag', 'getPaymentMehtod', 'listUserProductOrder', 'checkout']);
    expect(t.calls[2]!.input).toEqual({ Size: 5 });
    expect(select.step(t.snapshot())).toBe('checking');
    expect(select.isBusy(t.snapshot())).toBe(true);
    expect(select.result(t.snapshot())).toBeUndefined();
    t.clock.increment(SETTLE - 1);
    await tick();
    expect(count(t, 'listUserProductOrder')).toBe(1);
    t.clock.increment(1);
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'listUserProductOrder', input: { Size: 5 } });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
    expect(count(t, 'checkout')).toBe(1);
    expect(t.errors).toEqual([]);
  });

  it('placing’s answer lost, the order found waiting for its card payment: its payment is asked for again (same card), and its answer leads on', async () => {
    // Undecided: the same payment, still processing, then the order is read until it is paid.
    const lists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const reads = [order('WaitForPayment'), order('Paid')];
    const t = startCheckout(hkd, {
      orders: () => lists.shift()!,
      place: dropped,
      pay: () => ({ ok: true, data: { ...processing, OrderID: 'order-7' } }),
      order: () => reads.shift()!,
    });
    await placeBy(t, 'CreditCard');
    t.clock.increment(SETTLE);
    await tick();
    const asked = t.calls.filter((c) => c.src === 'createProductPayment');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.input).toMatchObject({ OrderID: 'order-7', PaymentMethod: 'CreditCard', CardID: visa.id });
    expect(select.step(t.snapshot())).toBe('paying');
    t.clock.increment(POLL_INTERVAL);
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
    expect(count(t, 'checkout')).toBe(1);

    // Waiting for the card's extra step, whose page was in the lost answer: the same payment's page again.
    const stepLists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const step = startCheckout(hkd, { orders: () => stepLists.shift()!, place: dropped, pay: () => ({ ok: true, data: { ...needsStep, OrderID: 'order-7' } }) });
    await placeBy(step, 'CreditCard');
    step.clock.increment(SETTLE);
    await tick();
    expect(select.result(step.snapshot())).toEqual({ outcome: 'redirect', OrderID: 'order-7', RedirectURL: needsStep.RedirectURL });
    expect(count(step, 'checkout')).toBe(1);
  });

  it('placing’s answer lost, the order found waiting: FPS shows its QR; Alipay (its page never reached) is paid again, not placed again', async () => {
    const fpsLists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const fps = startCheckout(hkd, { orders: () => fpsLists.shift()!, place: dropped });
    await placeBy(fps, 'FPS');
    fps.clock.increment(SETTLE);
    await tick();
    expect(select.result(fps.snapshot())).toEqual({ outcome: 'fps', OrderID: 'order-7', RedirectURL: undefined });

    const lists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const alipay = startCheckout(hkd, { orders: () => lists.shift()!, place: dropped, pay: () => ({ ok: true, data: { ...needsStep, OrderID: 'order-7' } }) });
    await placeBy(alipay, 'Alipay');
    alipay.clock.increment(SETTLE);
    await tick();
    expect(select.step(alipay.snapshot())).toBe('payment');
    expect(select.lostAnswerFinding(alipay.snapshot())).toBe('notPaid');
    expect(select.hasOrder(alipay.snapshot())).toBe(true);
    alipay.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(alipay.calls.at(-1)).toEqual({ src: 'createProductPayment', input: { OrderID: 'order-7', PaymentMethod: 'Alipay', CardID: undefined, CouponID: 'TEA10' } });
    expect(count(alipay, 'checkout')).toBe(1);
    expect(select.result(alipay.snapshot())?.outcome).toBe('redirect');
  });

  it('placing’s answer lost and no new order: "not placed", the bag as it was, and placing again is offered', async () => {
    // The first attempt's actor reports the dropped connection as a value; an earlier order is no new one.
    const places: Array<() => CallResult<PaymentStart, PlaceOrderFailData>> = [() => ({ ok: false, code: 'NetworkError' }), () => ({ ok: true, data: paid })];
    const t = startCheckout(hkd, { orders: () => listed(['order-0', 'Paid']), place: () => places.shift()!() });
    await placeBy(t, 'Alipay');
    expect(select.step(t.snapshot())).toBe('checking');
    t.clock.increment(SETTLE);
    await tick();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.lostAnswerFinding(t.snapshot())).toBe('notPlaced');
    expect(select.error(t.snapshot())).toEqual({ code: ORDER_NOT_PLACED });
    expect(select.hasOrder(t.snapshot())).toBe(false);
    expect(select.totals(t.snapshot())).toEqual(teaBag.orderDetail);
    expect(select.couponID(t.snapshot())).toBe('TEA10');
    expect(select.paymentMethod(t.snapshot())).toBe('Alipay');
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    expect(count(t, 'checkout')).toBe(1);

    t.send({ type: 'PLACE_ORDER' });
    expect(select.lostAnswerFinding(t.snapshot())).toBeUndefined();
    await tick();
    expect(count(t, 'checkout')).toBe(2);
    expect(select.result(t.snapshot())?.outcome).toBe('confirmed');
  });

  it('the look-up fails too: "could not confirm", and checking again looks again, never places again', async () => {
    const lists: Array<() => CallResult<ListUserProductOrderOutput>> = [
      () => listed(),
      dropped,
      () => ({ ok: false, code: 'InternalError' }),
      () => listed(['order-7', 'PaymentFailed']),
    ];
    const t = startCheckout(hkd, { orders: () => lists.shift()!(), place: dropped });
    await placeBy(t, 'CreditCard');
    t.clock.increment(SETTLE);
    await tick();
    expect(select.step(t.snapshot())).toBe('unconfirmed');
    expect(select.isBusy(t.snapshot())).toBe(false);
    expect(select.canCheckAgain(t.snapshot())).toBe(true);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    expect(select.canGoBack(t.snapshot())).toBe(false);
    expect(t.snapshot().can({ type: 'BACK_TO_BAG' })).toBe(false);

    t.send({ type: 'RETRY' });
    expect(select.step(t.snapshot())).toBe('checking');
    await tick();
    expect(select.step(t.snapshot())).toBe('unconfirmed');
    t.send({ type: 'RETRY' });
    await tick();
    expect(srcs(t).filter((s) => s === 'listUserProductOrder' || s === 'checkout')).toEqual([
      'listUserProductOrder',
      'checkout',
      'listUserProductOrder',
      'listUserProductOrder',
      'listUserProductOrder',
    ]);
    // The order is there, its payment refused: back to choosing how to pay that order.
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.lostAnswerFinding(t.snapshot())).toBe('notPaid');
    expect(select.hasOrder(t.snapshot())).toBe(true);
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    expect(t.errors).toEqual([]);
  });

  it('paying a placed order (create-product-payment), its answer lost: the order is read and its status decides', async () => {
    const resume = { ...hkd, resume: { OrderID: 'order-7', PaymentMethod: 'Alipay' as const } };
    const outcomes = async (after: CallResult<GetProductOrderOutput>) => {
      const reads = [order('PaymentFailed'), after];
      const t = startCheckout(resume, { order: () => reads.shift()!, pay: dropped });
      await tick();
      t.send({ type: 'PLACE_ORDER' });
      await tick();
      expect(select.step(t.snapshot())).toBe('checking');
      t.clock.increment(SETTLE);
      await tick();
      expect(srcs(t)).toEqual(['getProductOrder', 'createProductPayment', 'getProductOrder']);
      expect(t.calls.at(-1)!.input).toEqual({ orderID: 'order-7' });
      return t.snapshot();
    };
    expect(select.result(await outcomes(order('Paid')))).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
    expect(select.result(await outcomes(order('Expired')))).toEqual({ outcome: 'failed', OrderID: 'order-7', ErrorCode: 'PaymentFail' });
    expect(select.result(await outcomes(order('Cancelled')))?.outcome).toBe('failed');
    const refused = await outcomes(order('PaymentFailed'));
    expect(select.step(refused)).toBe('payment');
    expect(select.lostAnswerFinding(refused)).toBe('notPaid');
    const unreadable = await outcomes({ ok: false, code: 'InternalError' });
    expect(select.step(unreadable)).toBe('unconfirmed');
  });

  it('back from the card’s extra step, the outcome’s answer lost: the order is read', async () => {
    const t = startCheckout(
      { ...hkd, resume: { OrderID: 'order-7', PaymentMethod: 'CreditCard', PaymentID: 'pi_1' } },
      { confirmCard: dropped, order: () => order('Paid') },
    );
    await tick();
    expect(select.step(t.snapshot())).toBe('checking');
    t.clock.increment(SETTLE);
    await tick();
    expect(srcs(t)).toEqual(['productCreditcardPayment', 'getProductOrder']);
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
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

describe('checkout: picking a delivery address', () => {
  it('saves it as the main address, then reads the totals for it; a refusal or no answer leaves it as it was, and says so', async () => {
    let answer: CallResult<UserUpdateInfoOutput> | Error = { ok: false, code: 'InvalidParameter' };
    const t = startCheckout(hkd, {
      saveAddress: (input) => {
        if (answer instanceof Error) throw answer;
        return answer.ok ? { ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: input.mainDeliveryAddressIndex } } } : answer;
      },
    });
    await tick();
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    expect(select.isSavingAddress(t.snapshot())).toBe(true);
    expect(select.step(t.snapshot())).toBe('address');
    expect(select.canContinue(t.snapshot())).toBe(false);
    await tick();
    expect(select.addressNotSaved(t.snapshot())).toBe(true);
    expect(select.addressIndex(t.snapshot())).toBe(0);
    answer = new Error('network down');
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    expect(select.addressNotSaved(t.snapshot())).toBe(false);
    await tick();
    expect(select.addressNotSaved(t.snapshot())).toBe(true);
    answer = { ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: 1 } } };
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    await tick();
    expect(select.addressIndex(t.snapshot())).toBe(1);
    expect(select.addressNotSaved(t.snapshot())).toBe(false);
    expect(t.calls.map((c) => c.src)).toEqual(['getShoppingBag', 'userUpdateInfo', 'userUpdateInfo', 'userUpdateInfo', 'getShoppingBag']);
    expect(t.calls[1]!.input).toEqual({ mainDeliveryAddressIndex: 1 });
  });
});
