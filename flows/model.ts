/**
 * Model-based paths and their coverage, for any machine of machines/. Shared by the tests
 * (tests/machines), the `npm run paths` CLI and the flow atlas in the app, so it depends on
 * xstate alone: no vitest, no node, no DOM.
 *
 * A machine's model is the machine plus its fixtures (machines/<flow>/<flow>.fixtures.ts): the user
 * events the UI can send, and for every actor the outcomes it can resolve with (each becomes an
 * `xstate.done.actor.<id>` event) and one rejection (`xstate.error.actor.<id>`). Its type is derived
 * from the machine, so a new event or a new actor without fixtures does not compile. Invoke ids are
 * the actor names (`invoke: { id: 'userLogin', src: 'userLogin' }`); `modelPaths` refuses others.
 *
 * Paths come from `xstate/graph`: the shortest path to every reachable snapshot, plus, for every edge
 * of the adjacency map, that shortest path extended by the edge, so every transition is taken.
 * `coverage` replays paths on the pure machine and reports which state nodes were entered and which
 * transitions of the machine definition were taken. Nothing here depends on vitest, so a CLI
 * (`npm run paths -- --all --check`) can reuse it.
 */
import {
  createEmptyActor,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type OutputFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot, type StatePath } from 'xstate/graph';

/** The actors a machine declares in `setup({ actors })`, by name. */
export type ActorsOf<M extends AnyStateMachine> = Required<NonNullable<NonNullable<Parameters<M['provide']>[0]>['actors']>>;

type AtLeastOne<T> = readonly [T, ...T[]];

export type EventFixtures<M extends AnyStateMachine> = {
  [T in EventFromLogic<M>['type']]: AtLeastOne<Extract<EventFromLogic<M>, { type: T }>>;
};

export type ActorFixtures<M extends AnyStateMachine> = {
  [K in keyof ActorsOf<M>]: {
    /** What the actor may resolve with; each value is one `xstate.done.actor.<name>` event. */
    done: AtLeastOne<OutputFrom<ActorsOf<M>[K]>>;
    /** What it rejects with (network down). */
    error: unknown;
  };
};

/** A machine's fixtures: its model without the machine (machines/<flow>/<flow>.fixtures.ts). */
export type FlowFixtures<M extends AnyStateMachine> = Omit<MachineModel<M>, 'machine'>;

export interface MachineModel<M extends AnyStateMachine> {
  machine: M;
  /** Inputs to start from; paths are generated from each. */
  inputs: AtLeastOne<InputFrom<M>>;
  /** Names an input in path descriptions. */
  describeInput?: (input: InputFrom<M>) => string;
  events: EventFixtures<M>;
  actors: ActorFixtures<M>;
  /**
   * What makes two snapshots "the same state" for path generation (default: value and whole
   * context). A coarser view keeps the graph small when context holds many combinations; the
   * replay still checks every snapshot in full.
   */
  abstraction?: (snapshot: ModelSnapshot) => unknown;
}

export type ModelSnapshot = AnyMachineSnapshot;
export type ModelStatePath = StatePath<ModelSnapshot, AnyEventObject>;

export interface ModelPath<M extends AnyStateMachine = AnyStateMachine> {
  input: InputFrom<M>;
  /** `steps[0]` is the initial snapshot (event `xstate.init`); each later step is an event and the snapshot it led to. */
  path: ModelStatePath;
  description: string;
}

export const DONE = 'xstate.done.actor.';
export const ERROR = 'xstate.error.actor.';
export const AFTER = 'xstate.after.';
export const SNAPSHOT = 'xstate.snapshot.';

// The graph functions are typed for user events only; fixtures add the actor events, so they go through this loose view.
type LooseTraversal = (
  logic: AnyStateMachine,
  options: { input?: unknown; events: (s: ModelSnapshot) => AnyEventObject[]; serializeState: (s: ModelSnapshot) => string },
) => ModelStatePath[];

