/**
 * A machine's statechart laid out by ELK (elkjs, its worker-less bundled build, loaded only here):
 * states as boxes nested in their parents, initial markers, final states, and transitions as
 * labelled edges (event, guard, delay). Targetless transitions (actions only) are listed inside
 * their state instead of drawn as loops. Sizes come from text length, so it needs no DOM.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface StateBox {
  id: string;
  /** The state's key (the machine id for the root). */
  key: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history' | 'initial';
  /** A region of a parallel state: drawn dashed. */
  region: boolean;
  description?: string;
  /** Wrapped description lines shown in the box. */
  descriptionLines: string[];
  /** `invoke: userLogin`, `EDIT [hasError]` (targetless transitions), tags. */
  notes: string[];
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
}

export interface TransitionEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  /** The label as drawn: the event, then the guard on a line of its own. */
  labelLines: string[];
  description?: string;
  /** SVG path data in absolute coordinates. */
  path: string;
  labelBox?: { x: number; y: number; width: number; height: number };
  /** Arrow head at the end: the last point and the one before it. */
  end: { x: number; y: number; fromX: number; fromY: number };
}

export interface StatechartLayout {
  width: number;
  height: number;
  boxes: StateBox[];
  edges: TransitionEdge[];
}

const CHAR = 6.6;
const TITLE_CHAR = 7.6;
const LINE = 15;
const PAD = 10;
const WRAP = 34;
const MAX_DESCRIPTION_LINES = 4;

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const STATE_DONE = 'xstate.done.state.';

function guardText(t: AnyTransitionDefinition): string {
  const g: unknown = t.guard;
  if (g === undefined) return '';
  if (typeof g === 'string') return ` [${g}]`;
  if (typeof g === 'object' && g !== null && 'type' in g) return ` [${String((g as { type: unknown }).type)}]`;
  if (typeof g === 'function') return ` [${g.name || 'guard'}]`;
  return ' [guard]';
}

/** How a transition's event reads on the chart: `SUBMIT`, `done: userLogin`, `after resendCooldown`, `always`, with its guard. */
export function eventText(t: AnyTransitionDefinition): string {
  return eventLines(t).join(' ');
}

/** The event, and the guard (if any) as a second line: long labels would widen the chart. */
export function eventLines(t: AnyTransitionDefinition): string[] {
  const type = t.eventType;
  let name: string;
  if (!type) name = 'always';
  else if (type.startsWith(DONE)) name = `done: ${type.slice(DONE.length)}`;
  else if (type.startsWith(ERROR)) name = `error: ${type.slice(ERROR.length)}`;
  else if (type.startsWith(STATE_DONE)) name = 'done';
  else if (type.startsWith(AFTER)) {
    const delay = (t as { delay?: unknown }).delay;
    name = `after ${typeof delay === 'string' || typeof delay === 'number' ? String(delay) : type.slice(AFTER.length).split('.')[0]}`;
  } else name = type;
  const guard = guardText(t).trim();
  return guard ? [name, guard] : [name];
}

