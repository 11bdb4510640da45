import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  Empty,
  SignUpContext,
  SignUpEvent,
  SignUpInput,
  SignUpOutput,
  SignUpTag,
  TokenSet,
  UserConfirmSignupInput,
  UserResendConfirmationCodeInput,
  UserSignupInput,
} from './sign-up.types.ts';
import { NETWORK_ERROR } from './sign-up.types.ts';

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
    output: {} as SignUpOutput,
    tags: {} as SignUpTag,
  },
  actors: {
    userSignup: fromPromise<CallResult<Empty>, UserSignupInput>(async () => {
      throw new Error('userSignup not provided');
    }),
    userConfirmSignup: fromPromise<CallResult<TokenSet>, UserConfirmSignupInput>(async () => {
      throw new Error('userConfirmSignup not provided');
    }),
    userResendConfirmationCode: fromPromise<CallResult<Empty>, UserResendConfirmationCodeInput>(async () => {
      throw new Error('userResendConfirmationCode not provided');
    }),
  },
  delays: {
    /** How long after a code was sent before another may be requested. */
    resendCooldown: 30_000,
  },
  actions: {
    rememberEmail: assign((_, params: { email: string }) => ({ email: params.email, errorCode: undefined })),
    storeTokens: assign(({ context }, params: { result: CallResult<TokenSet> }) => ({
      tokens: params.result.ok ? params.result.data : context.tokens,
      errorCode: undefined,
    })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    hasEmail: ({ context }) => context.email !== '',
    hasError: ({ context }) => context.errorCode !== undefined,
  },
}).createMachine({
  id: 'signUp',
  description: 'The sign-up popup: the account form, then the e-mailed verification code, then signed in.',
  context: ({ input }) => ({ email: input.email ?? '' }),
  initial: 'starting',
  output: ({ context }) => ({ tokens: context.tokens as TokenSet }),
  states: {
    starting: {
      description:
        'Opened for an e-mail that still needs verifying (e.g. sign-in said UserNotConfirmedException): go straight to the code, ' +
        'with a new code available at once. Otherwise start with the form.',
      always: [
        { guard: 'hasEmail', target: 'verifying.resend.canResend' },
        { target: 'editing' },
      ],
    },
    editing: {
      description: 'The sign-up form (e-mail, password, names, gender). Shows the error of the last attempt inline.',
      on: {
        SUBMIT: {
          target: 'submitting',
          actions: { type: 'rememberEmail', params: ({ event }) => ({ email: event.email }) },
        },
        EDIT: { guard: 'hasError', actions: 'clearError', description: 'Typing again hides the last error.' },
      },
    },
    submitting: {
      description: 'Creating the account (user-signup); the server e-mails a verification code.',
      tags: ['busy'],
      invoke: {
        id: 'userSignup',
        src: 'userSignup',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT');
          return {
            email: event.email,
            password: event.password,
            given_name: event.given_name,
            family_name: event.family_name,
            gender: event.gender,
          };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'verifying',
          },
          {
            target: 'editing',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (UsernameExistsException: This email is already registered): back to the form with the reason.',
          },
        ],
        onError: {
          target: 'editing',
          actions: 'rememberNetworkError',
          description: 'The server could not be reached: back to the form with a generic error; submitting again retries.',
        },
      },
    },
    verifying: {
      description: 'The e-mailed code is awaited. Entering the code and asking for a new one run side by side.',
      type: 'parallel',
      on: {
        EDIT: { guard: 'hasError', actions: 'clearError', description: 'Typing again hides the last error.' },
      },
      states: {
        code: {
          description: 'Entering the verification code.',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waiting for the user to type the code.',
              on: {
                SUBMIT_CODE: { target: 'confirming', actions: 'clearError' },
              },
            },
            confirming: {
              description: 'Checking the code (user-confirm-signup).',
              tags: ['busy'],
              invoke: {
                id: 'userConfirmSignup',
                src: 'userConfirmSignup',
                input: ({ context, event }) => {
                  assertEvent(event, 'SUBMIT_CODE');
                  return { email: context.email, confirmationCode: event.code };
                },
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: '#signUp.verified',
                    actions: { type: 'storeTokens', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    target: 'waiting',
                    actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
                    description: 'Refused (CodeMismatchException, ExpiredCodeException, LimitError …): ask again, with the reason.',
                  },
                ],
                onError: {
                  target: 'waiting',
                  actions: 'rememberNetworkError',
                  description: 'The server could not be reached: a generic error; submitting the code again retries.',
                },
              },
            },
          },
        },
        resend: {
          description: 'Asking for a new code, at most once per cooldown.',
          initial: 'cooldown',
          states: {
            cooldown: {
              description: 'A code was just sent: a new one cannot be asked for until the cooldown is over.',
              after: {
                resendCooldown: { target: 'canResend' },
              },
              on: {
                RESEND: { description: 'Not accepted during the cooldown.' },
              },
            },
            canResend: {
              description: 'The user may ask for a new code.',
              on: {
                RESEND: { target: 'resending', actions: 'clearError' },
              },
            },
            resending: {
              description: 'Sending a new code (user-resend-confirmationcode).',
              tags: ['busy'],
              invoke: {
                id: 'userResendConfirmationCode',
                src: 'userResendConfirmationCode',
                input: ({ context }) => ({ email: context.email }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: 'cooldown',
                    description: 'A new code is on its way: the cooldown starts again.',
                  },
                  {
                    target: 'canResend',
                    actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
                    description: 'Refused (e.g. LimitError): show the reason.',
                  },
                ],
                onError: { target: 'canResend', actions: 'rememberNetworkError' },
              },
            },
          },
        },
      },
    },
    verified: {
      type: 'final',
      description: 'The e-mail is verified and the member is signed in: the tokens are the output, handed to the session.',
    },
  },
});
