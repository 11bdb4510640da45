import type { optimisticToggleMachine } from './optimistic-toggle.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the optimisticToggleMachine with. */
export const fixtures: FlowFixtures<typeof optimisticToggleMachine> = {
  inputs: [{ on: false, count: 3 }, { on: true }],
  describeInput: (input) => `${input.on ? 'on' : 'off'}${input.count === undefined ? '' : `, count ${input.count}`}`,
  events: {
    TOGGLE: [{ type: 'TOGGLE' }],
    SYNC: [{ type: 'SYNC', on: true, count: 5 }],
  },
  actors: {
    setToggle: {
      done: [
        { ok: true, data: { on: true, count: 4 } },
        { ok: true, data: { on: false } },
        { ok: false, code: 'NoNeedToUpdateLike' },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
  },
  // Where the flow goes depends on whether a wish is waiting, not on the counts.
  abstraction: (snapshot) => ({ shown: snapshot.context.shown, confirmed: snapshot.context.confirmed, failed: snapshot.context.errorCode !== undefined }),
};
