/**
 * The bag machine's model paths, run against the rendered app (DESIGN §5 "for the main flows,
 * against the rendered UI"). The member's events go through the bag page's own controls; the
 * server's answers are the model's actor fixtures, sent back as HTTP answers to the app's real
 * requests (everything else goes to the real server). After every step the live bag actor must be
 * in the state the path expects, and the page must show it.
 *
 * Paths are the model's, kept when the page can play them (ADD lives on product pages and is
 * covered by bag.test.tsx; REMOVE_COUPON without a coupon and REFRESH outside a failure have no
 * control here), then a greedy subset that takes every transition those paths can take.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyTransitionDefinition } from 'xstate';
import { bagMachine } from '../../machines/bag/bag.machine.ts';
import { oolongLine } from '../../machines/bag/bag.fixtures.ts';
import * as bagState from '../../machines/bag/bag.selectors.ts';
import type { BagContext, GetShoppingBagOutput } from '../../machines/bag/bag.types.ts';
import { users } from '../../server/db/schema.ts';
import { currentBag } from '../../src/app/bag.ts';
import { bagModel } from '../machines/bag.model.ts';
import {
  describeEvent,
  eventsOf,
  machineTransitions,
  materialize,
  pureScope,
  reachOf,
  type ModelPath,
  type ModelSnapshot,
} from '../machines/coverage.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
type BagSnapshot = ModelSnapshot & { context: BagContext };

/** Whether the bag page offers a control for this event in this state (a disabled control offers nothing). */
function playable(before: BagSnapshot, event: AnyEventObject): boolean {
  const idle = before.matches('idle');
  const showsLines = !before.matches('loading') && (before.context.bag?.productList.length ?? 0) > 0;
  switch (event.type) {
    case 'SET':
      return idle && showsLines && event.varianceID === oolongLine.VarianceID && (event.quantity === 0 || event.quantity === 5);
    case 'APPLY_COUPON':
      return idle && showsLines;
    case 'REMOVE_COUPON':
      return idle && showsLines && before.context.couponCode !== undefined;
    case 'REFRESH':
      return before.matches({ idle: 'failed' });
    case 'DISMISS_NOTICES':
      return before.context.notices.length > 0 && (showsLines || before.matches('idle'));
    case 'CURRENCY_CHANGED':
      return true;
    default:
      return false;
  }
}

/**
 * Whether the real app can produce this answer. getShoppingBag runs the coupon-totals machine over
 * the HTTP call: it reports the coupon it was given, turns a refusal into a second call, and turns
 * a network failure into a NetworkError value (so the bag never sees it rejected).
 */
function answerable(before: BagSnapshot, event: AnyEventObject): boolean {
  if (event.type === ERROR + 'getShoppingBag') return false;
  if (event.type !== DONE + 'getShoppingBag') return true;
  const out = event.output as GetShoppingBagOutput;
  const coupon = before.context.couponCode;
  if (out.ok) return out.data.couponError ? coupon !== undefined : out.data.couponID === coupon;
  return out.data?.couponError ? coupon !== undefined : true;
}

/** A step the page can play: a member event through an enabled control, or an answer the app can get. */
function realisable(before: BagSnapshot, event: AnyEventObject): boolean {
  return event.type.startsWith(DONE) || event.type.startsWith(ERROR) ? answerable(before, event) : playable(before, event);
}

/**
 * The model's graph restricted to realisable steps: the shortest such path to every state (as the
 * model's abstraction sees it, plus whether a bag is shown), then every realisable step from each.
 */
function realisablePaths(): ModelPath[] {
  const input = bagModel.inputs[0];
  const scope = pureScope();
  const events = eventsOf(bagModel);
  const key = (s: ModelSnapshot) => JSON.stringify({ value: s.value, view: bagModel.abstraction?.(s), bag: s.context.bag !== undefined });
  const initial = bagMachine.getInitialSnapshot(scope, input) as ModelSnapshot;
  const reached = new Map<string, { snapshot: ModelSnapshot; route: AnyEventObject[] }>([[key(initial), { snapshot: initial, route: [] }]]);
  const candidates: AnyEventObject[][] = [];
  for (const { snapshot, route } of reached.values()) {
    // Map iteration also visits entries added while iterating: a breadth-first walk.
    for (const event of events(snapshot)) {
      if (!realisable(snapshot as BagSnapshot, event)) continue;
      const next = bagMachine.transition(snapshot, event as never, scope) as ModelSnapshot;
      candidates.push([...route, event]);
      if (!reached.has(key(next))) reached.set(key(next), { snapshot: next, route: [...route, event] });
    }
  }
  return candidates.map((route) => ({
    input,
    path: materialize(bagMachine, input, route),
    description: route.map(describeEvent).join(' → '),
  }));
}

