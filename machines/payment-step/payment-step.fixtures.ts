import type { paymentStepMachine } from './payment-step.machine.ts';
import type { FlowCode, PaymentStepContext, PaymentStepEvent, PaymentStepExtraEvent, PaymentStepInput, PaymentStepOutput } from './payment-step.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';
import { choiceEnds, mastercard, visa } from '../payment-choice/payment-choice.fixtures.ts';
import { paymentEnds, paymentStarts } from '../order-payment/order-payment.fixtures.ts';

type EventsOf<E extends { type: string }> = { [K in E['type']]: [Extract<E, { type: K }>, ...Array<Extract<E, { type: K }>>] };

/** The payment step's events, for a kind's model: every method, a saved card and one not saved, the add-card form, placing, looking again, back. */
export const paymentStepEvents: EventsOf<PaymentStepEvent> = {
  SELECT_METHOD: [
    { type: 'SELECT_METHOD', method: 'CreditCard' },
    { type: 'SELECT_METHOD', method: 'Alipay' },
    { type: 'SELECT_METHOD', method: 'FPS' },
  ],
  SELECT_CARD: [
    { type: 'SELECT_CARD', cardID: 'pm_mc' },
    { type: 'SELECT_CARD', cardID: 'pm_unknown' },
  ],
  ADD_CARD: [{ type: 'ADD_CARD' }],
  SUBMIT_CARD: [{ type: 'SUBMIT_CARD', number: '4242 4242 4242 4242', expMonth: 4, expYear: 2031, cvc: '123' }],
  CANCEL: [{ type: 'CANCEL' }],
  PLACE_ORDER: [{ type: 'PLACE_ORDER' }],
  RETRY: [{ type: 'RETRY' }],
  BACK: [{ type: 'BACK' }],
};

/** What the step also takes where the kind offers it there: a coupon (and a blank one), removing it, the over-18 confirmation, leaving. */
export const paymentStepExtraEvents: EventsOf<PaymentStepExtraEvent> = {
  APPLY_COUPON: [
    { type: 'APPLY_COUPON', code: 'TEA10' },
    { type: 'APPLY_COUPON', code: '  ' },
  ],
  REMOVE_COUPON: [{ type: 'REMOVE_COUPON' }],
  CONFIRM_AGE: [{ type: 'CONFIRM_AGE', confirmed: true }],
  LEAVE: [{ type: 'LEAVE' }],
};

/**
 * How the step ends, for a kind's model (the step's own model says how it gets there): every outcome of
 * paying, each refusal the kind handles (`refusals`, in its order), and the member's own ways out the
 * kind offers there (`ways`: back, and for events and subscriptions leaving and the coupon).
 */
