/**
 * The one harness for running a machine's model paths against the rendered app (DESIGN §5: the
 * main flows run their paths on the UI too). A UI path test brings what only it knows: which
 * member events its page can play and how, and what the page must show for a state. This file
 * brings the rest, the same for every flow:
 *
 * - which paths to run: the model's paths (or a walk of the machine restricted to the steps the
 *   page can play, `realisablePaths`), cut to the fewest that take every transition they can
 *   (`coveringPaths`, `covering`);
 * - the server's side: the flow's calls are held (`heldCalls`) and answered over HTTP with the
 *   model's actor fixtures (`httpAnswer`), including the coupon-totals machine's two calls behind
 *   one getShoppingBag outcome (`couponTotalsAnswerable`, `couponTotalsAnswers`).
 */
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import {
  DONE,
  ERROR,
  describeEvent,
  eventsOf,
  machineTransitions,
  materialize,
  pureScope,
  reachOf,
  type MachineModel,
  type ModelPath,
  type ModelSnapshot,
} from '../../flows/model.ts';

// ---- Which paths to run.

/**
 * The machine's graph restricted to the steps the page can play (`realisable`): the shortest such
 * route to every state (told apart by `key`), then every realisable step from each.
 * `skipUnchanged` leaves out steps that change nothing the key sees (a done event still counts).
 */
export function realisablePaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  input: unknown,
  options: {
    realisable: (before: ModelSnapshot, event: AnyEventObject) => boolean;
    key: (s: ModelSnapshot) => string;
    skipUnchanged?: boolean;
  },
): ModelPath[] {
  const machine = model.machine as AnyStateMachine;
  const scope = pureScope();
  const events = eventsOf(model);
  const { key, realisable } = options;
  const initial = machine.getInitialSnapshot(scope, input) as ModelSnapshot;
  const reached = new Map<string, { snapshot: ModelSnapshot; route: AnyEventObject[] }>([[key(initial), { snapshot: initial, route: [] }]]);
  const candidates: AnyEventObject[][] = [];
  // Map iteration also visits entries added while iterating: a breadth-first walk.
  for (const { snapshot, route } of reached.values()) {
    if (options.skipUnchanged && snapshot.status !== 'active') continue;
    for (const event of events(snapshot)) {
      if (!realisable(snapshot, event)) continue;
      const next = machine.transition(snapshot, event as never, scope) as ModelSnapshot;
      if (
        options.skipUnchanged &&
        (next === snapshot || (JSON.stringify(next.value) === JSON.stringify(snapshot.value) && key(next) === key(snapshot) && !event.type.startsWith(DONE)))
      )
        continue;
      candidates.push([...route, event]);
      if (!reached.has(key(next))) reached.set(key(next), { snapshot: next, route: [...route, event] });
    }
  }
  return candidates.map((route) => ({ input, path: materialize(machine, input, route), description: route.map(describeEvent).join(' → ') }));
}

/**
 * Greedy: the fewest paths that together take every transition the given paths take (each round
 * the path that adds most; `preferShorter` breaks a tie for the shorter). `missing` names the
 * machine's transitions none of them takes.
 */
export function coveringPaths(machine: AnyStateMachine, paths: ModelPath[], options: { preferShorter?: boolean } = {}) {
  const all = machineTransitions(machine);
  const reaches = paths.map((p) => ({ p, t: reachOf(machine, p, all).transitions }));
  const taken = new Set<AnyTransitionDefinition>();
  const chosen: ModelPath[] = [];
  for (;;) {
    let best: (typeof reaches)[number] | undefined;
    let gain = 0;
    for (const r of reaches) {
      const g = [...r.t].filter((t) => !taken.has(t)).length;
      const shorterTie = options.preferShorter && g === gain && g > 0 && best && r.p.path.steps.length < best.p.path.steps.length;
      if (g > gain || shorterTie) [best, gain] = [r, g];
    }
    if (!best) break;
    chosen.push(best.p);
    best.t.forEach((t) => taken.add(t));
  }
  const missing = [...all].filter(([t]) => !taken.has(t)).map(([, label]) => label);
  return { chosen, missing };
}

/** Fewest paths that reach what all of them reach: longest first, each kept only if it adds a state or a transition. */
export function covering(machine: AnyStateMachine, paths: ModelPath[]): ModelPath[] {
  const all = machineTransitions(machine);
  const seen = new Set<unknown>();
  return [...paths]
    .sort((a, b) => b.path.steps.length - a.path.steps.length)
    .filter((p) => {
      const reach = reachOf(machine, p, all);
      const before = seen.size;
      reach.states.forEach((s) => seen.add(s));
      reach.transitions.forEach((t) => seen.add(t));
      return seen.size > before;
    });
}

// ---- The server's side.

/** One HTTP answer to a held call, or the network failing. */
export type HttpAnswer = { status: number; body: unknown } | 'network down';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const toResponse = (answer: HttpAnswer): Response | Error => (answer === 'network down' ? new TypeError('Failed to fetch') : json(answer.status, answer.body));

/** A refusal as the server answers it (DESIGN §4 error envelope). */
export const refusal = (code: string, message = '', extra: Record<string, unknown> = {}): HttpAnswer => ({
  status: 400,
  body: { result: false, ErrorCode: code, message, ...extra },
});

