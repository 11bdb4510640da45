/**
 * The one way to start a flow (DESIGN §5, §6): a machine with its real actors (the feature's
 * `<flow>.actors.ts`), started with the app's inspector attached, so /testing2 sees every flow.
 *
 *   const machine = useMemo(() => createSignInFlow(api), [api]);
 *   const flow = useFlow(machine);
 *
 * A component starts its flow with `useFlow` (the actor lives as long as the component; new
 * actors given on a later render replace the running ones, as `useActorRef` does); code outside
 * React (the bag, which follows the session; the session itself) starts one with `startFlow` or
 * `createFlow`.
 */
import { useActorRef } from '@xstate/react';
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type InspectionEvent } from 'xstate';
import type { Inspection } from './inspection.ts';
import { useServices } from './services.ts';

/** What a flow may be started with; the inspector is always the app's. */
export type FlowOptions<TMachine extends AnyStateMachine> = Omit<ActorOptions<TMachine>, 'inspect'>;

export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, options?: FlowOptions<TMachine>): Actor<TMachine> {
  const { inspection } = useServices();
  return (useActorRef as (m: TMachine, o: ActorOptions<TMachine>) => Actor<TMachine>)(machine, { ...options, inspect: inspection.inspect });
}

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
