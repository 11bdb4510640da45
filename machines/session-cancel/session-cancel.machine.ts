import { assign, fromPromise, setup } from 'xstate';
import type { CallResult, CancelSessionInput, CancelSessionOutput, SessionCancelContext, SessionCancelEvent, SessionCancelInput } from './session-cancel.types.ts';
import { NETWORK_ERROR } from './session-cancel.types.ts';

export const sessionCancelMachine = setup({
  types: {
    context: {} as SessionCancelContext,
    events: {} as SessionCancelEvent,
    input: {} as SessionCancelInput,
  },
  actors: {
    cancelSession: fromPromise<CallResult<CancelSessionOutput>, CancelSessionInput>(async () => {
      throw new Error('cancelSession not provided');
    }),
  },
  actions: {
    rememberReason: assign((_, params: { reason: string }) => ({ reason: params.reason.trim(), error: undefined })),
    askForReason: assign({ error: 'MissingParameter' as const }),
    rememberCancelled: assign((_, params: { result: CallResult<CancelSessionOutput> }) => ({
      cancelled: params.result.ok ? params.result.data : undefined,
      error: undefined,
    })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({ error: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ error: NETWORK_ERROR }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    reasonMissing: (_, params: { reason: string }) => params.reason.trim() === '',
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    /** The server refused the reason itself (too long): staff change it, nothing was cancelled. */
    reasonRefused: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === 'InvalidParameter',
  },
}).createMachine({
  id: 'sessionCancel',
  description:
    'Staff cancel one event session from the back office (issue 32): confirm with a reason, then staff-cancel-session once; cancelled (its refund requests counted, paid out on the Refunds page), or a failure said in words with a retry. The server cancels a session once however often it is asked, so a retry after a lost answer is safe.',
  context: ({ input }) => ({ sessionID: input.SessionID }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'What a cancel does is shown; staff give the reason (required) and confirm, or close.',
      on: {
        CONFIRM: [
          {
            guard: { type: 'reasonMissing', params: ({ event }) => ({ reason: event.reason }) },
            actions: 'askForReason',
            description: 'No reason given: asked for, nothing sent.',
          },
          { target: 'cancelling', actions: { type: 'rememberReason', params: ({ event }) => ({ reason: event.reason }) } },
        ],
        CANCEL: { target: 'closed' },
      },
    },
    cancelling: {
      description: 'Cancelling (staff-cancel-session): one request; a second press (a double click) is not taken while it runs.',
      tags: ['busy'],
      invoke: {
        id: 'cancelSession',
        src: 'cancelSession',
        input: ({ context }) => ({ SessionID: context.sessionID, Reason: context.reason ?? '' }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'cancelled',
            actions: { type: 'rememberCancelled', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'reasonRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'confirming',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'The reason was refused (InvalidParameter): back to the confirmation to change it.',
          },
          {
            target: 'failed',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused otherwise (the session is gone, the role does not allow it…).',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    failed: {
      description: 'Not cancelled, or no answer came: why, in words; try again (the same request, safe to repeat) or close.',
      on: {
        RETRY: { target: 'cancelling', actions: 'clearError' },
        CANCEL: { target: 'closed' },
      },
    },
    cancelled: { type: 'final', description: 'Cancelled (or found cancelled already): how many refund requests were recorded is shown.' },
    closed: { type: 'final', description: 'Closed without cancelling: the session stays as it was (unless a lost answer had cancelled it).' },
  },
});
