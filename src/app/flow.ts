/**
 * Flows outside React (the session, the bag): a machine started with the app's inspector attached.
 * Components use `useFlow` (use-flow.ts), which re-exports these.
 */
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type InspectionEvent } from 'xstate';
import type { Inspection } from './inspection.ts';

/** What a flow may be started with; the inspector is always the app's. */
export type FlowOptions<TMachine extends AnyStateMachine> = Omit<ActorOptions<TMachine>, 'inspect'>;

type Inspect = Pick<Inspection, 'inspect'> | ((event: InspectionEvent) => void) | undefined;

/** A flow outside React, with the app's inspector attached, not started yet (the session wires the API to it first). */
export function createFlow<TMachine extends AnyStateMachine>(inspection: Inspect, machine: TMachine, options?: FlowOptions<TMachine>): Actor<TMachine> {
  const inspect = typeof inspection === 'function' ? inspection : inspection?.inspect;
  return (createActor as (m: TMachine, o: ActorOptions<TMachine>) => Actor<TMachine>)(machine, { ...options, inspect });
}

/** Starts a flow outside React, with the app's inspector attached. The caller stops it. */
export function startFlow<TMachine extends AnyStateMachine>(inspection: Inspect, machine: TMachine, options?: FlowOptions<TMachine>): Actor<TMachine> {
  return createFlow(inspection, machine, options).start();
}