/** Greedy: the fewest paths (longest first) that together take every transition the realisable paths take. */
function coveringPaths(paths: ModelPath[]) {
  const all = machineTransitions(bagMachine);
  const reaches = paths.map((p) => ({ p, t: reachOf(bagMachine, p as ModelPath<typeof bagMachine>, all).transitions }));
  const taken = new Set<AnyTransitionDefinition>();
  const chosen: ModelPath[] = [];
  for (;;) {
    let best: (typeof reaches)[number] | undefined;
    let gain = 0;
    for (const r of reaches) {
      const g = [...r.t].filter((t) => !taken.has(t)).length;
      if (g > gain) [best, gain] = [r, g];
    }
    if (!best) break;
    chosen.push(best.p);
    best.t.forEach((t) => taken.add(t));
  }
  const missing = [...all].filter(([t]) => !taken.has(t)).map(([, label]) => label);
  return { chosen, missing };
}

const { chosen, missing } = coveringPaths(realisablePaths());

/** HTTP answers for one fixture outcome of a bag call (several for a coupon refused on reading). */
function httpAnswers(event: AnyEventObject): Array<{ status: number; body: unknown } | 'network down'> {
  if (event.type.startsWith(ERROR)) return ['network down'];
  const call = event.type.slice(DONE.length);
  const out = event.output as { ok: boolean; data?: Record<string, unknown>; code?: string; message?: string };
  const fail = (code: string, message = '', extra: Record<string, unknown> = {}) => ({
    status: 400,
    body: { result: false, ErrorCode: code, message, ...extra },
  });
  if (call === 'getShoppingBag') {
    const bag = out as GetShoppingBagOutput;
    const refusal = bag.ok ? bag.data.couponError : bag.data?.couponError;
    const first = refusal ? [fail(refusal.code, refusal.message, { reason: refusal.reason })] : [];
    if (bag.ok) return [...first, { status: 200, body: { result: true, ...bag.data.totals } }];
    return [...first, bag.code === 'NetworkError' ? 'network down' : fail(bag.code, bag.message)];
  }
  if (out.ok) return [{ status: 200, body: { result: true, ...out.data } }];
  return [fail(out.code!, out.message, (out.data as Record<string, unknown> | undefined) ?? {})];
}

const BAG_CALLS = ['getShoppingBag', 'addShoppingBag', 'setShoppingBag', 'coupon/apply'];

