import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  SignInContext,
  SignInEvent,
  SignInOutput,
  SignInTag,
  TokenSet,
  UserForceChangePasswordInput,
  UserLoginInput,
} from './sign-in.types.ts';
import { NETWORK_ERROR, RESET_PASSWORD_REQUIRE } from './sign-in.types.ts';

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as SignInOutput,
    tags: {} as SignInTag,
  },
  actors: {
    userLogin: fromPromise<CallResult<TokenSet>, UserLoginInput>(async () => {
      throw new Error('userLogin not provided');
    }),
    userForceChangePassword: fromPromise<CallResult<TokenSet>, UserForceChangePasswordInput>(async () => {
      throw new Error('userForceChangePassword not provided');
    }),
  },
  actions: {
    rememberEmail: assign((_, params: { email: string }) => ({ email: params.email, errorCode: undefined })),
    storeTokens: assign(({ context }, params: { result: CallResult<TokenSet> }) => ({
      tokens: params.result.ok ? params.result.data : context.tokens,
      errorCode: undefined,
    })),
    storeSession: assign((_, params: { result: CallResult<TokenSet> }) => ({
      session: params.result.ok ? undefined : params.result.session,
      errorCode: undefined,
    })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
    forgetSession: assign({ session: undefined, errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    newPasswordRequired: (_, params: { result: CallResult<unknown> }) =>
      !params.result.ok && params.result.code === RESET_PASSWORD_REQUIRE && Boolean(params.result.session),
    hasError: ({ context }) => context.errorCode !== undefined,
  },
}).createMachine({
  id: 'signIn',
  description: 'The login popup: e-mail and password, and a new password when the account must change it.',
  context: { email: '' },
  initial: 'editing',
  output: ({ context }) => ({ tokens: context.tokens as TokenSet }),
  states: {
    editing: {
      description: 'The login form. Shows the error of the last attempt inline (e.g. Incorrect email or password).',
      on: {
        SUBMIT: {
          target: 'submitting',
          actions: { type: 'rememberEmail', params: ({ event }) => ({ email: event.email }) },
        },
        EDIT: { guard: 'hasError', actions: 'clearError', description: 'Typing again hides the last error.' },
      },
    },
    submitting: {
      description: 'Checking the e-mail and password (user-login).',
      tags: ['busy'],
      invoke: {
        id: 'userLogin',
        src: 'userLogin',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT');
          return { email: event.email, password: event.password };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeTokens', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'newPasswordRequired', params: ({ event }) => ({ result: event.output }) },
            target: 'newPasswordRequired',
            actions: { type: 'storeSession', params: ({ event }) => ({ result: event.output }) },
            description: 'ResetPasswordRequire: the password is right but must be replaced before signing in.',
          },
          {
            target: 'editing',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description:
              'Refused (IncorrectUsernameOrPassword, UserNotConfirmedException, AccountDisabled, LimitError …): back to the form with the reason.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    newPasswordRequired: {
      description: 'The account must choose a new password before it can sign in.',
      on: {
        SUBMIT_NEW_PASSWORD: { target: 'changingPassword', actions: 'clearError' },
        EDIT: { guard: 'hasError', actions: 'clearError' },
        CANCEL: { target: 'editing', actions: 'forgetSession' },
      },
    },
    changingPassword: {
      description: 'Setting the new password (user-forceChange-password).',
      tags: ['busy'],
      invoke: {
        id: 'userForceChangePassword',
        src: 'userForceChangePassword',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_NEW_PASSWORD');
          return { email: context.email, password: event.password, session: context.session ?? '' };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeTokens', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'newPasswordRequired',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (e.g. InvalidPasswordException): ask again, with the reason.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    failed: {
      description: 'The server could not be reached. A generic error shows; the user can try again.',
      on: {
        RETRY: { target: 'editing', actions: 'forgetSession' },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the tokens are the output, handed to the session.',
    },
  },
});
