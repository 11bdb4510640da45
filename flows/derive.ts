/**
 * A machine's model from whatever fixtures it has: its own `<flow>.fixtures.ts` where there is one,
 * filled in generically where there is not (a new machine, or an event or actor its fixtures do not
 * name yet). The CLI and the flow atlas both build models this way, so the atlas shows the paths
 * `npm run paths` prints.
 *
 * Generic fixtures follow DESIGN §5: user events carry only their type; every actor resolves with a
 * CallResult, once `{ ok: true }` and once `{ ok: false }`, and rejects once (network down).
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { AFTER, allNodes, DONE, ERROR, type FlowFixtures, type MachineModel } from './model.ts';

export const GENERIC_FAILURE_CODE = 'FixtureFailure';

export interface DerivedModel {
  model: MachineModel<AnyStateMachine>;
  /** What was made up because the fixtures did not say: event types, actor names, or 'inputs'. */
  generic: string[];
}

/** Actor names the machine invokes (invoke id == actor name, DESIGN §5). */
export function invokedActors(machine: AnyStateMachine): string[] {
  const names = new Set<string>();
  for (const node of allNodes(machine)) for (const inv of node.invoke) names.add(inv.id);
  return [...names].sort();
}

/** Event types the machine handles that a user (or the app) sends: not actor results, delays or init. */
export function userEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allNodes(machine)) {
    for (const type of node.ownEvents as string[]) {
      if (type.startsWith(DONE) || type.startsWith(ERROR) || type.startsWith(AFTER) || type.startsWith('xstate.') || type === '*') continue;
      types.add(type);
    }
  }
  return [...types].sort();
}

export function deriveModel(machine: AnyStateMachine, fixtures?: Partial<FlowFixtures<AnyStateMachine>>): DerivedModel {
  const generic: string[] = [];
  const givenEvents = (fixtures?.events ?? {}) as Record<string, readonly AnyEventObject[]>;
  const events: Record<string, readonly AnyEventObject[]> = {};
  for (const type of userEventTypes(machine)) {
    const list = givenEvents[type];
    if (list?.length) events[type] = list;
    else {
      events[type] = [{ type }];
      generic.push(type);
    }
  }
  const givenActors = (fixtures?.actors ?? {}) as Record<string, { done: readonly unknown[]; error: unknown }>;
  const actors: Record<string, { done: readonly unknown[]; error: unknown }> = {};
  for (const name of invokedActors(machine)) {
    const given = givenActors[name];
    if (given) actors[name] = given;
    else {
      actors[name] = {
        done: [{ ok: true, data: {} }, { ok: false, code: GENERIC_FAILURE_CODE, message: `${name} refused (fixture)` }],
        error: new Error('network down'),
      };
      generic.push(name);
    }
  }
  let inputs = fixtures?.inputs;
  if (!inputs?.length) {
    inputs = [{}];
    generic.push('inputs');
  }
  const model = {
    machine,
    inputs,
    describeInput: fixtures?.describeInput,
    events,
    actors,
    abstraction: fixtures?.abstraction,
  } as unknown as MachineModel<AnyStateMachine>;
  return { model, generic };
}

/** The state machine a module exports (a machine module exports exactly one). */
export function machineExport(module: Record<string, unknown>): AnyStateMachine | undefined {
  return Object.values(module).find(
    (value): value is AnyStateMachine =>
      typeof value === 'object' && value !== null && 'root' in value && 'getInitialSnapshot' in value && 'provide' in value,
  );
}
