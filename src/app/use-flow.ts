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
import type { Actor, ActorOptions, AnyStateMachine } from 'xstate';
import type { FlowOptions } from './flow.ts';
import { useServices } from './services.ts';

// Outside React (flow.ts has no React and no services, so the session can use it without a cycle).
export { createFlow, startFlow, type FlowOptions } from './flow.ts';

export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, options?: FlowOptions<TMachine>): Actor<TMachine> {
  const { inspection } = useServices();
  return (useActorRef as (m: TMachine, o: ActorOptions<TMachine>) => Actor<TMachine>)(machine, { ...options, inspect: inspection.inspect });
}
