/**
 * A machine's paths as a test plan a tester can follow by hand: each step says in which state to
 * be, what to send (or which call to let answer, which delay to let pass) and which state to expect.
 *
 * The plan has three parts, all from `xstate/graph` on the machine's model:
 * - shortest paths: one to every reachable state;
 * - simple paths (no state visited twice) that take a transition no earlier path took; a machine
 *   has many (sign-up some 1,800), and only these add anything to the plan;
 * - transition paths: the shortest path to a state plus one more transition, for the transitions
 *   left (loops back to a visited state, which simple paths never take).
 * Together they reach every state and transition the model can reach; `coverage` says which not.
 */
import type { AnyEventObject, AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, serializeSnapshot } from 'xstate/graph';
import {
  AFTER,
  describeEvent,
  DONE,
  ERROR,
  eventsOf,
  machineTransitions,
  materialize,
  modelPaths,
  reachOf,
  stepReach,
  valueString,
  type Coverage,
  type MachineModel,
  type ModelPath,
  type ModelSnapshot,
  type ModelStatePath,
  type Reach,
} from './model.ts';

export interface TestPlan {
  machine: string;
  shortest: ModelPath[];
  simple: ModelPath[];
  /** How many simple paths were looked at: all the graph has, unless `simpleCapped`. */
  simpleTotal: number;
  simpleCapped: boolean;
  transitions: ModelPath[];
  coverage: Coverage;
}

type LooseTraversal = (
  logic: AnyStateMachine,
  options: { input?: unknown; events: (s: ModelSnapshot) => AnyEventObject[]; serializeState: (s: ModelSnapshot) => string },
) => ModelStatePath[];

function serializerFor(model: MachineModel<AnyStateMachine>): (s: ModelSnapshot) => string {
  return model.abstraction
    ? (s) => JSON.stringify({ value: s.value, status: s.status, view: model.abstraction?.(s) })
    : (s) => serializeSnapshot(s);
}

function toModelPath(model: MachineModel<AnyStateMachine>, input: unknown, events: readonly AnyEventObject[]): ModelPath {
  const path = materialize(model.machine, input, events);
  const label = model.describeInput?.(input as never) ?? (input === undefined ? '' : JSON.stringify(input));
  const route = events.map(describeEvent).join(' → ');
  return { input, path, description: `${label ? `[${label}] ` : ''}${route || '(start)'} ⇒ ${valueString(path.state)}` };
}

/** Shortest paths to every reachable state, for every input, walked on the pure machine. */
function shortestPaths(model: MachineModel<AnyStateMachine>): ModelPath[] {
  const events = eventsOf(model);
  const serializeState = serializerFor(model);
  return model.inputs.flatMap((input) =>
    (getShortestPaths as unknown as LooseTraversal)(model.machine, { input, events, serializeState }).map((p) =>
      toModelPath(
        model,
        input,
        p.steps.slice(1).map((s) => s.event),
      ),
    ),
  );
}

type Adjacency = Record<
  string,
  { state: ModelSnapshot; transitions: Record<string, { event: AnyEventObject; state: ModelSnapshot }> }
>;

interface Found {
  input: unknown;
  events: AnyEventObject[];
  /** Keys of the adjacency edges the path takes, `from\nevent`. */
  edges: string[];
}

/**
 * The simple paths of `xstate/graph`'s `getSimplePaths` (every path from the start that visits no
 * state twice), found depth-first on the same adjacency map, stopping after `limit`: their number
 * grows exponentially with the graph (the bag's runs into the millions).
 */
function simplePaths(
  model: MachineModel<AnyStateMachine>,
  limit: number,
): { found: Found[]; capped: boolean; adjacency: Map<string, { state: ModelSnapshot; event: AnyEventObject }> } {
  const events = eventsOf(model);
  const serializeState = serializerFor(model);
  const found: Found[] = [];
  const edgeIndex = new Map<string, { state: ModelSnapshot; event: AnyEventObject }>();
  let capped = false;
  model.inputs.forEach((input, inputIndex) => {
    const adjacency = getAdjacencyMap(model.machine, { input, events, serializeState } as never) as unknown as Adjacency;
    const start = serializeState(materialize(model.machine, input, []).state);
    const visited = new Set<string>([start]);
    const walk = (key: string, trail: AnyEventObject[], edges: string[]): void => {
      const node = adjacency[key];
      if (!node) return;
      for (const [eventKey, { event, state }] of Object.entries(node.transitions)) {
        if (found.length >= limit) {
          capped = true;
          return;
        }
        const next = serializeState(state);
        if (visited.has(next)) continue;
        const edge = `${inputIndex}\n${key}\n${eventKey}`;
        edgeIndex.set(edge, { state: node.state, event });
        const path = { input, events: [...trail, event], edges: [...edges, edge] };
        found.push(path);
        visited.add(next);
        walk(next, path.events, path.edges);
        visited.delete(next);
      }
    };
    walk(start, [], []);
  });
  return { found, capped, adjacency: edgeIndex };
}

