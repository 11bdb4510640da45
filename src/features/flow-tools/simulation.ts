/**
 * Running a machine in the atlas: pure transitions with fixture actors. Nothing is called and no
 * timer runs: an invoked actor stays pending until its `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` fixture is chosen, and a named delay passes when it is fast-forwarded.
 * The history is a list of snapshots, so rewinding is dropping its tail.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { AFTER, DONE, ERROR, eventsOf, materialize, pureScope, type MachineModel, type ModelSnapshot } from '../../../flows/model.ts';
import { formatMs } from '../../../flows/plan.ts';

export interface Step {
  /** Absent for the start. */
  event?: AnyEventObject;
  label: string;
  snapshot: ModelSnapshot;
}

export interface Offer {
  event: AnyEventObject;
  label: string;
  kind: 'user' | 'done' | 'error' | 'delay';
}

export function start(model: MachineModel<AnyStateMachine>, input: unknown): Step {
  return { label: 'start', snapshot: materialize(model.machine, input, []).state };
}

function brief(value: unknown, max = 48): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function offerLabel(event: AnyEventObject, machine: AnyStateMachine, siblings = 1): string {
  if (event.type.startsWith(DONE)) {
    const name = event.type.slice(DONE.length);
    const out = event.output as { ok?: unknown; code?: unknown } | undefined;
    if (out && typeof out === 'object' && 'ok' in out) return `${name} → ${out.ok ? 'ok' : String(out.code)}`;
    return `${name} → ${brief(event.output, 32)}`;
  }
  if (event.type.startsWith(ERROR)) return `${event.type.slice(ERROR.length)} → fails`;
  if (event.type.startsWith(AFTER)) {
    const name = event.type.slice(AFTER.length).split('.')[0] ?? '';
    const ms = (machine.implementations.delays as Record<string, unknown>)[name];
    return `after ${name}${typeof ms === 'number' ? ` (${formatMs(ms)})` : ''}`;
  }
  const { type, ...payload } = event;
  return siblings > 1 && Object.keys(payload).length ? `${type} ${brief(payload)}` : type;
}

/** The events the current state accepts, one per fixture, in the order the machine lists them. */
export function offers(model: MachineModel<AnyStateMachine>, snapshot: ModelSnapshot): Offer[] {
  if (snapshot.status !== 'active') return [];
  const candidates = eventsOf(model)(snapshot);
  const perType = new Map<string, number>();
  for (const e of candidates) perType.set(e.type, (perType.get(e.type) ?? 0) + 1);
  const result: Offer[] = [];
  for (const event of candidates) {
    let enabled: boolean;
    try {
      enabled = snapshot.can(event as never);
    } catch {
      // A guard that cannot read a generic fixture: not offered.
      enabled = false;
    }
    if (!enabled) continue;
    const kind = event.type.startsWith(DONE) ? 'done' : event.type.startsWith(ERROR) ? 'error' : event.type.startsWith(AFTER) ? 'delay' : 'user';
    result.push({ event, kind, label: offerLabel(event, model.machine, perType.get(event.type)) });
  }
  // Several fixtures can read the same (two successful answers with different data): number them.
  const counts = new Map<string, number>();
  for (const o of result) counts.set(o.label, (counts.get(o.label) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const o of result) {
    if ((counts.get(o.label) ?? 0) < 2) continue;
    const n = (seen.get(o.label) ?? 0) + 1;
    seen.set(o.label, n);
    o.label = `${o.label} #${n}`;
  }
  return result;
}

export function advance(model: MachineModel<AnyStateMachine>, snapshot: ModelSnapshot, offer: Offer): Step {
  const next = model.machine.transition(snapshot, offer.event, pureScope()) as ModelSnapshot;
  return { event: offer.event, label: offer.label, snapshot: next };
}

/** Ids of the active state nodes (the root included). */
export function activeIds(snapshot: ModelSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((n) => n.id));
}
