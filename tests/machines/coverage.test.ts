/** The coverage helper itself: it must notice what paths miss. */
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { coverage, machineTransitions, modelPaths, type MachineModel } from './coverage.ts';

const door = setup({
  types: { events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'LOCK'; code: string } },
  actors: { checkCode: fromPromise<{ ok: boolean }, { code: string }>(async () => ({ ok: true })) },
  guards: { never: () => false },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: 'open',
        LOCK: 'locking',
        CLOSE: { description: 'ignored: already closed' },
      },
    },
    open: { on: { CLOSE: 'closed', LOCK: { guard: 'never', target: 'locked' } } },
    locking: {
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: () => ({ code: '1' }),
        onDone: 'locked',
        onError: 'closed',
      },
    },
    locked: {},
    haunted: {},
  },
});

const doorModel: MachineModel<typeof door> = {
  machine: door,
  inputs: [undefined],
  events: { OPEN: [{ type: 'OPEN' }], CLOSE: [{ type: 'CLOSE' }], LOCK: [{ type: 'LOCK', code: '1' }] },
  actors: { checkCode: { done: [{ ok: true }], error: new Error('x') } },
};

describe('coverage helper', () => {
  it('lists the definition transitions, leaving out forbidden ones', () => {
    expect([...machineTransitions(door).values()].sort()).toEqual([
      'door.closed —LOCK→ door.locking',
      'door.closed —OPEN→ door.open',
      'door.locking —xstate.done.actor.checkCode→ door.locked',
      'door.locking —xstate.error.actor.checkCode→ door.closed',
      'door.open —CLOSE→ door.closed',
      'door.open —LOCK [never]→ door.locked',
    ]);
  });

  it('reports unreachable states and transitions no path takes', () => {
    const c = coverage(door, modelPaths(doorModel));
    expect(c.states).toEqual({ total: 5, covered: 4, missing: ['door.haunted'] });
    expect(c.transitions.missing).toEqual(['door.open —LOCK [never]→ door.locked']);
    expect(c.transitions.covered).toBe(5);
  });

  it('reports what a partial path set misses', () => {
    const paths = modelPaths(doorModel).filter((p) => !p.path.steps.some((s) => s.event.type === 'xstate.error.actor.checkCode'));
    expect(coverage(door, paths).transitions.missing).toContain('door.locking —xstate.error.actor.checkCode→ door.closed');
  });

  it('refuses an invoke whose id is not its actor name', () => {
    const renamed = setup({ actors: { a: fromPromise(async () => 1) } }).createMachine({
      initial: 's',
      states: { s: { invoke: { id: 'other', src: 'a', onError: 's' } } },
    });
    expect(() => modelPaths({ machine: renamed, inputs: [undefined], events: {}, actors: { a: { done: [1], error: null } } })).toThrow(
      /must equal its actor name/,
    );
  });
});
