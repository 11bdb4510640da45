import type { fpsPaymentMachine } from './fps-payment.machine.ts';
import type { FpsPaymentStart } from './fps-payment.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const liveQr: FpsPaymentStart = {
  OrderID: 'order-7',
  PaymentStatus: 'pending',
  PaymentID: 'pi_sbx_7',
  Fps: {
    QRCode: '00020101021226330012hk.com.hkicl0207123456752045499530334454067800.005802HK5914Sip and Gather6009Hong Kong62200516SG-20261101-00076304ABCD',
    QRImage: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"></svg>',
    AmountHKD: 780_000,
    Reference: 'SG-20261101-0007',
    ExpiresAt: '2026-11-01T04:10:00.000Z',
  },
};

/** What `npm run paths`, the tests and the flow atlas drive the fpsPaymentMachine with. */
export const fixtures: FlowFixtures<typeof fpsPaymentMachine> = {
  inputs: [{ OrderID: 'order-7' }],
  events: {
    CANCEL: [{ type: 'CANCEL' }],
    ORDER_PAID: [{ type: 'ORDER_PAID' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    createProductPayment: {
      done: [{ ok: true, data: liveQr }, { ok: true, data: { ...liveQr, PaymentStatus: 'succeeded' } }, { ok: false, code: 'ObjectNotFound' }],
      error: new Error('network down'),
    },
    getProductOrder: {
      done: [
        { ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus: 'Paid' } } },
        { ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus: 'Expired' } } },
        { ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus: 'Cancelled' } } },
        { ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus: 'WaitForPayment' } } },
        { ok: false, code: 'InternalError' },
      ],
      error: new Error('network down'),
    },
    cancelOrder: {
      done: [{ ok: true, data: {} }, { ok: false, code: 'InvalidParameter', message: 'The order is paid' }],
      error: new Error('network down'),
    },
  },
};