export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** Every invoke must be named after its actor, so fixtures keyed by actor name match the done/error events. */
export function checkInvokeIds(machine: AnyStateMachine): void {
  for (const node of allNodes(machine)) {
    for (const inv of node.invoke) {
      if (inv.id !== inv.src) throw new Error(`${node.id}: invoke id "${inv.id}" must equal its actor name "${String(inv.src)}"`);
    }
  }
}

/** The events to try in a snapshot: its own event descriptors, each replaced by the model's fixtures. */
export function eventsOf<M extends AnyStateMachine>(model: MachineModel<M>): (s: ModelSnapshot) => AnyEventObject[] {
  const table = new Map<string, AnyEventObject[]>();
  for (const [type, list] of Object.entries(model.events as Record<string, readonly AnyEventObject[]>)) table.set(type, [...list]);
  for (const [src, f] of Object.entries(model.actors as Record<string, { done: readonly unknown[]; error: unknown }>)) {
    table.set(DONE + src, f.done.map((output) => ({ type: DONE + src, output, actorId: src })));
    table.set(ERROR + src, [{ type: ERROR + src, error: f.error, actorId: src }]);
  }
  return (snapshot) =>
    [...new Set(snapshot._nodes.flatMap((n) => n.ownEvents as string[]))].flatMap((type) => {
      const fixtures = table.get(type);
      if (fixtures) return fixtures;
      if (type.startsWith(AFTER)) return [{ type }];
      // A child's snapshot, relayed so that the page follows the child (onSnapshot): the child's own model drives its steps.
      if (type.startsWith(SNAPSHOT)) return [];
      throw new Error(`${model.machine.id}: no fixture for event "${type}"`);
    });
}

function eventKey(e: AnyEventObject): string {
  return JSON.stringify(e);
}

/** A short name for an event in path descriptions: `SUBMIT`, `userLogin:ok`, `userLogin:rejected`, `after resendCooldown`. */
export function describeEvent(e: AnyEventObject): string {
  if (e.type.startsWith(DONE)) {
    const out = e.output as { ok?: boolean; code?: string } | undefined;
    const how = out && typeof out === 'object' && 'ok' in out ? (out.ok ? 'ok' : String(out.code)) : 'done';
    return `${e.type.slice(DONE.length)}:${how}`;
  }
  if (e.type.startsWith(ERROR)) return `${e.type.slice(ERROR.length)}:rejected`;
  if (e.type.startsWith(AFTER)) return `after ${e.type.slice(AFTER.length).split('.')[0]}`;
  return e.type;
}

export function valueString(s: ModelSnapshot): string {
  return typeof s.value === 'string' ? s.value : JSON.stringify(s.value);
}