/** Holds the app's bag requests until a path step answers them. */
function heldBagCalls() {
  const waiting: Array<{ call: string; body: unknown; answer: (r: Response | Error) => void }> = [];
  const arrivals = new Set<() => void>();
  const wrapFetch = (fetch: typeof globalThis.fetch): typeof globalThis.fetch => async (input, init) => {
    const call = String(input).replace(/^.*\/api\//, '');
    if (!BAG_CALLS.includes(call)) return fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      waiting.push({ call, body: JSON.parse(String(init?.body ?? '{}')), answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
      arrivals.forEach((f) => f());
    });
  };
  /** The oldest request to `call`, once it has been sent. */
  const next = (call: string) =>
    new Promise<(typeof waiting)[number]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${call} request was sent`)), 5_000);
      const look = () => {
        const i = waiting.findIndex((w) => w.call === call);
        if (i < 0) return;
        arrivals.delete(look);
        clearTimeout(timer);
        resolve(waiting.splice(i, 1)[0]!);
      };
      arrivals.add(look);
      look();
    });
  return { wrapFetch, next };
}

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('bag: model paths on the rendered bag page', () => {
  it('the playable paths take every transition but those the page has no control for', () => {
    expect(missing.sort()).toEqual([
      // (An add's answer goes to changeAnswered, which the page takes through a set.)
      'bag.adding —xstate.done.actor.addShoppingBag→ bag.changeAnswered',
      'bag.adding —xstate.error.actor.addShoppingBag→ bag.idle.failed',
      'bag.idle —ADD [validAdd]→ bag.adding',
      'bag.idle —REMOVE_COUPON [hasCouponError] #2→ (self)',
      'bag.loading —xstate.error.actor.getShoppingBag→ bag.idle.failed',
      'bag.refreshing —xstate.error.actor.getShoppingBag→ bag.idle.failed',
    ]);
    expect(chosen.length).toBeGreaterThan(5);
  });

  it.each(chosen.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const tokens = await signUpMember(server);
    await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
    const held = heldBagCalls();
    const view = await renderApp(server, '/home', { wrapFetch: held.wrapFetch });
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(currentBag(view.services)).toBeDefined());
    await act(() => view.router.navigate({ to: '/shopping_bag' }));
    await screen.findByRole('heading', { level: 1, name: 'Shopping bag' });
    const user = userEvent.setup();
    const bag = () => currentBag(view.services)!;

    for (const [i, { event, state }] of p.path.steps.entries()) {
      const expected = state as BagSnapshot;
      if (i > 0) {
        if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
          const call = event.type.replace(/^xstate\.(done|error)\.actor\./, '').replace('couponApply', 'coupon/apply');
          for (const answer of httpAnswers(event)) {
            const request = await held.next(call);
            await act(async () =>
              request.answer(
                answer === 'network down'
                  ? new TypeError('Failed to fetch')
                  : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
              ),
            );
          }
        } else {
          await playOnPage(user, view.services, event);
        }
      }
      await waitFor(() => expect(liveView(bag().getSnapshot() as unknown as BagSnapshot)).toEqual(liveView(expected)));
      await waitFor(() => expectPageShows(expected));
    }
    bag().stop();
  });
});

/** What the page must agree on with the path: the state and the facts the guards and the page read. */
function liveView(s: { value: unknown; context: BagContext }) {
  return {
    value: s.value,
    currency: s.context.currency,
    coupon: s.context.couponCode,
    couponError: s.context.couponError && { code: s.context.couponError.code, reason: s.context.couponError.reason },
    notices: s.context.notices.map((n) => n.kind),
    failure: s.context.failure?.code,
    lines: s.context.bag?.productList.length,
    bagCurrency: s.context.bag?.orderDetail.Currency,
  };
}

async function playOnPage(user: ReturnType<typeof userEvent.setup>, services: Parameters<typeof currentBag>[0], event: AnyEventObject) {
  switch (event.type) {
    case 'SET': {
      if (event.quantity === 0) return user.click(screen.getByRole('button', { name: 'Remove Anxi Tieguanyin from bag' }));
      const field = screen.getByRole('spinbutton', { name: 'Quantity of Anxi Tieguanyin' });
      await user.clear(field);
      return user.type(field, `${event.quantity}{Enter}`);
    }
    case 'APPLY_COUPON': {
      const field = screen.getByRole('textbox', { name: 'Coupon code' });
      await user.clear(field);
      if (event.code) await user.type(field, event.code);
      return user.click(screen.getByRole('button', { name: 'Apply' }));
    }
    case 'REMOVE_COUPON':
      return user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    case 'REFRESH':
      return user.click(screen.getByRole('button', { name: 'Try again' }));
    case 'DISMISS_NOTICES':
      return user.click(within(screen.getByRole('region', { name: 'Bag notices' })).getByRole('button', { name: 'Dismiss' }));
    case 'CURRENCY_CHANGED':
      return act(() => services.preferences.setCurrency(event.currency));
    default:
      throw new Error(`the bag page cannot send ${event.type}`);
  }
}

/** The page shows the state: loading, failure with retry, coupon and its refusal, notices, busy controls. */
function expectPageShows(s: BagSnapshot) {
  const loading = s.matches('loading');
  expect(screen.queryAllByText('Loading your bag…').length > 0).toBe(loading);
  expect(Boolean(screen.queryByRole('button', { name: 'Try again' }))).toBe(s.matches({ idle: 'failed' }));
  const notices = screen.getByRole('region', { name: 'Bag notices' });
  expect(within(notices).queryAllByRole('listitem')).toHaveLength(s.context.notices.length);
  const showsLines = !loading && (s.context.bag?.productList.length ?? 0) > 0;
  if (!showsLines) return;
  const busy = bagState.isBusy(s as never);
  expect(document.querySelector('.bag-layout')?.getAttribute('aria-busy')).toBe(String(busy));
  expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(!s.matches('idle'));
  expect(Boolean(screen.queryByRole('button', { name: 'Remove coupon' }))).toBe(s.context.couponCode !== undefined);
  expect(Boolean(document.querySelector('.bag-coupon-error'))).toBe(s.context.couponError !== undefined);
  const subtotal = within(screen.getByRole('region', { name: 'Summary' })).getByText('Subtotal').nextElementSibling?.textContent ?? '';
  expect(subtotal.startsWith(s.context.bag?.orderDetail.Currency === 'USD' ? '$' : 'HK$')).toBe(true);
}
