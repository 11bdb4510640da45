import { assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  CancelOrderInput,
  CreateProductPaymentInput,
  Empty,
  FpsPaymentContext,
  FpsPaymentEvent,
  FpsPaymentInput,
  FpsPaymentOutcome,
  FpsPaymentOutput,
  FpsPaymentStart,
  FpsPaymentTag,
  GetProductOrderInput,
  GetProductOrderOutput,
  OrderPaymentStatus,
} from './fps-payment.types.ts';
import { NETWORK_ERROR } from './fps-payment.types.ts';

export const fpsPaymentMachine = setup({
  types: {
    context: {} as FpsPaymentContext,
    events: {} as FpsPaymentEvent,
    input: {} as FpsPaymentInput,
    output: {} as FpsPaymentOutput,
    tags: {} as FpsPaymentTag,
  },
  actors: {
    createProductPayment: fromPromise<CallResult<FpsPaymentStart>, CreateProductPaymentInput>(async () => {
      throw new Error('createProductPayment not provided');
    }),
    getProductOrder: fromPromise<CallResult<GetProductOrderOutput>, GetProductOrderInput>(async () => {
      throw new Error('getProductOrder not provided');
    }),
    cancelOrder: fromPromise<CallResult<Empty>, CancelOrderInput>(async () => {
      throw new Error('cancelOrder not provided');
    }),
  },
  delays: {
    /** Spec §4, §9: an FPS QR payment must be completed within 10 minutes. */
    paymentWindow: 10 * 60_000,
    /** Between two reads of the order while the QR is shown. */
    pollInterval: 3_000,
  },
  actions: {
    storeQr: assign((_, params: { result: CallResult<FpsPaymentStart> }) =>
      params.result.ok ? { qr: params.result.data.Fps, paymentID: params.result.data.PaymentID, error: undefined } : {},
    ),
    storeError: assign((_, params: { result: CallResult<unknown> }) =>
      params.result.ok ? {} : { error: { code: params.result.code, message: params.result.message } },
    ),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
    finish: assign((_, params: { outcome: FpsPaymentOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    alreadyPaid: (_, params: { result: CallResult<FpsPaymentStart> }) => params.result.ok && params.result.data.PaymentStatus === 'succeeded',
    orderIs: (_, params: { result: CallResult<GetProductOrderOutput>; status: OrderPaymentStatus }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
  },
}).createMachine({
  id: 'fpsPayment',
  description:
    'The FPS QR popup: the order’s QR with a 10-minute countdown; paid (by polling or server push) shows the order confirmation, the window can run out, or the member can cancel.',
  context: ({ input }) => ({ orderID: input.OrderID }),
  initial: 'creating',
  output: ({ context }) => ({ outcome: context.outcome ?? 'expired', OrderID: context.orderID }),
  states: {
    creating: {
      description: 'Getting the order’s QR (create-product-payment with FPS): a new one, or the one still live.',
      tags: ['busy'],
      invoke: {
        id: 'createProductPayment',
        src: 'createProductPayment',
        input: ({ context }) => ({ OrderID: context.orderID, PaymentMethod: 'FPS' as const }),
        onDone: [
          {
            guard: { type: 'alreadyPaid', params: ({ event }) => ({ result: event.output }) },
            target: 'paid',
            actions: { type: 'storeQr', params: ({ event }) => ({ result: event.output }) },
            description: 'The order was paid already.',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'active',
            actions: { type: 'storeQr', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: 'storeNetworkError' },
      },
    },
    failed: {
      description: 'No QR could be had; the member can try again.',
      on: { RETRY: { target: 'creating', actions: 'clearError' } },
    },
    active: {
      description: 'The QR is shown with its countdown; the order is read every few seconds to see whether the transfer arrived.',
      tags: ['qr'],
      initial: 'waiting',
      after: { paymentWindow: { target: 'finalCheck', description: 'The 10 minutes are up.' } },
      on: { ORDER_PAID: { target: 'paid', description: 'The server pushed that the transfer arrived.' } },
      states: {
        waiting: {
          description: 'Showing the QR until the next read.',
          after: { pollInterval: 'checking' },
          on: { CANCEL: 'cancelling' },
        },
        checking: {
          description: 'Reading the order (get-product-order).',
          invoke: {
            id: 'getProductOrder',
            src: 'getProductOrder',
            input: ({ context }) => ({ orderID: context.orderID }),
            onDone: [
              { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) }, target: '#fpsPayment.paid' },
              {
                guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Expired' }) },
                target: '#fpsPayment.expired',
                description: 'The server ended the window first (its clock decides).',
              },
              {
                guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Cancelled' }) },
                target: '#fpsPayment.cancelled',
                description: 'The order was cancelled elsewhere (another tab, the orders list).',
              },
              { target: 'waiting', description: 'Not paid yet, or the read failed: read again shortly.' },
            ],
            onError: { target: 'waiting' },
          },
          on: { CANCEL: 'cancelling' },
        },
        cancelling: {
          description: 'Cancelling the order, which invalidates its QR on the server (cancelOrder).',
          tags: ['busy'],
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => ({ orderID: context.orderID }),
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: '#fpsPayment.cancelled' },
              {
                target: 'waiting',
                actions: { type: 'storeError', params: ({ event }) => ({ result: event.output }) },
                description: 'Refused (e.g. the transfer arrived meanwhile): keep showing the QR; the next read tells.',
              },
            ],
            onError: { target: 'waiting', actions: 'storeNetworkError' },
          },
        },
      },
    },
    finalCheck: {
      description: 'The window is over: one last read, in case the transfer arrived in its last seconds.',
      tags: ['busy'],
      invoke: {
        id: 'getProductOrder',
        src: 'getProductOrder',
        input: ({ context }) => ({ orderID: context.orderID }),
        onDone: [
          { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) }, target: 'paid' },
          { target: 'expired' },
        ],
        onError: { target: 'expired' },
      },
    },
    paid: {
      type: 'final',
      description: 'Paid: the order confirmation is shown automatically.',
      entry: { type: 'finish', params: { outcome: 'paid' } },
    },
    expired: {
      type: 'final',
      description: 'The 10 minutes ran out unpaid: the QR is void and the order’s stock released by the server.',
      entry: { type: 'finish', params: { outcome: 'expired' } },
    },
    cancelled: {
      type: 'final',
      description: 'Cancelled: the QR is void on the server and the order’s stock released.',
      entry: { type: 'finish', params: { outcome: 'cancelled' } },
    },
  },
});
