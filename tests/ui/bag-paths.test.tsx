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
import type { AnyEventObject } from 'xstate';
import { bagMachine } from '../../machines/bag/bag.machine.ts';
import { oolongLine } from '../../machines/bag/bag.fixtures.ts';
import * as bagState from '../../machines/bag/bag.selectors.ts';
import type { BagContext } from '../../machines/bag/bag.types.ts';
import { users } from '../../server/db/schema.ts';
import { currentBag } from '../../src/app/bag.ts';
import { bagModel } from '../machines/bag.model.ts';
import { DONE, ERROR, type ModelSnapshot } from '../machines/coverage.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  couponTotalsAnswerable,
  couponTotalsAnswers,
  coveringPaths,
  heldCalls,
  httpAnswer,
  realisablePaths,
  type HttpAnswer,
} from '../support/ui-paths.ts';

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

/** A step the page can play: a member event through an enabled control, or an answer the app can get. */
function realisable(before: BagSnapshot, event: AnyEventObject): boolean {
  return event.type.startsWith(DONE) || event.type.startsWith(ERROR) ? couponTotalsAnswerable(event, before.context.couponCode) : playable(before, event);
}

/**
 * The model's graph restricted to realisable steps: the shortest such path to every state (as the
 * model's abstraction sees it, plus whether a bag is shown), then every realisable step from each.
 */
const { chosen, missing } = coveringPaths(
  bagMachine,
  realisablePaths(bagModel, bagModel.inputs[0], {
    realisable: (s, e) => realisable(s as BagSnapshot, e),
    key: (s) => JSON.stringify({ value: s.value, view: bagModel.abstraction?.(s), bag: s.context.bag !== undefined }),
  }),
);

/** HTTP answers for one fixture outcome of a bag call (several for a coupon refused on reading). */
function httpAnswers(event: AnyEventObject): HttpAnswer[] {
  return event.type === DONE + 'getShoppingBag' ? couponTotalsAnswers(event) : [httpAnswer(event)];
}

const BAG_CALLS = ['getShoppingBag', 'addShoppingBag', 'setShoppingBag', 'coupon/apply'];

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
    const held = heldCalls((call) => BAG_CALLS.includes(call));
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
          for (const answer of httpAnswers(event)) await held.answerOldest(call, answer, { timeout: 5_000 });
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
  expect(subtotal.startsWith(s.context.bag?.orderDetail.Currency === 'USD' ? 'US$' : 'HK$')).toBe(true);
}
