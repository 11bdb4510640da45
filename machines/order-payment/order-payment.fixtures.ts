import type { orderPaymentMachine } from './order-payment.machine.ts';
import type {
  CallResult,
  OrderPaymentContext,
  OrderPaymentError,
  OrderPaymentOutput,
  OrderPaymentStatus,
  PaymentStart,
  ReadOrderOutput,
} from './order-payment.types.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './order-payment.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** Reading an order of any kind (its id): each payment status, and a read that failed. */
export const orderReads = (OrderID: string): [CallResult<ReadOrderOutput>, ...CallResult<ReadOrderOutput>[]] => {
  const read = (PaymentStatus: OrderPaymentStatus): CallResult<ReadOrderOutput> => ({ ok: true, data: { Order: { OrderID, PaymentStatus } } });
  return [read('Paid'), read('PaymentFailed'), read('Cancelled'), read('Expired'), read('WaitForPayment'), { ok: false, code: 'InternalError' }];
};

/** How a payment starts, for an order of any kind (its id). */
export const paymentStarts = (OrderID: string) => ({
  paid: { OrderID, PaymentStatus: 'succeeded', PaymentID: 'pi_1' } satisfies PaymentStart as PaymentStart,
  needsStep: { OrderID, PaymentStatus: 'requires_action', PaymentID: 'pi_1', RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' } satisfies PaymentStart as PaymentStart,
  processing: { OrderID, PaymentStatus: 'processing', PaymentID: 'pi_1' } satisfies PaymentStart as PaymentStart,
});
export const { paid, needsStep, processing } = paymentStarts('order-1');

/**
 * Where paying ends, for a kind's model (this flow's own model says how it gets there): every outcome,
 * the refusals of placing that the kind routes (`refusals`, in its order), paying again refused, and
 * what looking up a lost answer finds.
 */
export function paymentEnds(OrderID: string, refusals: readonly OrderPaymentError[]): [OrderPaymentOutput, ...OrderPaymentOutput[]] {
  const start = paymentStarts(OrderID);
  return [
    { outcome: 'confirmed', OrderID, payment: start.paid },
    { outcome: 'redirect', OrderID, payment: start.needsStep },
    { outcome: 'fps', OrderID, payment: { ...start.processing, PaymentStatus: 'pending' } },
    { outcome: 'processing', OrderID, payment: start.processing },
    { outcome: 'failed', OrderID, error: { code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later' } },
    { outcome: 'cancelled', OrderID, payment: start.processing },
    ...refusals.map((error): OrderPaymentOutput => ({ outcome: 'unpaid', error, refusedBy: 'placeOrder' })),
    { outcome: 'unpaid', OrderID, error: { code: 'ObjectNotFound' }, refusedBy: 'payOrder' },
    { outcome: 'unpaid', error: { code: ORDER_NOT_PLACED } },
    { outcome: 'unpaid', OrderID, error: { code: PAYMENT_NOT_TAKEN } },
  ];
}

const place = { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID: 'pm_visa', AgeConfirmed: false };
const listOrders = { Size: 5 };

/** What `npm run paths`, the tests and the flow atlas drive the orderPaymentMachine with. */
export const fixtures: FlowFixtures<typeof orderPaymentMachine> = {
  inputs: [
    { kind: 'product', payWith: { PaymentMethod: 'CreditCard', CardID: 'pm_visa' }, listOrders, place },
    { kind: 'product', payWith: { PaymentMethod: 'FPS' }, listOrders, place: { ...place, PaymentMethod: 'FPS', CardID: undefined } },
    { kind: 'product', payWith: { PaymentMethod: 'Alipay' }, listOrders, place: { ...place, PaymentMethod: 'Alipay', CardID: undefined } },
    { kind: 'event', payWith: { PaymentMethod: 'Alipay' }, listOrders: { VarianceID: 'v-1' }, orderID: 'order-1' },
    { kind: 'product', payWith: { PaymentMethod: 'CreditCard', CardID: 'pm_visa' }, listOrders, orderID: 'order-1', paymentID: 'pi_1' },
  ],
  describeInput: (input) =>
    input.paymentID
      ? `back from the ${input.payWith.PaymentMethod} step`
      : input.orderID
        ? `paying a ${input.kind} order again by ${input.payWith.PaymentMethod}`
        : `placing a ${input.kind} order by ${input.payWith.PaymentMethod}`,
  events: {
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    placeOrder: {
      done: [
        { ok: true, data: paid },
        { ok: true, data: needsStep },
        { ok: true, data: processing },
        { ok: false, code: '70600', message: 'This coupon has expired' },
        { ok: false, code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later', data: { OrderID: 'order-1' } },
        // The actor reports that no answer came (rather than rejecting): the order is looked up.
        { ok: false, code: 'NetworkError' },
      ],
      error: new Error('network down'),
    },
    payOrder: {
      done: [
        { ok: true, data: paid },
        { ok: true, data: needsStep },
        { ok: true, data: processing },
        { ok: false, code: 'AlipayError', message: 'Alipay is unavailable' },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    confirmCardPayment: {
      done: [
        { ok: true, data: paid },
        { ok: true, data: processing },
        { ok: false, code: 'PaymentFail', data: { OrderID: 'order-1' } },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    readOrder: {
      done: orderReads('order-1'),
      error: new Error('network down'),
    },
    // Noted before placing, and read again when placing's answer is lost: order-1 is new unless it was listed before.
    listOrders: {
      done: [
        { ok: true, data: { OrderList: [] } },
        { ok: true, data: { OrderList: [{ OrderID: 'order-1', PaymentStatus: 'Paid' }, { OrderID: 'order-0', PaymentStatus: 'Paid' }] } },
        { ok: true, data: { OrderList: [{ OrderID: 'order-1', PaymentStatus: 'WaitForPayment' }] } },
        { ok: true, data: { OrderList: [{ OrderID: 'order-1', PaymentStatus: 'PaymentFailed' }] } },
        { ok: true, data: { OrderList: [{ OrderID: 'order-1', PaymentStatus: 'Expired' }] } },
        { ok: false, code: 'InternalError' },
      ],
      error: new Error('network down'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as OrderPaymentContext;
    return { method: c.payWith.PaymentMethod, order: c.orderID !== undefined, noted: c.ordersBefore?.length, found: c.foundOrder?.PaymentStatus };
  },
};