export function stepEnds(
  OrderID: string,
  refusals: readonly FlowCode[],
  ways: ReadonlyArray<'back' | 'left' | 'couponChanged'>,
): [PaymentStepOutput, ...PaymentStepOutput[]] {
  const start = paymentStarts(OrderID);
  const byCard = { method: 'CreditCard' as const, cards: [visa, mastercard], cardID: 'pm_visa' };
  const ended = (paying: PaymentStepOutput['paying'], end: PaymentStepOutput['end']): PaymentStepOutput => ({ paying, ageConfirmed: true, end });
  const afterChoice = ways.map((how): PaymentStepOutput =>
    how === 'couponChanged' ? ended(byCard, { how, couponID: 'TEA10' }) : ended({ method: 'Alipay' }, { how }),
  );
  return [
    ended({ ...byCard, orderID: OrderID, payment: start.paid }, { how: 'paymentEnded', outcome: 'confirmed' }),
    ended({ method: 'Alipay', orderID: OrderID, payment: start.needsStep }, { how: 'paymentEnded', outcome: 'redirect' }),
    ended({ method: 'FPS', orderID: OrderID, payment: { ...start.processing, PaymentStatus: 'pending' } }, { how: 'paymentEnded', outcome: 'fps' }),
    ended({ ...byCard, orderID: OrderID, payment: start.processing }, { how: 'paymentEnded', outcome: 'processing' }),
    ended({ ...byCard, orderID: OrderID, error: { code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later' } }, { how: 'paymentEnded', outcome: 'failed' }),
    ended({ method: 'Alipay', orderID: OrderID, payment: start.processing }, { how: 'paymentEnded', outcome: 'cancelled' }),
    ...refusals.map((code) => ended({ ...byCard, error: { code, message: `refused: ${code}` } }, { how: 'refused', code })),
    ...afterChoice,
    ...(ways.includes('couponChanged') ? [ended(byCard, { how: 'couponChanged', couponID: undefined })] : []),
  ];
}

const productOrder = { kind: 'product' as const, place: { Language: 'en', Currency: 'HKD', CouponID: 'TEA10' }, placeCardAs: 'CardID' as const, payCouponID: 'TEA10', listOrders: { Size: 5 } };
const eventOrder = {
  kind: 'event' as const,
  place: { Language: 'en', Currency: 'HKD', VarianceID: 'v-1', NumberOfSeat: 2, GuestInfo: [], CouponID: 'TEA10' },
  placeCardAs: 'CardID' as const,
  listOrders: { VarianceID: 'v-1' },
};
const subscriptionOrder = { kind: 'subscription' as const, place: { Language: 'en', Currency: 'HKD', SubscriptionID: 'plan-1' }, placeCardAs: 'PaymentMethodID' as const, listOrders: {} };
const onPlacing = { codes: ['70600', 'OutOfStock'], calls: ['placeOrder'] } satisfies PaymentStepInput['kindRefusals'];
const onPlacingOrPaying = { codes: ['70600', 'OutOfStock'], calls: ['placeOrder', 'payOrder'] } satisfies PaymentStepInput['kindRefusals'];

/** What `npm run paths`, the tests and the flow atlas drive the paymentStepMachine with. */
export const fixtures: FlowFixtures<typeof paymentStepMachine> = {
  inputs: [
    { paying: {}, order: productOrder, couponID: 'TEA10', askAge: false, ageConfirmed: true, kindRefusals: onPlacing },
    {
      paying: { method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_visa' },
      order: eventOrder,
      couponID: 'TEA10',
      askAge: true,
      ageConfirmed: false,
      kindRefusals: onPlacingOrPaying,
    },
    { paying: { method: 'CreditCard', orderID: 'order-1' }, order: subscriptionOrder, askAge: false, ageConfirmed: true, kindRefusals: onPlacingOrPaying },
    { paying: { method: 'Alipay', orderID: 'order-1' }, order: eventOrder, askAge: false, ageConfirmed: true, kindRefusals: onPlacingOrPaying },
    { paying: { method: 'CreditCard', orderID: 'order-1' }, paymentID: 'pi_1', order: productOrder, askAge: false, ageConfirmed: true, kindRefusals: onPlacing },
  ],
  describeInput: (input) =>
    input.paymentID
      ? `back from the ${input.paying.method} step`
      : input.paying.orderID
        ? `paying a ${input.order.kind} order again by ${input.paying.method}`
        : `a ${input.order.kind} order${input.askAge ? ', asking the age' : ''}`,
  events: { ...paymentStepEvents, ...paymentStepExtraEvents },
  actors: {
    // How choosing ended (machines/payment-choice has its own model for how it gets there).
    paymentChoice: {
      done: choiceEnds({ method: 'Alipay', cards: [visa, mastercard], cardID: 'pm_visa' }),
      error: new Error('choosing failed'),
    },
    // Where paying ended (machines/order-payment has its own model for how it gets there).
    orderPayment: {
      done: paymentEnds('order-1', [
        { code: '70600', message: 'This coupon has expired' },
        { code: 'OutOfStock', message: 'Sold out' },
        { code: 'AlreadySubscribed' },
      ]),
      error: new Error('paying failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as PaymentStepContext;
    return {
      method: c.method,
      cardChosen: c.cardID !== undefined,
      cardsRead: c.cards !== undefined,
      order: c.orderID !== undefined,
      ageConfirmed: c.ageConfirmed,
      end: c.end,
    };
  },
};
