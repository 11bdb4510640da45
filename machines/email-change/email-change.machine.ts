import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  EmailChangeContext,
  EmailChangeEvent,
  EmailChangeTag,
  Empty,
  UserConfirmUpdateEmailInput,
  UserConfirmUpdateEmailOutput,
  UserUpdateEmailInput,
} from './email-change.types.ts';
import { NETWORK_ERROR } from './email-change.types.ts';

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    tags: {} as EmailChangeTag,
  },
  actors: {
    userUpdateEmail: fromPromise<CallResult<Empty>, UserUpdateEmailInput>(async () => {
      throw new Error('userUpdateEmail not provided');
    }),
    userConfirmUpdateEmail: fromPromise<CallResult<UserConfirmUpdateEmailOutput>, UserConfirmUpdateEmailInput>(async () => {
      throw new Error('userConfirmUpdateEmail not provided');
    }),
  },
  actions: {
    rememberEmail: assign((_, params: { email: string }) => ({ email: params.email, requestError: undefined })),
    markCodeSent: assign(({ context }) => ({ codesSent: context.codesSent + 1, atCodeStep: true, requestError: undefined, confirmError: undefined })),
    rememberRequestFailure: assign((_, params: { result: CallResult<unknown> }) => ({
      requestError: params.result.ok ? undefined : params.result.code,
    })),
    rememberRequestNetworkError: assign({ requestError: NETWORK_ERROR }),
    rememberConfirmFailure: assign((_, params: { result: CallResult<unknown> }) => ({
      confirmError: params.result.ok ? undefined : params.result.code,
    })),
    rememberConfirmNetworkError: assign({ confirmError: NETWORK_ERROR }),
    markChanged: assign((_, params: { result: CallResult<UserConfirmUpdateEmailOutput> }) =>
      params.result.ok
        ? { changedTo: params.result.data.userDetailInfo.email, atCodeStep: false, requestError: undefined, confirmError: undefined }
        : {},
    ),
    clearRequestError: assign({ requestError: undefined }),
    clearConfirmError: assign({ confirmError: undefined }),
    leaveCodeStep: assign({ atCodeStep: false, requestError: undefined, confirmError: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    atCodeStep: ({ context }) => context.atCodeStep,
    hasRequestError: ({ context }) => context.requestError !== undefined,
    hasConfirmError: ({ context }) => context.confirmError !== undefined,
  },
}).createMachine({
  id: 'emailChange',
  description:
    'The e-mail tab of the account popup: changing the sign-in e-mail in two steps. The new address gets a code (user-update-email); the address changes once that code comes back (user-confirm-update-email).',
  context: { email: '', codesSent: 0, atCodeStep: false },
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      description: 'Asking for the new address (the form checks it first: an e-mail, and not the current one).',
      on: {
        SUBMIT_EMAIL: {
          target: 'requesting',
          actions: { type: 'rememberEmail', params: ({ event }) => ({ email: event.email }) },
        },
        EDIT: { guard: 'hasRequestError', actions: 'clearRequestError', description: 'Typing again hides the last error.' },
      },
    },
    requesting: {
      description:
        'Mailing a code to the new address (user-update-email): the first one from the address step, or another one from the code step, which stays. The old address gets a notice.',
      tags: ['busy'],
      invoke: {
        id: 'userUpdateEmail',
        src: 'userUpdateEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'enteringCode',
            actions: 'markCodeSent',
            description: 'A new code replaces the last: the code field starts afresh.',
          },
          {
            guard: 'atCodeStep',
            target: 'enteringCode',
            actions: { type: 'rememberRequestFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Another code was refused (LimitError …): the code step stays, with the reason; the code already mailed still works.',
          },
          {
            target: 'enteringEmail',
            actions: { type: 'rememberRequestFailure', params: ({ event }) => ({ result: event.output }) },
            description:
              'Refused (UsernameExistsException: another account has it; InvalidParameter: it is the current one; LimitError …): ask again, with the reason.',
          },
        ],
        onError: [
          {
            guard: 'atCodeStep',
            target: 'enteringCode',
            actions: 'rememberRequestNetworkError',
            description: 'Another code could not be sent (no answer): the code step stays, with a generic error.',
          },
          {
            target: 'enteringEmail',
            actions: 'rememberRequestNetworkError',
            description: 'The server could not be reached: a generic error; sending again retries.',
          },
        ],
      },
      on: {
        EDIT: { guard: 'hasConfirmError', actions: 'clearConfirmError', description: 'Typing the code again hides why the last one was refused.' },
      },
    },
    enteringCode: {
      description:
        'Asking for the 6-digit code mailed to the new address; says it was sent while the last sending went through. The address has not changed yet.',
      on: {
        SUBMIT_CODE: { target: 'confirming', actions: 'clearConfirmError' },
        RESEND: { target: 'requesting', actions: 'clearRequestError', description: 'Mail another code to the same address.' },
        START_OVER: { target: 'enteringEmail', actions: 'leaveCodeStep', description: '"Use another address": back to the address, as typed.' },
        EDIT: { guard: 'hasConfirmError', actions: 'clearConfirmError', description: 'Typing the code again hides why the last one was refused.' },
      },
    },
    confirming: {
      description: 'Changing the address with the code (user-confirm-update-email).',
      tags: ['busy'],
      invoke: {
        id: 'userConfirmUpdateEmail',
        src: 'userConfirmUpdateEmail',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { code: event.code };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'changed',
            actions: { type: 'markChanged', params: ({ event }) => ({ result: event.output }) },
            description: 'The address is changed; the app hands the member as the server now has them to the session.',
          },
          {
            target: 'enteringCode',
            actions: { type: 'rememberConfirmFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (CodeMismatchException, ExpiredCodeException, LimitError …): ask again, with the reason.',
          },
        ],
        onError: {
          target: 'enteringCode',
          actions: 'rememberConfirmNetworkError',
          description: 'The server could not be reached: a generic error; confirming again retries.',
        },
      },
    },
    changed: {
      description: 'The sign-in e-mail is the new address: says so, over an empty form, until the member sends a code again.',
      on: {
        SUBMIT_EMAIL: {
          target: 'requesting',
          actions: { type: 'rememberEmail', params: ({ event }) => ({ email: event.email }) },
          description: 'Another change begins: the news of this one goes away.',
        },
        SUBMIT_INVALID: {
          target: 'enteringEmail',
          description: 'Send code pressed with an address the form refuses (it says why under the field): nothing is sent, and the news goes away.',
        },
      },
    },
  },
});
