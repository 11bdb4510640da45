import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  AdminInitInput,
  CallResult,
  CheckInInput,
  CheckInOutput,
  Empty,
  GatheringHostContext,
  GatheringHostEvent,
  HostViewOutput,
} from './gathering-host.types.ts';
import { NETWORK_ERROR } from './gathering-host.types.ts';

export const gatheringHostMachine = setup({
  types: {
    context: {} as GatheringHostContext,
    events: {} as GatheringHostEvent,
  },
  actors: {
    getGatheringHostView: fromPromise<CallResult<HostViewOutput>, void>(async () => {
      throw new Error('getGatheringHostView not provided');
    }),
    requestGatheringCode: fromPromise<CallResult<Empty>, void>(async () => {
      throw new Error('requestGatheringCode not provided');
    }),
    adminInit: fromPromise<CallResult<Empty>, AdminInitInput>(async () => {
      throw new Error('adminInit not provided');
    }),
    checkInTicket: fromPromise<CallResult<CheckInOutput>, CheckInInput>(async () => {
      throw new Error('checkInTicket not provided');
    }),
    closeGathering: fromPromise<CallResult<Empty>, void>(async () => {
      throw new Error('closeGathering not provided');
    }),
  },
  actions: {
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({ error: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ error: NETWORK_ERROR }),
    clearError: assign({ error: undefined }),
    rememberCheckIn: assign((_, params: { result: CallResult<CheckInOutput> }) => ({
      checkedIn: params.result.ok ? params.result.data.Attendee.Name : undefined,
      error: undefined,
    })),
    forgetCheckIn: assign({ checkedIn: undefined, error: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    open: (_, params: { result: CallResult<HostViewOutput> }) => params.result.ok && params.result.data.Gathering.Status === 'Ongoing',
    closed: (_, params: { result: CallResult<HostViewOutput> }) => params.result.ok && params.result.data.Gathering.Status === 'Closed',
    notOpened: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === 'ObjectNotFound',
    /** Another host's gathering, or no host role (issue 32: Forbidden); ObjectNotFound from request-gathering-code too. */
    notHost: (_, params: { result: CallResult<unknown> }) => !params.result.ok && (params.result.code === 'Forbidden' || params.result.code === 'ObjectNotFound'),
    forbidden: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === 'Forbidden',
  },
}).createMachine({
  id: 'gatheringHost',
  description:
    'The host’s screen at the venue (issue 31): opening the gathering with a code mailed to the host e-mail (admin-init), then checking tickets in by QR or id, watching the room and closing it.',
  context: {},
  initial: 'checking',
  states: {
    checking: {
      description: 'Is the signed-in member this gathering’s host, and is it open (get-gathering-host-view)?',
      invoke: {
        id: 'getGatheringHostView',
        src: 'getGatheringHostView',
        onDone: [
          { guard: { type: 'open', params: ({ event }) => ({ result: event.output }) }, target: 'hosting' },
          { guard: { type: 'closed', params: ({ event }) => ({ result: event.output }) }, target: 'closed' },
          {
            guard: { type: 'notOpened', params: ({ event }) => ({ result: event.output }) },
            target: 'notOpened',
            description: 'Not opened by its host yet: ask for a code; the server says whether it is theirs.',
          },
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ result: event.output }) },
            target: 'notHost',
            description: 'Another host’s gathering, or the member holds no host role (Forbidden).',
          },
          { target: 'loadFailed', actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberNetworkError' },
      },
    },
    loadFailed: {
      description: 'The gathering could not be read: Try again.',
      on: { RETRY: { target: 'checking', actions: 'clearError' } },
    },
    notOpened: {
      description: 'Open the gathering: a code goes to the host e-mail.',
      on: { REQUEST_CODE: { target: 'requestingCode', actions: 'clearError' } },
    },
    requestingCode: {
      description: 'Mailing the code (request-gathering-code).',
      tags: ['busy'],
      invoke: {
        id: 'requestGatheringCode',
        src: 'requestGatheringCode',
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'enteringCode' },
          {
            guard: { type: 'notHost', params: ({ event }) => ({ result: event.output }) },
            target: 'notHost',
            description: 'The signed-in member is not this session’s host.',
          },
          { target: 'notOpened', actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'notOpened', actions: 'rememberNetworkError' },
      },
    },
    enteringCode: {
      description: 'The 6-digit code from the mail.',
      on: {
        SUBMIT_CODE: { target: 'opening', actions: 'clearError' },
        REQUEST_CODE: { target: 'requestingCode', actions: 'clearError', description: 'Send another code.' },
      },
    },
    opening: {
      description: 'Opening the gathering with the code (admin-init).',
      tags: ['busy'],
      invoke: {
        id: 'adminInit',
        src: 'adminInit',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { verifyCode: event.code };
        },
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'hosting' },
          {
            target: 'enteringCode',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'A wrong or expired code, too many tries, a closed gathering: said, and the code is asked again.',
          },
        ],
        onError: { target: 'enteringCode', actions: 'rememberNetworkError' },
      },
    },
    hosting: {
      description: 'The gathering is open: who is in, tonight’s orders, what is left (read every 2 s); scan or type a ticket; close.',
      initial: 'ready',
      states: {
        ready: {
          description: 'Waiting for the next ticket, with what the last scan found.',
          on: {
            CHECK_IN: { target: 'checkingIn', actions: 'forgetCheckIn' },
            CLOSE: { target: '#gatheringHost.closing', actions: 'forgetCheckIn' },
          },
        },
        checkingIn: {
          description: 'Checking the ticket in (check-in-ticket): one scan at a time.',
          tags: ['busy'],
          invoke: {
            id: 'checkInTicket',
            src: 'checkInTicket',
            input: ({ event }) => {
              assertEvent(event, 'CHECK_IN');
              return { TicketID: event.ticketID };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'ready',
                actions: { type: 'rememberCheckIn', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: 'ready',
                actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
                description: 'RescanQRCode, TicketAlreadyActivated, a guest ticket nobody has taken yet: said, next scan.',
              },
            ],
            onError: { target: 'ready', actions: 'rememberNetworkError' },
          },
        },
      },
    },
    closing: {
      description: 'Closing the gathering (close-gathering): no more check-ins or orders.',
      tags: ['busy'],
      invoke: {
        id: 'closeGathering',
        src: 'closeGathering',
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'closed' },
          { target: 'hosting', actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'hosting', actions: 'rememberNetworkError' },
      },
    },
    closed: { description: 'The gathering is closed: what was ordered stays to read.' },
    notHost: { description: 'This session’s host is someone else: nothing to open here.' },
  },
});
