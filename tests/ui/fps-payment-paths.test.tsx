/**
 * The FPS payment model's paths, run against the rendered FPS QR popup (DESIGN §5: main flows run
 * their paths on the UI too). The member's events go through the popup's buttons; the payment calls
 * are held and answered over HTTP with the model's fixtures; the delays are fake-timer advances.
 * After every step the popup must show what the expected state means, read through the machine's
 * selectors. ORDER_PAID (a server push) has no control in the popup: polling stands in for it.
 */
import { i18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { AFTER, coverage, DONE, ERROR, modelPaths, type ModelPath, type ModelSnapshot } from '../../flows/model.ts';
import { fpsPaymentMachine } from '../../machines/fps-payment/fps-payment.machine.ts';
import * as fps from '../../machines/fps-payment/fps-payment.selectors.ts';
import { PAYMENT_FAILED_TRY_AGAIN, paymentMessage } from '../../src/api/payment-messages.ts';
import { formatCountdown } from '../../src/features/checkout/FpsQrPopup.tsx';
import { fpsPaymentModel } from '../machines/fps-payment.model.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { covering, heldCalls, httpAnswer, json } from '../support/ui-paths.ts';

const CALLS: Record<string, string> = {
  createProductPayment: 'create-product-payment',
  getProductOrder: 'get-product-order',
  cancelOrder: 'cancelOrder',
};
const delays = fpsPaymentMachine.implementations.delays as Record<string, number>;
const WINDOW = delays.paymentWindow!;
const POLL = delays.pollInterval!;
/** The fixture QR's day: ten minutes before its expiry. */
const QR_ISSUED = new Date('2026-11-01T04:00:00.000Z');

const playable = (p: ModelPath) => !p.path.steps.some((s) => s.event.type === 'ORDER_PAID');
const allPaths = modelPaths(fpsPaymentModel);

const uiPaths = covering(fpsPaymentMachine as AnyStateMachine, allPaths.filter(playable));

let server: TestApp;
let held: ReturnType<typeof heldCalls>;
let app: Awaited<ReturnType<typeof renderApp>>;
/** When the QR went on show (fake time): the payment window runs from there. */
let activeSince = 0;

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

async function open() {
  held = heldCalls((call) => Object.values(CALLS).includes(call));
  const tokens = await signUpMember(server);
  // Over a quiet page: the popup is the same over any page, and /home's two dozen queries went stale and were
  // dropped as the ten minutes ran, rendering the landing page again and again (51 s on a busy machine, not 5).
  app = await renderApp(server, '/about', { wrapFetch: held.wrapFetch });
  act(() => app.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(app.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
  vi.setSystemTime(QR_ISSUED);
  act(() => app.services.popups.open('fpsPayment', { orderID: 'order-7' }));
  await screen.findByRole('dialog', { name: 'Pay with FPS' });
}

const notPaidYet = () => json(200, { result: true, Order: { OrderID: 'order-7', PaymentStatus: 'WaitForPayment' } });

async function perform(event: AnyEventObject) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const box = within(screen.getByRole('dialog', { name: 'Pay with FPS' }));
  if (event.type === 'CANCEL') {
    await user.click(box.getByRole('button', { name: 'Cancel payment' }));
  } else if (event.type === 'RETRY') {
    await user.click(box.getByRole('button', { name: 'Try again' }));
  } else if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
    const call = CALLS[event.type.replace(/^xstate\.(done|error)\.actor\./, '')]!;
    // Every request to the call is answered: older ones belong to invocations the machine has left.
    await held.answerAll(call, httpAnswer(event, { message: (code) => code }));
  } else if (event.type === `${AFTER}pollInterval.fpsPayment.active.waiting`) {
    await act(async () => vi.advanceTimersByTimeAsync(POLL));
  } else if (event.type.startsWith(`${AFTER}paymentWindow`)) {
    // The window runs out while the popup polls. A few reads say "not paid yet" (reading must not restart the
    // window), then one read goes unanswered to the end, as on a phone that lost its signal: it must not hold the
    // window open either. Answering all 200 reads of ten minutes, each with its countdown renders, made this
    // step take a minute on a busy machine.
    const end = activeSince + WINDOW;
    for (let read = 0; read < 3 && Date.now() + POLL < end; read++) {
      await act(async () => vi.advanceTimersByTimeAsync(POLL));
      await held.answerAll(CALLS.getProductOrder!, notPaidYet);
    }
    // The rest of the window in one synchronous run of the timers: the countdown's ~600 ticks render once, at the
    // end of act. Advanced a tick at a time, each tick rendered the page and waited for the event loop, which took
    // 40 s on a busy machine in the file's first test.
    act(() => vi.advanceTimersByTime(Math.max(0, end - Date.now())));
  } else {
    throw new Error(`no UI action for ${event.type}`);
  }
}

/** What the popup shows for a state of the machine. */
async function expectScreen(expected: ModelSnapshot, what: string) {
  const s = expected as fps.FpsPaymentSnapshot;
  if (fps.isShowingQr(s) && activeSince === 0) activeSince = Date.now();
  if (fps.isPaid(s)) {
    // The order confirmation shows by itself.
    await waitFor(() => expect(app.router.state.location.pathname, what).toBe('/order_product_confirm/order-7'));
    return;
  }
  const box = within(await screen.findByRole('dialog', { name: 'Pay with FPS' }));
  await waitFor(() => {
    expect(Boolean(box.queryByRole('img', { name: /^FPS QR code for order/ })), `${what}: QR`).toBe(fps.isShowingQr(s));
    if (fps.isShowingQr(s)) {
      expect(box.getByRole('timer').textContent, `${what}: countdown`).toBe(formatCountdown(fps.secondsLeft(s, new Date())));
      const cancel = box.getByRole('button', { name: /Cancel payment|Cancelling/ }) as HTMLButtonElement;
      expect(cancel.disabled, `${what}: cancel`).toBe(!fps.canCancel(s));
      const error = fps.error(s);
      expect(box.queryByRole('alert')?.textContent, `${what}: error`).toBe(error ? i18n._(paymentMessage(error.code)) : undefined);
    }
    expect(Boolean(box.queryByRole('button', { name: 'Try again' })), `${what}: retry`).toBe(fps.hasFailed(s));
    if (fps.hasFailed(s)) expect(box.getByText(i18n._(PAYMENT_FAILED_TRY_AGAIN))).toBeTruthy();
    expect(Boolean(box.queryByText(/The 10 minutes to pay are over/)), `${what}: expired`).toBe(fps.isExpired(s));
    expect(Boolean(box.queryByText(/^Payment cancelled/)), `${what}: cancelled`).toBe(fps.isCancelled(s));
    const busy = fps.isBusy(s) && !fps.isShowingQr(s);
    expect(Boolean(document.querySelector('.fps-busy')), `${what}: busy`).toBe(busy);
  });
}

describe('FPS payment paths against the rendered popup', () => {
  it('the playable paths reach every state and every transition but the server push', () => {
    const c = coverage(fpsPaymentMachine as AnyStateMachine, uiPaths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual(['fpsPayment.active —ORDER_PAID→ fpsPayment.paid']);
  });

  it.each(uiPaths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    activeSince = 0;
    await open();
    const [first, ...rest] = path.path.steps;
    await expectScreen(first!.state, 'start');
    for (const [i, step] of rest.entries()) {
      await perform(step.event);
      await expectScreen(step.state, `step ${i + 1} (${step.event.type})`);
    }
  });
});
