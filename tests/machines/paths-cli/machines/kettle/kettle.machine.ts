/** A machine without a fixtures file: the CLI drives it with generic fixtures. */
import { fromPromise, setup } from 'xstate';

export const kettleMachine = setup({
  types: { events: {} as { type: 'SWITCH_ON' } | { type: 'SWITCH_OFF' } },
  actors: {
    heatWater: fromPromise<{ ok: true; data: object } | { ok: false; code: string }>(async () => {
      throw new Error('heatWater not provided');
    }),
  },
  delays: { keepWarm: 60_000 },
}).createMachine({
  id: 'kettle',
  initial: 'off',
  states: {
    off: { description: 'Cold.', on: { SWITCH_ON: 'heating' } },
    heating: {
      description: 'Heating the water.',
      on: { SWITCH_OFF: 'off' },
      invoke: {
        id: 'heatWater',
        src: 'heatWater',
        onDone: [{ guard: ({ event }) => event.output.ok, target: 'warm' }, { target: 'off' }],
        onError: 'off',
      },
    },
    warm: { description: 'Boiled, kept warm for a while.', after: { keepWarm: 'off' } },
  },
});
