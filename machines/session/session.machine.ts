import { assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  Empty,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionTag,
  TokenSet,
  UserChecking,
  UserGetInfoInput,
  UserInfo,
  UserRefreshTokenInput,
  UserSignOutInput,
} from './session.types.ts';
import { NETWORK_ERROR, UNAUTHORIZED } from './session.types.ts';

/** The status flags assumed until user-get-info has answered. */
const UNKNOWN_CHECKING: UserChecking = { PreSurvey: false, PaidMember: false, Subscribed: false, MemberGuideFinished: false };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    userGetInfo: fromPromise<CallResult<UserInfo>, UserGetInfoInput>(async () => {
      throw new Error('userGetInfo not provided');
    }),
    userRefreshToken: fromPromise<CallResult<TokenSet>, UserRefreshTokenInput>(async () => {
      throw new Error('userRefreshToken not provided');
    }),
    userSignOut: fromPromise<CallResult<Empty>, UserSignOutInput>(async () => {
      throw new Error('userSignOut not provided');
    }),
  },
  actions: {
    /** Provided by the app: writes context.tokens to storage (removes them when undefined). */
    persistTokens: () => {},
    /** Provided by the app (spec §4): clears recent search, survey, shopping bag, wishlist and subscription state. */
    clearMemberState: () => {},
    /** Provided by the app: opens the login popup. */
    openLogin: () => {},
    storeSignedInTokens: assign((_, params: { tokens: TokenSet }) => ({
      tokens: params.tokens,
      user: undefined,
      checking: undefined,
      errorCode: undefined,
    })),
    storeRefreshedTokens: assign(({ context }, params: { result: CallResult<TokenSet> }) => ({
      tokens: params.result.ok ? params.result.data : context.tokens,
      errorCode: undefined,
    })),
    storeUserInfo: assign(({ context }, params: { result: CallResult<UserInfo> }) =>
      params.result.ok
        ? { user: params.result.data.userDetailInfo, checking: params.result.data.checking, errorCode: undefined }
        : context,
    ),
    storeUser: assign((_, params: { user: SessionContext['user'] }) => ({ user: params.user })),
    mergeChecking: assign(({ context }, params: { checking: Partial<UserChecking> }) => ({
      checking: { ...(context.checking ?? UNKNOWN_CHECKING), ...params.checking },
    })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
    clearSession: assign({ tokens: undefined, user: undefined, checking: undefined, errorCode: undefined }),
  },
  guards: {
    hasTokens: ({ context }) => Boolean(context.tokens?.idToken && context.tokens.accessToken),
    hasUser: ({ context }) => context.user !== undefined,
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    failed: (_, params: { result: CallResult<unknown> }) => !params.result.ok,
    unauthorized: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === UNAUTHORIZED,
  },
}).createMachine({
  id: 'session',
  description:
    'The member session of the whole app: the tokens, the signed-in member and their status flags. ' +
    'Logged in means both an id token and an access token are present (spec §4).',
  context: ({ input }) => ({ tokens: input.tokens }),
  initial: 'restoring',
  on: {
    SIGNED_IN: {
      target: '.signedIn.loadingUser',
      actions: [{ type: 'storeSignedInTokens', params: ({ event }) => ({ tokens: event.tokens }) }, 'persistTokens'],
      description: 'Log-in, sign-up verification or a third-party login produced tokens: keep them and load the member.',
    },
  },
  states: {
    restoring: {
      description: 'App start: tokens restored from storage mean a member is signed in; without them the visitor is signed out.',
      always: [
        { guard: 'hasTokens', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description: 'A visitor without tokens. Login-required pages send them to home with the login popup.',
    },
    signedIn: {
      description: 'A member with tokens.',
      initial: 'loadingUser',
      on: {
        TOKENS_EXPIRED: {
          target: 'refreshing',
          description: 'A member call was refused with 401: refresh the tokens once; the refused calls wait and retry.',
        },
        SIGN_OUT: { target: 'signingOut' },
        USER_UPDATED: {
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          description: 'A profile change answered with the updated member.',
        },
        STATUS_UPDATED: {
          actions: { type: 'mergeChecking', params: ({ event }) => ({ checking: event.checking }) },
          description: 'A status flag changed, e.g. the entry survey was just submitted.',
        },
      },
      states: {
        loadingUser: {
          description: 'Fetching the member and their status flags (user-get-info).',
          tags: ['busy'],
          invoke: {
            id: 'userGetInfo',
            src: 'userGetInfo',
            input: ({ context }) => ({ accessToken: context.tokens?.accessToken ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'ready',
                actions: { type: 'storeUserInfo', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'unauthorized', params: ({ event }) => ({ result: event.output }) },
                target: '#session.refreshing',
                description: 'The id token has expired: refresh the tokens once, then load the member again.',
              },
              {
                target: 'loadFailed',
                actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            onError: { target: 'loadFailed', actions: 'rememberNetworkError' },
          },
        },
        ready: {
          description: 'The member and their status flags are known.',
          on: {
            RELOAD_USER: { target: 'loadingUser' },
          },
        },
        loadFailed: {
          description: 'The member could not be loaded. The tokens are kept; a generic error shows and the member can retry.',
          on: {
            RETRY: { target: 'loadingUser', actions: 'clearError' },
            RELOAD_USER: { target: 'loadingUser', actions: 'clearError' },
          },
        },
      },
    },
    refreshing: {
      description:
        'Exchanging the refresh token for new tokens (user-refresh-token), exactly once however many calls were refused. ' +
        'The refused calls wait for the outcome and then retry or fail.',
      tags: ['busy'],
      on: {
        TOKENS_EXPIRED: {
          description: 'Ignored: a refresh is already running, so further 401s just wait for it (single flight).',
        },
        SIGN_OUT: { target: 'signingOut' },
      },
      invoke: {
        id: 'userRefreshToken',
        src: 'userRefreshToken',
        input: ({ context }) => ({ userID: context.tokens?.userID ?? '', refreshToken: context.tokens?.refreshToken ?? '' }),
        onDone: [
          {
            guard: { type: 'failed', params: ({ event }) => ({ result: event.output }) },
            target: 'signedOut',
            actions: ['clearSession', 'persistTokens', 'clearMemberState', 'openLogin'],
            description: 'The refresh token was refused: the session is over. Clear it and open the login popup (spec §4).',
          },
          {
            guard: 'hasUser',
            target: 'signedIn.ready',
            actions: [{ type: 'storeRefreshedTokens', params: ({ event }) => ({ result: event.output }) }, 'persistTokens'],
            description: 'New tokens; the member is already known.',
          },
          {
            target: 'signedIn.loadingUser',
            actions: [{ type: 'storeRefreshedTokens', params: ({ event }) => ({ result: event.output }) }, 'persistTokens'],
            description: 'New tokens; the member was not loaded yet, so load them now.',
          },
        ],
        onError: { target: 'refreshInterrupted', actions: 'rememberNetworkError' },
      },
    },
    refreshInterrupted: {
      description:
        'The refresh could not reach the server (network down). The tokens are kept; a generic error shows and the member can retry.',
      on: {
        RETRY: { target: 'refreshing', actions: 'clearError' },
        TOKENS_EXPIRED: { target: 'refreshing', actions: 'clearError', description: 'Another refused call: try the refresh again.' },
        SIGN_OUT: { target: 'signingOut' },
      },
    },
    signingOut: {
      description: 'Telling the server to revoke the tokens (user-sign-out). Best effort: whatever it answers, the member is signed out.',
      tags: ['busy'],
      invoke: {
        id: 'userSignOut',
        src: 'userSignOut',
        input: ({ context }) => ({ accessToken: context.tokens?.accessToken ?? '', refreshToken: context.tokens?.refreshToken ?? '' }),
        onDone: { target: 'signedOut', actions: ['clearSession', 'persistTokens', 'clearMemberState'] },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', 'persistTokens', 'clearMemberState'],
          description: 'The server could not be reached: sign out locally anyway.',
        },
      },
    },
  },
});