export function wrap(text: string, width = WRAP, maxLines = MAX_DESCRIPTION_LINES): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/.{0,2}$/, '')}…`;
    return kept;
  }
  return lines;
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const list: AnyTransitionDefinition[] = [];
  for (const defs of node.transitions.values()) list.push(...defs);
  if (node.always) list.push(...node.always);
  return list;
}

/** A transition nothing can take: no target, no actions (documented "ignored here"). */
const isForbidden = (t: AnyTransitionDefinition) => !t.target?.length && t.actions.length === 0 && !t.reenter;

interface Built {
  graph: ElkNode;
  boxes: Map<string, Omit<StateBox, 'x' | 'y' | 'width' | 'height'>>;
  edgeInfo: Map<string, { lines: string[]; description?: string; source: string; target: string }>;
}

/** The ELK graph of a machine (exported for tests): one node per state, one edge per transition target. */
export function buildElkGraph(machine: AnyStateMachine): Built {
  const boxes: Built['boxes'] = new Map();
  const edgeInfo: Built['edgeInfo'] = new Map();
  const edges: ElkExtendedEdge[] = [];
  let edgeCount = 0;

  const label = (lines: string[]): ElkLabel => ({
    text: lines.join(' '),
    width: Math.max(...lines.map((l) => l.length)) * CHAR + 6,
    height: lines.length * LINE,
  });

  const addEdge = (source: string, target: string, lines: string[], description?: string) => {
    const id = `e${edgeCount++}`;
    edges.push({ id, sources: [source], targets: [target], labels: lines.length ? [label(lines)] : [] });
    edgeInfo.set(id, { lines, description, source, target });
  };

  const visit = (node: AnyStateNode, depth: number, region: boolean): ElkNode => {
    const notes: string[] = [];
    for (const inv of node.invoke) notes.push(`invoke: ${inv.id}`);
    if (node.tags.length) notes.push(`tags: ${[...node.tags].join(', ')}`);
    for (const t of transitionsOf(node)) {
      if (isForbidden(t)) continue;
      if (!t.target?.length) notes.push(`${eventText(t)} ⟲`);
      else for (const target of t.target) addEdge(node.id, target.id, eventLines(t), t.description);
    }
    const kind: StateBox['kind'] = node.type === 'history' ? 'history' : node.type;
    const descriptionLines = node.description ? wrap(node.description) : [];
    boxes.set(node.id, { id: node.id, key: node.key, kind, region, description: node.description, descriptionLines, notes, depth });
    const textWidth = Math.max(node.key.length * TITLE_CHAR, ...descriptionLines.map((l) => l.length * CHAR), ...notes.map((n) => n.length * CHAR));
    const headerHeight = PAD + LINE + 2 + (descriptionLines.length + notes.length) * LINE + PAD / 2;
    const children = Object.values(node.states);
    if (children.length === 0) {
      return { id: node.id, width: Math.ceil(textWidth + 2 * PAD), height: Math.ceil(headerHeight + PAD / 2) };
    }
    const elkChildren: ElkNode[] = [];
    if (node.type === 'compound' && node.initial?.target?.length) {
      const marker = `${node.id}::initial`;
      boxes.set(marker, { id: marker, key: '', kind: 'initial', region: false, descriptionLines: [], notes: [], depth: depth + 1 });
      elkChildren.push({ id: marker, width: 12, height: 12 });
      for (const target of node.initial.target) addEdge(marker, target.id, []);
    }
    for (const child of children) elkChildren.push(visit(child, depth + 1, node.type === 'parallel'));
    return {
      id: node.id,
      children: elkChildren,
      layoutOptions: {
        'elk.padding': `[top=${Math.ceil(headerHeight)},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.ceil(textWidth + 2 * PAD)}, ${Math.ceil(headerHeight + PAD)})`,
        ...SPACING,
        // Regions of a parallel state side by side; the states of a compound state top to bottom.
        ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
    };
  };

  const root = visit(machine.root, 0, false);
  const graph: ElkNode = {
    id: '::graph',
    children: [root],
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      ...SPACING,
      'elk.layered.edgeLabels.sideSelection': 'ALWAYS_UP',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
  };
  return { graph, boxes, edgeInfo };
}

/**
 * Spacing and placement for every level (ELK reads them per parent node, not from the root alone).
 * Network-simplex placement keeps charts with many labelled transitions far narrower.
 */
const SPACING = {
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.spacing.nodeNode': '24',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.edgeEdge': '6',
  'elk.spacing.edgeNode': '8',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '6',
  'elk.layered.spacing.edgeNodeBetweenLayers': '8',
  'elk.spacing.edgeLabel': '2',
};

type ElkModule = { default: new () => { layout(graph: ElkNode): Promise<ElkNode> } };

let elk: Promise<{ layout(graph: ElkNode): Promise<ElkNode> }> | undefined;

/** The layout engine, loaded on first use (it is large, and only the atlas needs it). */
function engine() {
  elk ??= (import('elkjs/lib/elk.bundled.js') as unknown as Promise<ElkModule>).then((m) => new m.default());
  return elk;
}

export async function layoutStatechart(machine: AnyStateMachine): Promise<StatechartLayout> {
  const { graph, boxes, edgeInfo } = buildElkGraph(machine);
  const laid = await (await engine()).layout(graph);
  const absolute = new Map<string, { x: number; y: number }>([['::graph', { x: 0, y: 0 }]]);
  const placed: StateBox[] = [];
  const walk = (node: ElkNode, ox: number, oy: number) => {
    for (const child of node.children ?? []) {
      const x = ox + (child.x ?? 0);
      const y = oy + (child.y ?? 0);
      absolute.set(child.id, { x, y });
      const box = boxes.get(child.id);
      if (box) placed.push({ ...box, x, y, width: child.width ?? 0, height: child.height ?? 0 });
      walk(child, x, y);
    }
  };
  walk(laid, 0, 0);
  const edges: TransitionEdge[] = [];
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const info = edgeInfo.get(edge.id);
      const section = edge.sections?.[0];
      if (!info || !section) continue;
      // Edge coordinates are relative to the node ELK put the edge in.
      const origin = absolute.get(edge.container ?? node.id) ?? { x: 0, y: 0 };
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x + origin.x, y: p.y + origin.y }));
      const last = points[points.length - 1]!;
      const before = points[points.length - 2] ?? last;
      const l = edge.labels?.[0];
      edges.push({
        id: edge.id,
        source: info.source,
        target: info.target,
        label: info.lines.join(' '),
        labelLines: info.lines,
        description: info.description,
        path: points.map((p, i) => `${i ? 'L' : 'M'}${round(p.x)},${round(p.y)}`).join(' '),
        ...(l && info.lines.length
          ? { labelBox: { x: round((l.x ?? 0) + origin.x), y: round((l.y ?? 0) + origin.y), width: l.width ?? 0, height: l.height ?? 0 } }
          : {}),
        end: { x: round(last.x), y: round(last.y), fromX: round(before.x), fromY: round(before.y) },
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  return { width: Math.ceil(laid.width ?? 0), height: Math.ceil(laid.height ?? 0), boxes: placed.sort((a, b) => a.depth - b.depth), edges };
}

const round = (n: number) => Math.round(n * 10) / 10;
