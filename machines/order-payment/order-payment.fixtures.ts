import type { orderPaymentMachine } from './order-payment.machine.ts';
import type { OrderPaymentContext, PaymentStart } from './order-payment.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const paid: PaymentStart = { OrderID: 'order-1', PaymentStatus: 'succeeded', PaymentID: 'pi_1' };
export const needsStep: PaymentStart = { OrderID: 'order-1', PaymentStatus: 'requires_action', PaymentID: 'pi_1', RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' };
export const processing: PaymentStart = { OrderID: 'order-1', PaymentStatus: 'processing', PaymentID: 'pi_1' };

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
      done: [
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'PaymentFailed' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Cancelled' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Expired' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } },
        { ok: false, code: 'InternalError' },
      ],
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