/** An actor scope in which nothing runs: actions are not executed, actors are not started, no timers. */
export function pureScope(): AnyActorScope {
  const self = createEmptyActor();
  return {
    self,
    id: '',
    sessionId: 'model',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
}

export function materialize(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[]): ModelStatePath {
  const scope = pureScope();
  let state = machine.getInitialSnapshot(scope, input) as ModelSnapshot;
  const steps: ModelStatePath['steps'] = [{ event: { type: 'xstate.init', input }, state }];
  for (const event of events) {
    state = machine.transition(state, event, scope) as ModelSnapshot;
    steps.push({ event, state });
  }
  return { state, steps, weight: events.length };
}

/**
 * Transition-cover paths: the shortest path to every reachable snapshot, and for every edge
 * (snapshot × event) of the adjacency map the shortest path to its source plus that edge.
 * Paths that are a prefix of another path are dropped.
 */
export function modelPaths<M extends AnyStateMachine>(model: MachineModel<M>): ModelPath<M>[] {
  checkInvokeIds(model.machine);
  const events = eventsOf(model);
  const result: ModelPath<M>[] = [];
  for (const input of model.inputs) {
    const serializeState = model.abstraction
      ? (s: ModelSnapshot) => JSON.stringify({ value: s.value, status: s.status, view: model.abstraction?.(s) })
      : (s: ModelSnapshot) => serializeSnapshot(s);
    const options = { input, events, serializeState };
    const shortest = (getShortestPaths as unknown as LooseTraversal)(model.machine, options);
    const toState = new Map(shortest.map((p) => [serializeState(p.state), p]));
    const adjacency = getAdjacencyMap(model.machine, options as never) as unknown as Record<
      string,
      { transitions: Record<string, { event: AnyEventObject; state: ModelSnapshot }> }
    >;
    // Event sequences: every shortest path, and every edge appended to the shortest path to its source.
    const candidates: AnyEventObject[][] = shortest.map((p) => p.steps.slice(1).map((s) => s.event));
    for (const [from, { transitions }] of Object.entries(adjacency)) {
      const head = toState.get(from);
      if (!head) throw new Error(`${model.machine.id}: no shortest path to ${from}`);
      const headEvents = head.steps.slice(1).map((s) => s.event);
      for (const { event } of Object.values(transitions)) candidates.push([...headEvents, event]);
    }
    // Keep the longest first; drop any sequence that is a prefix of a kept one.
    candidates.sort((a, b) => b.length - a.length);
    const prefixes = new Set<string>();
    const label = model.describeInput?.(input) ?? (input === undefined ? '' : JSON.stringify(input));
    for (const events of candidates) {
      const keys = events.map(eventKey);
      if (prefixes.has(keys.join('\n'))) continue;
      for (let i = 0; i <= keys.length; i++) prefixes.add(keys.slice(0, i).join('\n'));
      // Walk the sequence on the pure machine, so every step holds the snapshot it really leads to
      // (with an abstraction, the graph only keeps one snapshot per abstract state).
      const path = materialize(model.machine, input, events);
      const route = events.map(describeEvent).join(' → ');
      result.push({
        input,
        path,
        description: `${label ? `[${label}] ` : ''}${route || '(start)'} ⇒ ${valueString(path.state)}`,
      });
    }
  }
  return result;
}

/** A pure actor scope (nothing runs, no timers) that reports the transitions of every microstep. */
function recordingScope(onTransitions: (ts: AnyTransitionDefinition[], s: ModelSnapshot) => void): AnyActorScope {
  const scope = pureScope();
  scope.system.inspect((ev: InspectionEvent) => {
    if (ev.type === '@xstate.microstep') onTransitions(ev._transitions, ev.snapshot as ModelSnapshot);
  });
  return scope;
}

export function guardName(t: AnyTransitionDefinition): string {
  const g: unknown = t.guard;
  if (g === undefined) return '';
  if (typeof g === 'string') return ` [${g}]`;
  if (typeof g === 'object' && g !== null && 'type' in g) return ` [${String((g as { type: unknown }).type)}]`;
  if (typeof g === 'function') return ` [${g.name || 'inline'}]`;
  return ' [guard]';
}

export function isForbidden(t: AnyTransitionDefinition): boolean {
  return !t.target && t.actions.length === 0 && !t.reenter;
}

/**
 * Every transition of the machine definition, labelled `source —event [guard]→ targets`.
 * Forbidden transitions (no target, no actions: documented "ignored here") are not transitions
 * anything can take, so they are left out.
 */
export function machineTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const out = new Map<AnyTransitionDefinition, string>();
  for (const node of allNodes(machine)) {
    const groups: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always?.length) groups.push(['(always)', node.always]);
    for (const [type, defs] of groups) {
      defs.forEach((t, i) => {
        // A child's relayed snapshot only lets the page follow the child; the child's own model covers its steps.
        if (isForbidden(t) || type.startsWith(SNAPSHOT)) return;
        const targets = t.target?.map((n: AnyStateNode) => n.id).join(', ') ?? '(self)';
        const ordinal = defs.length > 1 ? ` #${i + 1}` : '';
        out.set(t, `${node.id} —${type}${guardName(t)}${ordinal}→ ${targets}`);
      });
    }
  }
  return out;
}

export interface CoverageFigure {
  total: number;
  covered: number;
  missing: string[];
}

export interface Coverage {
  machine: string;
  paths: number;
  states: CoverageFigure;
  transitions: CoverageFigure;
}

export interface Reach {
  /** Ids of the state nodes entered. */
  states: Set<string>;
  transitions: Set<AnyTransitionDefinition>;
}

