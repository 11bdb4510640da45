import { assign, fromPromise, setup } from 'xstate';
import type {
  ActivateInviteCodeInput,
  ActivateInviteCodeOutput,
  CallResult,
  InviteActivationContext,
  InviteActivationEvent,
  InviteActivationInput,
  SignInMode,
} from './invite-activation.types.ts';
import { NETWORK_ERROR } from './invite-activation.types.ts';

/** Answers that will not change by asking again: the page says why, in words, and offers no retry. */
const REFUSALS: ReadonlySet<string> = new Set([
  'UserAlreadyUsedCode',
  'InviteCodeExpired',
  'InviteCodeLimitReached',
  'OwnInviteCode',
  'ObjectNotFound',
  'InvalidParameter',
]);

export const inviteActivationMachine = setup({
  types: {
    context: {} as InviteActivationContext,
    events: {} as InviteActivationEvent,
    input: {} as InviteActivationInput,
  },
  actors: {
    activateInviteCode: fromPromise<CallResult<ActivateInviteCodeOutput>, ActivateInviteCodeInput>(async () => {
      throw new Error('activateInviteCode not provided');
    }),
  },
  actions: {
    /** Opens the login or sign-up popup, remembering that the visitor wants to accept this invitation (provided by the app). */
    askToSignIn: (_, _params: { inviteCode: string; mode: SignInMode }) => {},
    rememberMembership: assign((_, params: { result: CallResult<ActivateInviteCodeOutput> }) =>
      params.result.ok ? { membership: params.result.data.Membership, refusal: undefined, failure: undefined } : {},
    ),
    rememberRefusal: assign((_, params: { result: CallResult<unknown> }) => ({ refusal: params.result.ok ? undefined : params.result.code, failure: undefined })),
    rememberFailure: assign((_, params: { result: CallResult<unknown> }) => ({ failure: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ failure: NETWORK_ERROR }),
    forget: assign({ membership: undefined, refusal: undefined, failure: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    refused: (_, params: { result: CallResult<unknown> }) => !params.result.ok && REFUSALS.has(params.result.code),
    resumes: (_, params: { resume: boolean }) => params.resume,
    openedByReturningMember: ({ context }) => context.opener === 'returning',
    openedByMember: ({ context }) => context.opener === 'member',
  },
}).createMachine({
  id: 'inviteActivation',
  description:
    'The page of an invitation link (activate_invitation/{inviteCode}): a visitor signs in or up first and comes back to it; a member accepts it (activate-invite-code) and is a Regular Member, or is told in words why not.',
  context: ({ input }) => ({ inviteCode: input.inviteCode, opener: input.signedIn ? (input.resume ? 'returning' : 'member') : 'visitor' }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Who opened the link: a member back from signing in to accept it, a member, or a visitor.',
      always: [
        { guard: 'openedByReturningMember', target: 'activating' },
        { guard: 'openedByMember', target: 'ready' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description: 'A visitor: the invitation, and Log in or Sign up to accept it (the shop brings them back here).',
      on: {
        SIGN_IN: {
          actions: { type: 'askToSignIn', params: ({ context, event }) => ({ inviteCode: context.inviteCode, mode: event.mode }) },
          description: 'The popup opens, saying why; closing it leaves the visitor here.',
        },
        SIGNED_IN: [
          {
            guard: { type: 'resumes', params: ({ event }) => ({ resume: event.resume }) },
            target: 'activating',
            description: 'Signed in or up from here to accept it: it goes ahead at once.',
          },
          { target: 'ready', description: 'Signed in another way: they accept it themselves.' },
        ],
      },
    },
    ready: {
      description: 'A member: the invitation and "Become a Regular Member".',
      on: {
        ACTIVATE: 'activating',
        SIGNED_IN: {
          guard: { type: 'resumes', params: ({ event }) => ({ resume: event.resume }) },
          target: 'activating',
          description: 'The session had the member a moment before the word that they signed in from here to accept it: it goes ahead.',
        },
        SIGNED_OUT: 'signedOut',
      },
    },
    activating: {
      description: 'Accepting the invitation (activate-invite-code); the button cannot be pressed twice.',
      invoke: {
        id: 'activateInviteCode',
        src: 'activateInviteCode',
        input: ({ context }) => ({ InviteCode: context.inviteCode }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'member',
            actions: { type: 'rememberMembership', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) },
            target: 'refused',
            actions: { type: 'rememberRefusal', params: ({ event }) => ({ result: event.output }) },
            description: 'Used before, expired, over its limit, their own, no such code: said in words, in place.',
          },
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused for now (LimitError …): they may try again later.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError', description: 'No answer: nothing is known to have changed; trying again is safe.' },
      },
    },
    member: {
      description: 'A Regular Member now: who invited them, what it gives, and the way to their own invite codes.',
      on: { SIGNED_OUT: { target: 'signedOut', actions: 'forget' } },
    },
    refused: {
      description: 'The code cannot be accepted, and the page says why; the answer would not change.',
      on: { SIGNED_OUT: { target: 'signedOut', actions: 'forget' } },
    },
    failed: {
      description: 'The activation did not get through (no answer, or too many tries): Try again.',
      on: {
        RETRY: { target: 'activating', actions: 'forget' },
        SIGNED_OUT: { target: 'signedOut', actions: 'forget' },
      },
    },
  },
});
