/** A machine the CLI's own tests use: one state no path reaches and one transition no path takes. */
import { fromPromise, setup } from 'xstate';

export const doorMachine = setup({
  types: { events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'LOCK'; code: string } },
  actors: {
    checkCode: fromPromise<{ ok: boolean }, { code: string }>(async () => {
      throw new Error('checkCode not provided');
    }),
  },
  guards: { never: () => false },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { description: 'Shut.', on: { OPEN: 'open', LOCK: 'locking' } },
    open: { description: 'Open.', on: { CLOSE: 'closed', LOCK: { guard: 'never', target: 'locked' } } },
    locking: {
      description: 'Checking the code.',
      invoke: { id: 'checkCode', src: 'checkCode', input: () => ({ code: '1' }), onDone: 'locked', onError: 'closed' },
    },
    locked: { description: 'Locked.', type: 'final' },
    haunted: { description: 'Nothing leads here.' },
  },
});
