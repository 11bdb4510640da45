import { assign, fromPromise, setup } from 'xstate';
import type { CallResult, PayRefundInput, PayRefundOutput, RefundPayoutContext, RefundPayoutEvent, RefundPayoutInput } from './refund-payout.types.ts';
import { NETWORK_ERROR } from './refund-payout.types.ts';

export const refundPayoutMachine = setup({
  types: {
    context: {} as RefundPayoutContext,
    events: {} as RefundPayoutEvent,
    input: {} as RefundPayoutInput,
  },
  actors: {
    payRefund: fromPromise<CallResult<PayRefundOutput>, PayRefundInput>(async () => {
      throw new Error('payRefund not provided');
    }),
  },
  actions: {
    /** Only a bank transfer carries a reference: a card's or Alipay's refund is the provider's own. */
    rememberReference: assign(({ context }, params: { bankReference: string | undefined }) => ({
      bankReference: context.byTransfer ? params.bankReference : undefined,
      error: undefined,
    })),
    askForReference: assign({ byTransfer: true, error: 'MissingParameter' as const }),
    rememberPaid: assign((_, params: { result: CallResult<PayRefundOutput> }) => ({ paid: params.result.ok ? params.result.data.Refund : undefined, error: undefined })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({ error: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ error: NETWORK_ERROR }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    referenceMissing: ({ context }, params: { bankReference: string | undefined }) => context.byTransfer && !params.bankReference?.trim(),
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    /** The server found the money came by FPS (a request recorded before its method was kept): a reference is needed. */
    needsReference: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === 'MissingParameter',
  },
}).createMachine({
  id: 'refundPayout',
  description:
    'Staff pay one refund request out from the back office (issue 32): confirm (FPS: with the bank transfer’s reference), then pay-refund once; paid, or a failure said in words with a retry. The server pays each request once however often it is asked, so a retry after a lost answer is safe.',
  context: ({ input }) => ({ refundID: input.RefundID, byTransfer: input.PaymentMethod === 'FPS' }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'The amount and how it goes back are shown; staff confirm, or close. FPS asks for the bank transfer’s reference.',
      on: {
        CONFIRM: [
          {
            guard: { type: 'referenceMissing', params: ({ event }) => ({ bankReference: event.bankReference }) },
            actions: 'askForReference',
            description: 'An FPS refund without the bank transfer’s reference: asked for, nothing sent.',
          },
          { target: 'paying', actions: { type: 'rememberReference', params: ({ event }) => ({ bankReference: event.bankReference?.trim() || undefined }) } },
        ],
        CANCEL: { target: 'cancelled' },
      },
    },
    paying: {
      description: 'Paying it out (pay-refund): one request; a second press (a double click) is not taken while it runs.',
      tags: ['busy'],
      invoke: {
        id: 'payRefund',
        src: 'payRefund',
        input: ({ context }) => ({ RefundID: context.refundID, ...(context.bankReference ? { BankReference: context.bankReference } : {}) }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'paid',
            actions: { type: 'rememberPaid', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'needsReference', params: ({ event }) => ({ result: event.output }) },
            target: 'confirming',
            actions: 'askForReference',
            description: 'The money came by FPS after all: the bank transfer’s reference is asked for.',
          },
          {
            target: 'failed',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'The provider refused (RefundFailed), another press is paying it right now (RefundInProgress), or another refusal.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    failed: {
      description: 'Not paid: why, in words; try again (the same request, safe to repeat) or close.',
      on: {
        RETRY: { target: 'paying', actions: 'clearError' },
        CANCEL: { target: 'cancelled' },
      },
    },
    paid: { type: 'final', description: 'Paid out (or found paid already): the provider’s refund id or the bank reference is shown.' },
    cancelled: { type: 'final', description: 'Closed without paying: the request stays open.' },
  },
});
