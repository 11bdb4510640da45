/**
 * Replays a model path against a real, running actor: the machine with every actor provided as a
 * `fromPromise` fixture that stays pending until the path says how it ends, and a SimulatedClock
 * for named delays. After every step the actor's snapshot must equal the one the path expects.
 * The machine-side twin of ui-paths.ts (which runs the same paths on the rendered app).
 */
import { createActor, fromPromise, SimulatedClock, type AnyActorLogic, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { serializeSnapshot } from 'xstate/graph';
import type { MachineModel, ModelPath } from '../../flows/model.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

export interface ReplayRecord {
  /** Inputs each actor was started with, in order. */
  calls: Array<{ src: string; input: unknown }>;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function delayOf(machine: AnyStateMachine, eventType: string): number {
  const name = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  const configured: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof configured === 'number') return configured;
  const n = Number(name);
  if (Number.isFinite(n)) return n;
  throw new Error(`${machine.id}: cannot replay delay "${name}"`);
}

export async function replayOnActor<M extends AnyStateMachine>(model: MachineModel<M>, modelPath: ModelPath<M>): Promise<ReplayRecord> {
  const pending = new Map<string, Pending[]>();
  const record: ReplayRecord = { calls: [] };
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of Object.keys(model.actors)) {
    actors[src] = fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) => {
          record.calls.push({ src, input });
          const list = pending.get(src) ?? [];
          list.push({ resolve, reject, input });
          pending.set(src, list);
        }),
    );
  }
  const clock = new SimulatedClock();
  const machine = model.machine.provide({ actors } as never);
  const actor = createActor(machine, { input: modelPath.input, clock } as never);
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  const expectStep = (event: AnyEventObject | undefined, expected: unknown) => {
    if (errors.length) throw new Error(`${modelPath.description}: actor failed: ${String(errors[0])}`);
    const got = serializeSnapshot(actor.getSnapshot());
    const want = serializeSnapshot(expected as never);
    if (got !== want) throw new Error(`${modelPath.description}: after ${event?.type ?? 'start'} the actor is in ${got}, expected ${want}`);
  };
  const [first, ...rest] = modelPath.path.steps;
  expectStep(undefined, first?.state);
  for (const { event, state } of rest) {
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const src = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const call = pending.get(src)?.pop();
      if (!call) throw new Error(`${modelPath.description}: ${src} is not running when the path ends it`);
      if (event.type.startsWith('xstate.done.actor.')) call.resolve(event.output);
      else call.reject(event.error);
      await tick();
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(model.machine, event.type));
    } else {
      actor.send(event as never);
    }
    expectStep(event, state);
  }
  actor.stop();
  return record;
}