export function testPlan(
  model: MachineModel<AnyStateMachine>,
  options: { everySimplePath?: boolean; simplePathLimit?: number } = {},
): TestPlan {
  const { machine } = model;
  const all = machineTransitions(machine);
  const taken = new Set<AnyTransitionDefinition>();
  const entered = new Set<string>();
  /** Notes what a path reaches; true when it reaches anything not reached before. */
  const adds = (path: ModelPath) => {
    const reach = reachOf(machine, path, all);
    const before = taken.size + entered.size;
    reach.transitions.forEach((t) => taken.add(t));
    reach.states.forEach((s) => entered.add(s));
    return taken.size + entered.size > before;
  };
  const shortest = shortestPaths(model);
  shortest.forEach(adds);
  // What a simple path reaches is what its edges reach, each edge replayed once (there are far
  // fewer edges than paths); only the paths kept are walked whole.
  const { found, capped, adjacency } = simplePaths(model, options.simplePathLimit ?? 5000);
  const edgeReach = new Map<string, Reach>();
  const reachOfEdge = (edge: string) => {
    let reach = edgeReach.get(edge);
    if (!reach) {
      const { state, event } = adjacency.get(edge)!;
      reach = stepReach(machine, state, event, all);
      edgeReach.set(edge, reach);
    }
    return reach;
  };
  const addsEdges = (p: Found) => {
    const before = taken.size + entered.size;
    for (const edge of p.edges) {
      const reach = reachOfEdge(edge);
      reach.transitions.forEach((t) => taken.add(t));
      reach.states.forEach((s) => entered.add(s));
    }
    return taken.size + entered.size > before;
  };
  found.sort((a, b) => a.events.length - b.events.length);
  const kept = options.everySimplePath ? found.filter((p) => (addsEdges(p), true)) : found.filter(addsEdges);
  const simple = kept.map((p) => toModelPath(model, p.input, p.events));
  const transitions = modelPaths(model).filter(adds);
  return {
    machine: machine.id,
    shortest,
    simple,
    simpleTotal: found.length,
    simpleCapped: capped,
    transitions,
    coverage: coverageFrom(machine, shortest.length + simple.length + transitions.length, entered, taken, all),
  };
}

function coverageFrom(
  machine: AnyStateMachine,
  paths: number,
  entered: ReadonlySet<string>,
  taken: ReadonlySet<AnyTransitionDefinition>,
  all: Map<AnyTransitionDefinition, string>,
): Coverage {
  const stateIds = getStateNodes(machine.root).map((n) => n.id);
  const missingStates = stateIds.filter((id) => !entered.has(id));
  const missingTransitions = [...all].filter(([t]) => !taken.has(t)).map(([, label]) => label);
  return {
    machine: machine.id,
    paths,
    states: { total: stateIds.length, covered: stateIds.length - missingStates.length, missing: missingStates },
    transitions: { total: all.size, covered: all.size - missingTransitions.length, missing: missingTransitions },
  };
}

/** The active leaf states, without the machine id: `verifying.code.waiting + verifying.resend.cooldown`. */
export function stateLabel(snapshot: ModelSnapshot): string {
  const leaves = snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.path.join('.'));
  const label = leaves.join(' + ') || valueString(snapshot);
  return snapshot.status === 'done' ? `${label} (done)` : label;
}

function brief(value: unknown, max = 100): string {
  let text: string;
  try {
    text = value instanceof Error ? `Error(${JSON.stringify(value.message)})` : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a tester does for one event, in words. */
export function describeAction(event: AnyEventObject, delays: Record<string, unknown> = {}): string {
  if (event.type.startsWith(DONE)) return `let ${event.type.slice(DONE.length)} answer ${brief(event.output)}`;
  if (event.type.startsWith(ERROR)) return `let ${event.type.slice(ERROR.length)} fail (${brief(event.error)})`;
  if (event.type.startsWith(AFTER)) {
    const name = event.type.slice(AFTER.length).split('.')[0] ?? '';
    const ms = delays[name];
    return `let the delay ${name}${typeof ms === 'number' ? ` (${formatMs(ms)})` : ''} pass`;
  }
  const { type, ...payload } = event;
  return `send ${type}${Object.keys(payload).length ? ` ${brief(payload)}` : ''}`;
}

export function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} min`;
  if (ms % 1000 === 0 && ms >= 1000) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** One path as numbered steps: in state X, send event Y, expect state Z. */
export function formatPath(path: ModelPath, index: number, machine: AnyStateMachine): string[] {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const [first, ...rest] = path.path.steps;
  const lines = [`  ${index}. ${path.description}`];
  let state = first ? stateLabel(first.state as ModelSnapshot) : '?';
  lines.push(`     start${path.input === undefined ? '' : ` with input ${brief(path.input)}`}: expect ${state}`);
  rest.forEach((step, i) => {
    const next = stateLabel(step.state as ModelSnapshot);
    lines.push(`     ${i + 1}. in ${state}, ${describeAction(step.event, delays)}, expect ${next}`);
    state = next;
  });
  return lines;
}

export function formatPlan(plan: TestPlan, machine: AnyStateMachine, source?: string): string {
  const lines = [`Test plan for ${plan.machine}${source ? ` (${source})` : ''}`, ''];
  let n = 0;
  const section = (title: string, paths: readonly ModelPath[]) => {
    lines.push(title);
    for (const p of paths) lines.push(...formatPath(p, ++n, machine));
    lines.push('');
  };
  section(`Shortest paths: ${plan.shortest.length} (one to each reachable state)`, plan.shortest);
  const of = plan.simpleCapped ? `the first ${plan.simpleTotal}` : `${plan.simpleTotal}`;
  section(
    plan.simple.length === plan.simpleTotal
      ? `Simple paths: ${plan.simple.length}`
      : `Simple paths: ${plan.simple.length} of ${of} (those that take a transition or reach a state no earlier path did)`,
    plan.simple,
  );
  section(`Transition paths: ${plan.transitions.length} (a shortest path, then the transition it is for)`, plan.transitions);
  lines.push(`Coverage: ${plan.coverage.states.covered}/${plan.coverage.states.total} states, ${plan.coverage.transitions.covered}/${plan.coverage.transitions.total} transitions`);
  return lines.join('\n');
}
