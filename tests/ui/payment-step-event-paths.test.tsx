/**
 * The payment step's model paths the product checkout page cannot play (issue 27, 3), run on the
 * rendered EVENT checkout page: the coupon applied and removed, and the over-18 box of a spirits
 * tasting, which the event page sends straight to the step (tests/support/payment-step-paths.ts has
 * the paths; tests/ui/payment-step-paths.test.tsx the product page's, and the coverage of both).
 *
 * A member joins an Islay whisky tasting (an alcohol event of the seed: the step asks the age) for one
 * seat, against the real server. A path that starts with a coupon starts where the page has one: the
 * seed's coupon applied through the page first, and the step the join starts again with it. After every
 * step the live payment step (found through the app's inspection hook) must be where the path is, and
 * the page must show it, read through the step's selectors; a coupon applied or removed ends the step,
 * and the join reads the totals with it and starts the step anew, which the page then shows.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { getEventDetail } from '../../contract/index.ts';
import { describeEvent } from '../../flows/model.ts';
import * as select from '../../machines/payment-step/payment-step.selectors.ts';
import { users } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { asKind, eventPaths, stepView, watchPaymentSteps, type Input, type Step } from '../support/payment-step-paths.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const EVENT = SEED_EVENT_IDS.islayWhisky;

let server: TestApp;
let varianceID: string;
beforeAll(async () => {
  server = await createTestApp();
  const { eventDetail } = await server.call(getEventDetail, { EventID: EVENT });
  expect(eventDetail.IsAlcohol).toBe(true);
  varianceID = eventDetail.Variances.find((v) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= 1)!.VarianceID;
});
afterAll(() => server.close());

type User = ReturnType<typeof userEvent.setup>;
/** The payment step actors the join started, first to last. */
let steps: AnyActorRef[];

async function member() {
  const m = await shopper(server, { address: false });
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, m.userId));
  return m;
}

const ageBox = () => screen.getByRole('checkbox', { name: /I confirm that I and every guest are 18 or over/ }) as HTMLInputElement;

async function applyCoupon(user: User, code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), code);
  await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
}

/** The join for one seat, on to its payment step; with a coupon, applied through the page and the step started again with it. */
async function open(input: Input, user: User) {
  const tokens = await member();
  const view = await renderApp(server, '/home');
  steps = watchPaymentSteps(view);
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeDefined());
  await act(() => view.router.history.push(`/checkout_event?${new URLSearchParams({ eventID: EVENT, varianceID, seats: '1' })}`));
  await screen.findByRole('heading', { level: 1, name: 'Join the event' });
  while (steps.length === 0) {
    await user.click(await screen.findByRole('button', { name: /^Continue( to (guests|payment))?$/ }));
    await waitFor(() => expect(steps.length > 0 || screen.queryByRole('heading', { name: 'Your guests' })).toBeTruthy());
  }
  if (input.couponID) {
    await waitFor(() => expect(steps[0]!.getSnapshot().matches('choosing')).toBe(true));
    await applyCoupon(user, input.couponID);
    await waitFor(() => expect(steps[1]?.getSnapshot().context.couponID).toBe(input.couponID));
  }
  return steps.length - 1;
}

async function perform(event: AnyEventObject, user: User) {
  switch (event.type) {
    case 'CONFIRM_AGE':
      if (ageBox().checked !== event.confirmed) await user.click(ageBox());
      return;
    case 'APPLY_COUPON':
      return applyCoupon(user, event.code);
    case 'REMOVE_COUPON':
      return user.click(screen.getByRole('button', { name: 'Remove' }));
    default:
      throw new Error(`this test plays no ${event.type} on the event page`);
  }
}

/** What the live step and the path's snapshot must agree on: the step's view, and the coupon and the age the event page asks. */
const eventStepView = (s: { status: string; value: unknown; context: Step['context'] }) => ({ ...stepView(s), coupon: s.context.couponID, age: s.context.ageConfirmed });

/** The page shows a step choosing: its coupon (applied, or the form) and its over-18 box. */
function expectChoosing(k: select.KindCheckoutSnapshot, couponID: string | undefined, what: string) {
  expect(screen.getByRole('heading', { name: 'Payment' }), what).toBeTruthy();
  expect(ageBox().checked, `${what}: age`).toBe(select.ageConfirmed(k));
  if (couponID) {
    expect(screen.getByText(`Coupon ${couponID} applied`), `${what}: coupon`).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' }), `${what}: remove`).toBeTruthy();
  } else {
    expect((screen.getByRole('textbox', { name: 'Coupon code' }) as HTMLInputElement).disabled, `${what}: coupon form`).toBe(false);
    expect(screen.queryByText(/^Coupon .* applied$/), `${what}: no coupon`).toBeNull();
  }
}

/** The page shows the step's state; after the step's end (the coupon changed), the step the join started again. */
async function expectPageShows(expected: Step, index: number, what: string) {
  await waitFor(() => {
    if (expected.matches('choosing')) return expectChoosing(asKind(expected), expected.context.couponID, what);
    const end = expected.context.end!;
    if (end.how !== 'couponChanged') throw new Error(`${what}: no page for the end ${JSON.stringify(end)}`);
    // The join read the totals with the coupon (or without it) and started the step anew, choosing, the age kept.
    const next = steps[index + 1]?.getSnapshot() as Step | undefined;
    expect(next && eventStepView(next), `${what}: the step again`).toMatchObject({ value: 'choosing', coupon: end.couponID, age: expected.context.ageConfirmed });
    expectChoosing(asKind(next!), end.couponID, what);
  });
}

describe('payment step: model paths on the rendered event checkout page', () => {
  it.each(eventPaths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const user = userEvent.setup();
    const index = await open(p.input as Input, user);
    for (const [i, { event, state }] of p.path.steps.entries()) {
      const expected = state as Step;
      const what = `step ${i} (${describeEvent(event)})`;
      if (i > 0) await perform(event, user);
      await waitFor(() => expect(eventStepView(steps[index]!.getSnapshot()), what).toEqual(eventStepView(expected)));
      await expectPageShows(expected, index, what);
    }
  });
});
