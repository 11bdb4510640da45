/** DESIGN §5 conventions, checked for every flow folder under machines/. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import type { signInMachine } from '../../machines/sign-in/sign-in.machine.ts';
import { coverage, formatCoverage, modelPaths, type ActorFixtures, type EventFixtures } from './coverage.ts';
import { models } from './models.ts';

const machinesDir = fileURLToPath(new URL('../../machines/', import.meta.url));
/** machines/shared holds what flows share (CallResult, well-known codes, coupon refusals): not a flow. */
const SHARED = 'shared';
const flows = readdirSync(machinesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== SHARED)
  .map((d) => d.name)
  .sort();

describe('machines/ conventions', () => {
  it('every flow folder has its machine, types and selectors, and a test model', () => {
    for (const flow of flows) {
      const files = readdirSync(join(machinesDir, flow));
      expect(files, flow).toEqual(expect.arrayContaining([`${flow}.machine.ts`, `${flow}.types.ts`, `${flow}.selectors.ts`]));
    }
    expect(Object.keys(models).sort()).toEqual(flows);
  });

  it.each(flows)('%s.machine.ts imports only xstate and its own folder (it opens as-is in the Stately visualizer)', (flow) => {
    const source = readFileSync(join(machinesDir, flow, `${flow}.machine.ts`), 'utf8');
    const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
    for (const s of specifiers) expect(s, flow).toMatch(/^(xstate|\.\/[\w.-]+\.ts)$/);
    expect(source.match(/createMachine\(/g), 'one machine per file').toHaveLength(1);
  });

  it('machines/shared imports nothing but xstate and its own files', () => {
    for (const file of readdirSync(join(machinesDir, SHARED))) {
      const source = readFileSync(join(machinesDir, SHARED, file), 'utf8');
      for (const m of source.matchAll(/\bfrom\s+'([^']+)'/g)) expect(m[1], file).toMatch(/^(xstate|\.\/[\w.-]+\.ts)$/);
    }
  });

  describe.each(flows)('%s', (flow) => {
    const machine = models[flow]!.machine as AnyStateMachine;
    const nodes = [machine.root, ...getStateNodes(machine.root)];

    it('every state has a description', () => {
      expect(nodes.filter((n) => !n.description).map((n) => n.id)).toEqual([]);
    });

    it('every invoke is named after its actor and has an onError path', () => {
      for (const node of nodes) {
        for (const inv of node.invoke) {
          expect(inv.id, node.id).toBe(inv.src);
          expect(node.transitions.has(`xstate.error.actor.${inv.id}`), `${node.id} invokes ${inv.id} without onError`).toBe(true);
        }
      }
    });

    it('the placeholder actors refuse to run until the app provides them', async () => {
      const actors = Object.entries(machine.implementations.actors);
      for (const [name, logic] of actors) {
        const actor = createActor(logic as never, { input: {} as never });
        const failure = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
        actor.start();
        expect(String(await failure)).toContain(`${name} not provided`);
      }
    });

    // The largest models (the inspiration editor: some 3,900 paths) take seconds on a shared machine.
    it('model paths cover every state and transition', { timeout: 60_000 }, () => {
      const c = coverage(machine, modelPaths(models[flow]!));
      expect(c.states.missing, formatCoverage(c)).toEqual([]);
      expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
    });
  });
});

describe('fixture tables are complete by type', () => {
  it('an actor or event without fixtures does not compile', () => {
    // @ts-expect-error userSignOut has no fixtures
    const actors: ActorFixtures<typeof sessionMachine> = {
      userGetInfo: { done: [{ ok: false, code: 'Unauthorized' }], error: null },
      userRefreshToken: { done: [{ ok: false, code: 'NotAuthorizedException' }], error: null },
    };
    // @ts-expect-error CANCEL has no fixture
    const events: EventFixtures<typeof signInMachine> = {
      SUBMIT: [{ type: 'SUBMIT', email: 'a@b.c', password: 'x' }],
      EDIT: [{ type: 'EDIT' }],
      SUBMIT_NEW_PASSWORD: [{ type: 'SUBMIT_NEW_PASSWORD', password: 'x' }],
      RETRY: [{ type: 'RETRY' }],
    };
    const wrongOutput: ActorFixtures<typeof signInMachine> = {
      // @ts-expect-error an outcome must be a CallResult of the actor's data
      userLogin: { done: [{ ok: true, data: { token: 'x' } }], error: null },
      userForceChangePassword: { done: [{ ok: false, code: 'InvalidPasswordException' }], error: null },
    };
    expect([actors, events, wrongOutput]).toHaveLength(3);
  });
});
