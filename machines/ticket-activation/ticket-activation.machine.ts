import { assign, fromPromise, setup } from 'xstate';
import type {
  ActivateTicketInput,
  ActivateTicketOutput,
  CallResult,
  SignInMode,
  TicketActivationContext,
  TicketActivationEvent,
  TicketActivationInput,
} from './ticket-activation.types.ts';
import { NETWORK_ERROR } from './ticket-activation.types.ts';

/** Answers that will not change by asking again: the page says why, in words, and offers no retry. */
const REFUSALS: ReadonlySet<string> = new Set([
  'TicketAlreadyActivated',
  'UserAlreadyJoinedTheEvent',
  'EventSaleClosed',
  'GatheringClosed',
  'ObjectNotFound',
  'InvalidParameter',
]);

export const ticketActivationMachine = setup({
  types: {
    context: {} as TicketActivationContext,
    events: {} as TicketActivationEvent,
    input: {} as TicketActivationInput,
  },
  actors: {
    activateTicket: fromPromise<CallResult<ActivateTicketOutput>, ActivateTicketInput>(async () => {
      throw new Error('activateTicket not provided');
    }),
  },
  actions: {
    /** Opens the login or sign-up popup, remembering that the visitor wants to use this ticket (provided by the app). */
    askToSignIn: (_, _params: { ticketID: string; mode: SignInMode }) => {},
    /** Takes the member to their record of the session (provided by the app). */
    showRecord: (_, _params: { EventID: string; VarianceID: string }) => {},
    rememberGathering: assign((_, params: { result: CallResult<ActivateTicketOutput> }) =>
      params.result.ok ? { gatheringID: params.result.data.GatheringID, refusal: undefined, failure: undefined } : {},
    ),
    rememberRefusal: assign((_, params: { result: CallResult<unknown> }) => ({ refusal: params.result.ok ? undefined : params.result.code, failure: undefined })),
    rememberFailure: assign((_, params: { result: CallResult<unknown> }) => ({ failure: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ failure: NETWORK_ERROR }),
    forget: assign({ gatheringID: undefined, refusal: undefined, failure: undefined }),
  },
  guards: {
    checkedIn: (_, params: { result: CallResult<ActivateTicketOutput> }) => params.result.ok && params.result.data.CheckedIn === true,
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    refused: (_, params: { result: CallResult<unknown> }) => !params.result.ok && REFUSALS.has(params.result.code),
    resumes: (_, params: { resume: boolean }) => params.resume,
    openedByReturningMember: ({ context }) => context.opener === 'returning',
    openedByMember: ({ context }) => context.opener === 'member',
  },
}).createMachine({
  id: 'ticketActivation',
  description:
    'The page of a ticket link (activate_ticket/{ticketID}): a visitor signs in or up first and comes back to it; a member takes the guest ticket before the gathering opens, or checks in with it at the venue while it is going on (activate-ticket), or is told in words why not.',
  context: ({ input }) => ({ ticketID: input.ticketID, opener: input.signedIn ? (input.resume ? 'returning' : 'member') : 'visitor' }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Who opened the link: a member back from signing in to use it, a member, or a visitor.',
      always: [
        { guard: 'openedByReturningMember', target: 'activating' },
        { guard: 'openedByMember', target: 'ready' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description: 'A visitor: the ticket, and Log in or Sign up to use it (the shop brings them back here).',
      on: {
        SIGN_IN: {
          actions: { type: 'askToSignIn', params: ({ context, event }) => ({ ticketID: context.ticketID, mode: event.mode }) },
          description: 'The popup opens, saying why (Sign up: filled in from the ticket); closing it leaves the visitor here.',
        },
        SIGNED_IN: [
          {
            guard: { type: 'resumes', params: ({ event }) => ({ resume: event.resume }) },
            target: 'activating',
            description: 'Signed in or up from here to use it: it goes ahead at once.',
          },
          { target: 'ready', description: 'Signed in another way: they tap themselves.' },
        ],
      },
    },
    ready: {
      description: 'A member: "Activate ticket", or at the venue "Check in".',
      on: {
        ACTIVATE: 'activating',
        SIGNED_IN: {
          guard: { type: 'resumes', params: ({ event }) => ({ resume: event.resume }) },
          target: 'activating',
          description: 'The session had the member a moment before the word that they signed in from here to use it: it goes ahead.',
        },
        SIGNED_OUT: 'signedOut',
      },
    },
    activating: {
      description: 'Taking the ticket, or checking in with it (activate-ticket); the button cannot be pressed twice.',
      invoke: {
        id: 'activateTicket',
        src: 'activateTicket',
        input: ({ context }) => ({ TicketID: context.ticketID }),
        onDone: [
          {
            guard: { type: 'checkedIn', params: ({ event }) => ({ result: event.output }) },
            target: 'checkedIn',
            actions: { type: 'rememberGathering', params: ({ event }) => ({ result: event.output }) },
            description: 'The gathering is going on: the member is in the room.',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'activated',
            actions: {
              type: 'showRecord',
              params: ({ event }) => (event.output.ok ? { EventID: event.output.data.Record.EventID, VarianceID: event.output.data.Record.VarianceID } : { EventID: '', VarianceID: '' }),
            },
            description: 'Before the gathering: the seat is theirs; on to their record of the session.',
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) },
            target: 'refused',
            actions: { type: 'rememberRefusal', params: ({ event }) => ({ result: event.output }) },
            description: 'Taken or checked in already, a seat of their own, the session started, the gathering closed: said in words, in place.',
          },
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused for now (LimitError …): they may try again.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError', description: 'No answer: nothing is known to have changed; trying again is safe (a second check-in is refused, not doubled).' },
      },
    },
    checkedIn: {
      description: 'Checked in at the gathering: "You are checked in", and the way to Tonight.',
      on: { SIGNED_OUT: { target: 'signedOut', actions: 'forget' } },
    },
    activated: {
      description: 'The ticket is theirs: the page gives way to their record of the session.',
      on: { SIGNED_OUT: { target: 'signedOut', actions: 'forget' } },
    },
    refused: {
      description: 'The ticket cannot be used by this member, and the page says why; the answer would not change.',
      on: { SIGNED_OUT: { target: 'signedOut', actions: 'forget' } },
    },
    failed: {
      description: 'The call did not get through (no answer, or too many tries): Try again.',
      on: {
        RETRY: { target: 'activating', actions: 'forget' },
        SIGNED_OUT: { target: 'signedOut', actions: 'forget' },
      },
    },
  },
});
