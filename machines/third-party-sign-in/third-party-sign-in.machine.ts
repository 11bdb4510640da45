import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  LoginCodeChallengeInput,
  LoginCodeChallengeResult,
  ThirdPartySignInContext,
  ThirdPartySignInEvent,
  ThirdPartySignInInput,
  ThirdPartySignInOutput,
  ThirdPartySignInTag,
  TokenSet,
  UserLinkThirdPartyAccountWithLoginInput,
} from './third-party-sign-in.types.ts';
import { LINK_REQUIRED, NETWORK_ERROR } from './third-party-sign-in.types.ts';

export const thirdPartySignInMachine = setup({
  types: {
    context: {} as ThirdPartySignInContext,
    events: {} as ThirdPartySignInEvent,
    input: {} as ThirdPartySignInInput,
    output: {} as ThirdPartySignInOutput,
    tags: {} as ThirdPartySignInTag,
  },
  actors: {
    loginCodeChallenge: fromPromise<LoginCodeChallengeResult, LoginCodeChallengeInput>(async () => {
      throw new Error('loginCodeChallenge not provided');
    }),
    userLinkThirdPartyAccountWithLogin: fromPromise<CallResult<TokenSet>, UserLinkThirdPartyAccountWithLoginInput>(async () => {
      throw new Error('userLinkThirdPartyAccountWithLogin not provided');
    }),
  },
  actions: {
    storeTokens: assign(({ context }, params: { result: CallResult<TokenSet, unknown> }) => ({
      tokens: params.result.ok ? params.result.data : context.tokens,
      errorCode: undefined,
    })),
    storeLink: assign(({ context }, params: { result: LoginCodeChallengeResult }) =>
      !params.result.ok && params.result.data
        ? { email: params.result.data.email, thirdPartyID: params.result.data.thirdPartyID, errorCode: undefined }
        : context,
    ),
    rememberError: assign((_, params: { result: CallResult<unknown, unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    linkRequired: (_, params: { result: LoginCodeChallengeResult }) =>
      !params.result.ok && params.result.code === LINK_REQUIRED && params.result.data !== undefined,
    linkPending: ({ context }) => context.thirdPartyID !== undefined,
    hasError: ({ context }) => context.errorCode !== undefined,
  },
}).createMachine({
  id: 'thirdPartySignIn',
  description:
    'Back from a third-party login (/third_party_login): exchange the provider code for tokens; an e-mail that already ' +
    'has an account is linked after its password is entered (spec §4).',
  context: ({ input }) => ({ code: input.code, state: input.state }),
  initial: 'exchanging',
  output: ({ context }) => (context.tokens ? { tokens: context.tokens } : { errorCode: context.errorCode ?? 'UnknownError' }),
  states: {
    exchanging: {
      description: 'Exchanging the provider code for tokens (login-code-challenge).',
      tags: ['busy'],
      invoke: {
        id: 'loginCodeChallenge',
        src: 'loginCodeChallenge',
        input: ({ context }) => ({ Code: context.code, State: context.state }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeTokens', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'linkRequired', params: ({ event }) => ({ result: event.output }) },
            target: 'linkRequired',
            actions: { type: 'storeLink', params: ({ event }) => ({ result: event.output }) },
            description: 'The e-mail already has an account: ask for its password to link the two.',
          },
          {
            target: 'rejected',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'The code was refused (NotAuthorizedException, AccountDisabled …): this login cannot go on.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    linkRequired: {
      description: 'Asking for the password of the existing account with this e-mail.',
      on: {
        SUBMIT_PASSWORD: { target: 'linking', actions: 'clearError' },
        EDIT: { guard: 'hasError', actions: 'clearError', description: 'Typing again hides the last error.' },
      },
    },
    linking: {
      description: 'Linking the third-party login to the account (user-link-third-party-account-with-login).',
      tags: ['busy'],
      invoke: {
        id: 'userLinkThirdPartyAccountWithLogin',
        src: 'userLinkThirdPartyAccountWithLogin',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_PASSWORD');
          return { email: context.email ?? '', password: event.password, thirdPartyID: context.thirdPartyID ?? '' };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeTokens', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'linkRequired',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (IncorrectUsernameOrPassword, LimitError …): ask again, with the reason.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    failed: {
      description: 'The server could not be reached. A generic error shows; the user can retry.',
      on: {
        RETRY: [
          {
            guard: 'linkPending',
            target: 'linkRequired',
            actions: 'clearError',
            description: 'The failure was while linking: ask for the password again.',
          },
          { target: 'exchanging', actions: 'clearError' },
        ],
      },
    },
    rejected: {
      type: 'final',
      description: 'The provider code was refused: show the reason; the user starts the login again.',
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the tokens are the output, handed to the session.',
    },
  },
});
