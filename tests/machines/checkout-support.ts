/**
 * What the checkout machine's behaviour tests share (checkout-behaviour.test.ts, checkout-lost-answers.test.ts):
 * startCheckout runs the machine with its payment step, choosing how to pay and paying provided by calls that
 * answer as told and are recorded, on a simulated clock, and sends events as the page does.
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import type { PaymentStepEvent, PaymentStepExtraEvent } from '../../machines/payment-step/payment-step.types.ts';
import { paymentStepActor, type KindCheckoutSnapshot } from '../../machines/payment-step/payment-step.selectors.ts';
import { mastercard, teaBag, visa } from '../../machines/checkout/checkout.fixtures.ts';
import type { AddCreditCardOutput, AddPaymentMethodOutput, GetPaymentMethodOutput } from '../../machines/payment-choice/payment-choice.types.ts';
import type {
  CallResult,
  CheckoutEvent,
  CheckoutInput,
  GetProductOrderOutput,
  GetShoppingBagInput,
  GetShoppingBagOutput,
  ListUserProductOrderOutput,
  PaymentStart,
  PlaceOrderFailData,
  UserUpdateInfoInput,
  UserUpdateInfoOutput,
} from '../../machines/checkout/checkout.types.ts';

type PaymentEvent = PaymentStepEvent | PaymentStepExtraEvent;

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

export const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
export const POLL_INTERVAL = orderPaymentMachine.implementations.delays.pollInterval as number;
export const POLL_DEADLINE = orderPaymentMachine.implementations.delays.pollDeadline as number;

export type Answers = {
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
export function startCheckout(input: CheckoutInput, answers: Answers = {}) {
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

export const hkd: CheckoutInput = { currency: 'HKD', language: 'en', couponID: 'TEA10', addressIndex: 0 };