/**
 * Replays one path on the pure machine (checking every step lands on the snapshot the path
 * expects) and returns the state nodes it entered and the transitions of the definition it took.
 */
export function reachOf<M extends AnyStateMachine>(machine: M, { input, path, description }: ModelPath<M>, all = machineTransitions(machine)): Reach {
  const reach: Reach = { states: new Set(), transitions: new Set() };
  const noteSnapshot = (s: ModelSnapshot) => s._nodes.forEach((n) => reach.states.add(n.id));
  const scope = recordingScope((ts, s) => {
    noteSnapshot(s);
    for (const t of ts) {
      if (!all.has(t)) throw new Error(`${machine.id}: a transition outside the definition was taken (${t.eventType})`);
      reach.transitions.add(t);
      reach.states.add(t.source.id);
    }
  });
  let snapshot = machine.getInitialSnapshot(scope, input) as ModelSnapshot;
  noteSnapshot(snapshot);
  const [first, ...rest] = path.steps;
  if (first && serializeSnapshot(first.state) !== serializeSnapshot(snapshot)) {
    throw new Error(`${machine.id}: path "${description}" does not start from the initial snapshot`);
  }
  for (const step of rest) {
    snapshot = machine.transition(snapshot, step.event, scope) as ModelSnapshot;
    noteSnapshot(snapshot);
    if (serializeSnapshot(snapshot) !== serializeSnapshot(step.state)) {
      throw new Error(
        `${machine.id}: replaying "${description}", ${step.event.type} led to ${serializeSnapshot(snapshot)}, expected ${serializeSnapshot(step.state)}`,
      );
    }
  }
  return reach;
}

/** What one event taken in a snapshot reaches: the state nodes it enters and the transitions it takes. */
export function stepReach(
  machine: AnyStateMachine,
  snapshot: ModelSnapshot,
  event: AnyEventObject,
  all = machineTransitions(machine),
): Reach {
  const reach: Reach = { states: new Set(), transitions: new Set() };
  const scope = recordingScope((ts, s) => {
    s._nodes.forEach((n) => reach.states.add(n.id));
    for (const t of ts) if (all.has(t)) reach.transitions.add(t);
  });
  const next = machine.transition(snapshot, event, scope) as ModelSnapshot;
  next._nodes.forEach((n) => reach.states.add(n.id));
  return reach;
}

/** The state nodes entered and transitions taken by a set of paths, out of all the machine has. */
export function coverage<M extends AnyStateMachine>(machine: M, paths: readonly ModelPath<M>[]): Coverage {
  const all = machineTransitions(machine);
  const stateIds = getStateNodes(machine.root).map((n) => n.id);
  const takenTransitions = new Set<AnyTransitionDefinition>();
  const enteredStates = new Set<string>();
  for (const path of paths) {
    const reach = reachOf(machine, path, all);
    reach.states.forEach((id) => enteredStates.add(id));
    reach.transitions.forEach((t) => takenTransitions.add(t));
  }
  const missingTransitions = [...all].filter(([t]) => !takenTransitions.has(t)).map(([, label]) => label);
  const missingStates = stateIds.filter((id) => !enteredStates.has(id));
  return {
    machine: machine.id,
    paths: paths.length,
    states: { total: stateIds.length, covered: stateIds.length - missingStates.length, missing: missingStates },
    transitions: { total: all.size, covered: all.size - missingTransitions.length, missing: missingTransitions },
  };
}

export function formatCoverage(c: Coverage): string {
  const pct = (f: CoverageFigure) => (f.total === 0 ? 100 : Math.round((1000 * f.covered) / f.total) / 10);
  const lines = [
    `${c.machine}: ${c.paths} paths · states ${c.states.covered}/${c.states.total} (${pct(c.states)}%) · transitions ${c.transitions.covered}/${c.transitions.total} (${pct(c.transitions)}%)`,
  ];
  for (const m of c.states.missing) lines.push(`  state not reached: ${m}`);
  for (const m of c.transitions.missing) lines.push(`  transition not taken: ${m}`);
  return lines.join('\n');
}
