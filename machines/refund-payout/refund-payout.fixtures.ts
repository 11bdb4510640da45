import type { refundPayoutMachine } from './refund-payout.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the refundPayoutMachine with. */
export const fixtures: FlowFixtures<typeof refundPayoutMachine> = {
  inputs: [
    { RefundID: '41', PaymentMethod: 'CreditCard' },
    { RefundID: '42', PaymentMethod: 'FPS' },
    // Recorded before the method was kept: the server may answer that a bank reference is needed.
    { RefundID: '43', PaymentMethod: null },
  ],
  describeInput: (input) => `${input.PaymentMethod ?? 'unknown method'} refund`,
  events: {
    CONFIRM: [
      { type: 'CONFIRM', bankReference: 'HSBC-FPS-20261130-001' },
      { type: 'CONFIRM', bankReference: '' },
    ],
    RETRY: [{ type: 'RETRY' }],
    CANCEL: [{ type: 'CANCEL' }],
  },
  actors: {
    payRefund: {
      done: [
        { ok: true, data: { Refund: { RefundID: '41', Status: 'paid', ProviderRefundID: 're_sbx_1' } } },
        { ok: false, code: 'RefundFailed' },
        { ok: false, code: 'RefundInProgress' },
        { ok: false, code: 'MissingParameter' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ byTransfer: context.byTransfer, reference: context.bankReference !== undefined, error: context.error }),
};
