import { assign, fromPromise, setup } from 'xstate';
import type {
  CallCode,
  CallResult,
  OptimisticToggleContext,
  OptimisticToggleEvent,
  OptimisticToggleInput,
  OptimisticToggleTag,
  SetToggleInput,
  SetToggleOutput,
} from './optimistic-toggle.types.ts';
import { NETWORK_ERROR, NO_NEED_TO_UPDATE_LIKE } from './optimistic-toggle.types.ts';

const step = (count: number | undefined, on: boolean): number | undefined => (count === undefined ? undefined : Math.max(0, count + (on ? 1 : -1)));

export const optimisticToggleMachine = setup({
  types: {
    context: {} as OptimisticToggleContext,
    events: {} as OptimisticToggleEvent,
    input: {} as OptimisticToggleInput,
    tags: {} as OptimisticToggleTag,
  },
  actors: {
    /** like-inspiration, like-comment, follow-user or save-inspiration, as the app provides. */
    setToggle: fromPromise<CallResult<SetToggleOutput>, SetToggleInput>(async () => {
      throw new Error('setToggle not provided');
    }),
  },
  actions: {
    flip: assign(({ context }) => ({
      shown: !context.shown,
      count: step(context.count, !context.shown),
      errorCode: undefined,
    })),
    adoptAnswer: assign(({ context }, params: { result: CallResult<SetToggleOutput> }) => {
      if (!params.result.ok) return {};
      const { on, count } = params.result.data;
      const confirmedCount = count ?? (on === context.shown ? context.count : step(context.count, on));
      // Not tapped again meanwhile: show what the server answered (follow-user toggles, so it may differ).
      if (context.shown === context.sent) return { shown: on, confirmed: on, confirmedCount, count: confirmedCount };
      // Tapped again while the call was under way: the member's latest wish stays shown (it is sent next).
      return { confirmed: on, confirmedCount, count: context.shown === on ? confirmedCount : step(confirmedCount, context.shown) };
    }),
    noteSent: assign(({ context }) => ({ sent: context.shown })),
    keepSent: assign(({ context }) => {
      const sent = context.sent ?? context.shown;
      return { confirmed: sent, confirmedCount: sent === context.shown ? context.count : step(context.count, sent) };
    }),
    rollBack: assign(({ context }, params: { code: CallCode }) => ({
      shown: context.confirmed,
      count: context.confirmedCount,
      errorCode: params.code,
    })),
    sync: assign((_, params: { on: boolean; count?: number }) => ({
      shown: params.on,
      confirmed: params.on,
      ...(params.count !== undefined ? { count: params.count, confirmedCount: params.count } : {}),
    })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<SetToggleOutput> }) => params.result.ok,
    alreadySo: (_, params: { result: CallResult<SetToggleOutput> }) => !params.result.ok && params.result.code === NO_NEED_TO_UPDATE_LIKE,
    wishChanged: ({ context }) => context.shown !== context.confirmed,
  },
}).createMachine({
  id: 'optimisticToggle',
  description:
    'A like, follow or save: shown at once when the member taps, then sent; a failure puts back what the server holds and says so. The same machine serves like-inspiration, like-comment, follow-user and save-inspiration.',
  context: ({ input }) => ({
    shown: input.on,
    confirmed: input.on,
    sent: undefined,
    count: input.count,
    confirmedCount: input.count,
    errorCode: undefined,
  }),
  initial: 'settled',
  states: {
    settled: {
      description: 'Shown as the server holds it.',
      on: {
        TOGGLE: { target: 'sending', actions: 'flip', description: 'Shown changed at once, before the server answers.' },
        SYNC: { actions: { type: 'sync', params: ({ event }) => ({ on: event.on, ...(event.count !== undefined ? { count: event.count } : {}) }) } },
      },
    },
    sending: {
      description: 'The change is shown and being sent.',
      tags: ['sending'],
      entry: 'noteSent',
      on: {
        TOGGLE: { actions: 'flip', description: 'Changed again while sending: the latest wish is sent once this call answers.' },
      },
      invoke: {
        id: 'setToggle',
        src: 'setToggle',
        input: ({ context }) => ({ on: context.shown }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'checking',
            actions: { type: 'adoptAnswer', params: ({ event }) => ({ result: event.output }) },
            description: 'The server holds what was sent (its count is taken).',
          },
          {
            guard: { type: 'alreadySo', params: ({ event }) => ({ result: event.output }) },
            target: 'checking',
            actions: 'keepSent',
            description: 'NoNeedToUpdateLike: the server already held what was sent; keep it.',
          },
          {
            target: 'failed',
            actions: { type: 'rollBack', params: ({ event }) => ({ code: event.output.ok ? NETWORK_ERROR : event.output.code }) },
            description: 'Refused: put back what the server holds.',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'rollBack', params: { code: NETWORK_ERROR } },
          description: 'No answer: put back what the server held.',
        },
      },
    },
    checking: {
      description: 'The call answered: send again if the member changed their mind meanwhile.',
      always: [
        { guard: 'wishChanged', target: 'sending', description: 'Tapped again while sending: send the latest wish.' },
        { target: 'settled' },
      ],
    },
    failed: {
      description: 'Rolled back to what the server holds; a message says the change was not saved.',
      on: {
        TOGGLE: { target: 'sending', actions: 'flip' },
        SYNC: { target: 'settled', actions: { type: 'sync', params: ({ event }) => ({ on: event.on, ...(event.count !== undefined ? { count: event.count } : {}) }) } },
      },
    },
  },
});