type Outcome = { ok: boolean; data?: unknown; code?: string; message?: string };

/**
 * The HTTP answer for one actor fixture outcome: a rejection is the network failing, a CallResult
 * is the server's answer (`body` shapes an ok answer's body; a refusal carries its fail data, and
 * `message` says what message a refusal without one carries).
 */
export function httpAnswer(
  event: AnyEventObject,
  options: { body?: (data: unknown) => object; message?: (code: string) => string } = {},
): HttpAnswer {
  if (event.type.startsWith(ERROR)) return 'network down';
  const out = event.output as Outcome;
  if (out.ok) return { status: 200, body: { result: true, ...(options.body ? options.body(out.data) : (out.data as object)) } };
  return refusal(out.code!, out.message ?? options.message?.(out.code!) ?? '', (out.data as Record<string, unknown> | undefined) ?? {});
}

/** The coupon-totals machine's output, as a getShoppingBag actor answers a bag or checkout flow. */
type CouponTotalsOutcome =
  | { ok: true; data: { totals: unknown; couponID?: string | undefined; couponError?: CouponRefusal | undefined } }
  | { ok: false; code: string; message?: string | undefined; data?: { couponError?: CouponRefusal | undefined } | undefined };
type CouponRefusal = { code: string; message?: string | undefined; reason?: string | undefined };

/**
 * Whether the real app can produce this getShoppingBag outcome. The actor runs the coupon-totals
 * machine over the HTTP call: it reports the coupon it was given, turns a refusal into a second
 * call, and turns a network failure into a NetworkError value (so the flow never sees it rejected).
 */
export function couponTotalsAnswerable(event: AnyEventObject, coupon: string | undefined): boolean {
  if (event.type === ERROR + 'getShoppingBag') return false;
  if (event.type !== DONE + 'getShoppingBag') return true;
  const out = event.output as CouponTotalsOutcome;
  if (out.ok) return out.data.couponError ? coupon !== undefined : out.data.couponID === coupon;
  return out.data?.couponError ? coupon !== undefined : true;
}

/** The HTTP answers behind one getShoppingBag outcome: a coupon refused on reading is a 70600 first, then the bag without it. */
export function couponTotalsAnswers(event: AnyEventObject, bagBody: (totals: never) => object = (t) => t): HttpAnswer[] {
  const out = event.output as CouponTotalsOutcome;
  const couponError = out.ok ? out.data.couponError : out.data?.couponError;
  const first = couponError ? [refusal(couponError.code, couponError.message, { reason: couponError.reason })] : [];
  if (out.ok) return [...first, { status: 200, body: { result: true, ...bagBody(out.data.totals as never) } }];
  return [...first, out.code === 'NetworkError' ? 'network down' : refusal(out.code, out.message)];
}

/** A held request's JSON body ({} when it has none or another kind). */
function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  try {
    return typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface Held {
  call: string;
  body: Record<string, unknown>;
  answer: (r: Response | Error) => void;
  /** Lets the real server answer it. */
  pass: () => Promise<void>;
}

/**
 * Holds the app's requests to the calls `hold` names until a path step answers them; the rest go
 * to the real server. A call is named as its path under /api/.
 */
export function heldCalls(hold: (call: string, init: RequestInit | undefined) => boolean) {
  let waiting: Held[] = [];
  const wrapFetch =
    (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init) => {
      const call = new URL(String(input), 'http://shop.test').pathname.replace('/api/', '');
      if (!hold(call, init)) return fetch(input, init);
      return new Promise<Response>((resolve, reject) => {
        const answer = (r: Response | Error) => (r instanceof Error ? reject(r) : resolve(r));
        waiting.push({ call, body: bodyOf(init), answer, pass: () => fetch(input, init).then(answer, answer) });
      });
    };
  const requests = (call: string) => waiting.filter((h) => h.call === call);
  const sent = (call: string, timeout?: number) =>
    waitFor(
      () => {
        const found = requests(call);
        expect(found.length, `${call} was called`).toBeGreaterThan(0);
        return found;
      },
      timeout ? { timeout } : undefined,
    );
  return {
    wrapFetch,
    /** The requests to `call` still waiting, oldest first. */
    requests,
    /** Answers the oldest request to `call`, once it has been sent. */
    async answerOldest(call: string, answer: HttpAnswer | (() => Response | Error), options: { timeout?: number } = {}) {
      const [request] = await sent(call, options.timeout);
      waiting = waiting.filter((h) => h !== request);
      await act(async () => request!.answer(typeof answer === 'function' ? answer() : toResponse(answer)));
    },
    /** Lets the real server answer every request to `call`, once one has been sent. */
    async passAll(call: string) {
      const found = await sent(call);
      waiting = waiting.filter((h) => !found.includes(h));
      await act(async () => {
        await Promise.all(found.map((r) => r.pass()));
      });
    },
    /** Answers every request to `call` (older ones belong to invocations the flow has left), once one has been sent. */
    async answerAll(call: string, answer: HttpAnswer | (() => Response | Error)) {
      const found = await sent(call);
      waiting = waiting.filter((h) => !found.includes(h));
      await act(async () => {
        for (const r of found) r.answer(typeof answer === 'function' ? answer() : toResponse(answer));
      });
    },
  };
}
