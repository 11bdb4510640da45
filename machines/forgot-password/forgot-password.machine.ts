import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  Empty,
  ForgotPasswordContext,
  ForgotPasswordEvent,
  ForgotPasswordTag,
  UserConfirmForgetPasswordInput,
  UserForgetPasswordInput,
} from './forgot-password.types.ts';
import { NETWORK_ERROR } from './forgot-password.types.ts';

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    tags: {} as ForgotPasswordTag,
  },
  actors: {
    userForgetPassword: fromPromise<CallResult<Empty>, UserForgetPasswordInput>(async () => {
      throw new Error('userForgetPassword not provided');
    }),
    userConfirmForgetPassword: fromPromise<CallResult<Empty>, UserConfirmForgetPasswordInput>(async () => {
      throw new Error('userConfirmForgetPassword not provided');
    }),
  },
  actions: {
    rememberEmail: assign((_, params: { email: string }) => ({ email: params.email, errorCode: undefined })),
    markCodeRequested: assign({ codeRequested: true, errorCode: undefined }),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    codeRequested: ({ context }) => context.codeRequested,
    hasError: ({ context }) => context.errorCode !== undefined,
  },
}).createMachine({
  id: 'forgotPassword',
  description: 'The forgot-password popup: e-mail, then the e-mailed code with a new password.',
  context: { email: '', codeRequested: false },
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      description: 'Asking for the e-mail of the account.',
      on: {
        SUBMIT_EMAIL: {
          target: 'requesting',
          actions: { type: 'rememberEmail', params: ({ event }) => ({ email: event.email }) },
        },
        EDIT: { guard: 'hasError', actions: 'clearError', description: 'Typing again hides the last error.' },
      },
    },
    requesting: {
      description: 'Asking the server to e-mail a code (user-forget-password).',
      tags: ['busy'],
      invoke: {
        id: 'userForgetPassword',
        src: 'userForgetPassword',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'enteringCode',
          actions: 'markCodeRequested',
          description:
            'Whatever the answer, the user is told a code was sent: an unknown e-mail must look the same as a known one (spec §8).',
        },
        onError: [
          {
            guard: 'codeRequested',
            target: 'enteringCode',
            actions: 'rememberNetworkError',
            description: 'A resend could not reach the server: back to the code step with a generic error.',
          },
          {
            target: 'enteringEmail',
            actions: 'rememberNetworkError',
            description: 'The server could not be reached: back to the e-mail with a generic error; submitting again retries.',
          },
        ],
      },
    },
    enteringCode: {
      description: 'Asking for the e-mailed code and the new password.',
      on: {
        SUBMIT_CODE: { target: 'confirming', actions: 'clearError' },
        RESEND: { target: 'requesting', actions: 'clearError', description: 'Send another code.' },
        EDIT: { guard: 'hasError', actions: 'clearError', description: 'Typing again hides the last error.' },
      },
    },
    confirming: {
      description: 'Setting the new password with the code (user-confirm-forget-password).',
      tags: ['busy'],
      invoke: {
        id: 'userConfirmForgetPassword',
        src: 'userConfirmForgetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { email: context.email, confirmationCode: event.code, newpassword: event.password };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
          },
          {
            target: 'enteringCode',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description:
              'Refused (CodeMismatchException, ExpiredCodeException, InvalidPasswordException, LimitError …): ask again, with the reason.',
          },
        ],
        onError: {
          target: 'enteringCode',
          actions: 'rememberNetworkError',
          description: 'The server could not be reached: a generic error; submitting again retries.',
        },
      },
    },
    done: {
      type: 'final',
      description: 'The password is changed; the user can log in with it.',
    },
  },
});
