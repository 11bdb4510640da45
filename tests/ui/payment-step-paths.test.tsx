/**
 * The payment step's model paths (machines/payment-step, tests/machines/payment-step.model.ts), run
 * on the rendered PRODUCT checkout page (issue 27, 3: every state and transition of a flow through
 * the UI, the rest through the machine alone). tests/ui/checkout-paths.test.tsx only brings the step
 * to its ends; here its inner steps go through the page: the method and card popups, the add-card
 * form, Place order / Pay now, "Check again" after a lost answer, Change address.
 *
 * The step's children are real on the page, so a child's end in a path (`paymentChoice:done`,
 * `orderPayment:done`, fixtures of the step's model) is brought about by the member's controls and the
 * HTTP answers that make the child end that way; only ends the page can bring are kept. Choosing's
 * end that needs no answer (another method, a saved card, the add-card form cancelled) comes at once
 * on the page: the path's in-between snapshot is not checked, and its end is appended to a path that
 * stops there. After every other step the live payment step (found through the app's inspection hook)
 * must be where the path is, and the page must show it, read through the step's selectors.
 *
 * Paths start where the product checkout starts the step: a fresh order, and paying an order placed
 * before again by card or by Alipay (`?orderID&method`). The paths are chosen in
 * tests/support/payment-step-paths.ts; what the product page cannot play, the coupon and the over-18
 * box, tests/ui/payment-step-event-paths.test.tsx plays on the event page. The coverage test here
 * takes both pages' paths and lists what neither plays, with its reason.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { checkout as placeOrderCall, getProductOrder, userUpdateInfo, type ProductOrder } from '../../contract/index.ts';
import { DONE, coverage, describeEvent, formatCoverage } from '../../flows/model.ts';
import { ORDER_NOT_PLACED, type OrderPaymentOutput } from '../../machines/order-payment/order-payment.types.ts';
import type { PaymentChoice } from '../../machines/payment-choice/payment-choice.types.ts';
import * as select from '../../machines/payment-step/payment-step.selectors.ts';
import { INVALID_COUPON } from '../../machines/shared/codes.ts';
import { users } from '../../server/db/schema.ts';
import { signUpMember } from '../support/members.ts';
import {
  asKind, choosingEnd, delays, eventPaths, machine, passesAtOnce, productPaths, stepView, watchPaymentSteps, type Input, type Step,
} from '../support/payment-step-paths.ts';
import { renderApp } from '../support/render-app.tsx';
import { HONG_KONG_ADDRESS, auth, fillBag } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { closeCardPopup, playPaymentControl } from '../support/payment-controls.ts';
import { heldCalls, refusal, type HttpAnswer } from '../support/ui-paths.ts';

// ---- The page.

const CALLS = {
  getPaymentMehtod: 'getPaymentMehtod',
  addCreditCard: 'addCreditCard',
  checkout: 'checkout',
  pay: 'create-product-payment',
  read: 'get-product-order',
  list: 'list-user-product-order',
};
const TEA = 'tea-tieguanyin-50g';

let server: TestApp;
/** A placed order as get-product-order answers it: the body of every order the held calls answer with. */
let orderBody: ProductOrder;
let held: ReturnType<typeof heldCalls>;
let view: Awaited<ReturnType<typeof renderApp>>;
/** The payment step actors the checkout started, first the path's. */
let steps: AnyActorRef[];
/** The order the path pays: the real one when paying again, else the one the answers place. */
let orderID: string;

async function member() {
  const tokens = await signUpMember(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  await server.call(userUpdateInfo, { accessToken: tokens.accessToken, deliveryAddress: [HONG_KONG_ADDRESS], mainDeliveryAddressIndex: 0 }, auth(tokens));
  await fillBag(server, tokens, { [TEA]: 1 });
  return tokens;
}

beforeAll(async () => {
  server = await createTestApp();
  const tokens = await member();
  const placed = await server.call(placeOrderCall, { Language: 'en', Currency: 'HKD', PaymentMethod: 'Alipay' }, auth(tokens));
  orderBody = (await server.call(getProductOrder, { orderID: placed.OrderID }, auth(tokens))).Order;
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

async function open(input: Input) {
  const tokens = await member();
  orderID = 'order-1';
  if (input.paying.orderID) {
    orderID = (await server.call(placeOrderCall, { Language: 'en', Currency: 'HKD', PaymentMethod: 'Alipay' }, auth(tokens))).OrderID;
  }
  steps = [];
  // The step's calls are held from its start (the checkout's own read of the order goes to the server).
  held = heldCalls((call) => Object.values(CALLS).includes(call) && (call !== CALLS.read || steps.length > 0));
  view = await renderApp(server, '/home', { wrapFetch: held.wrapFetch });
  steps = watchPaymentSteps(view);
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
  const search = input.paying.orderID ? { orderID, method: input.paying.method } : {};
  await act(() => view.router.navigate({ to: '/checkout_product', search }));
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  if (!input.paying.orderID) {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
  }
  await waitFor(() => expect(steps.length).toBe(1));
}

const ok = (data: object): HttpAnswer => ({ status: 200, body: { result: true, ...data } });
const order = (PaymentStatus: string) => ({ ...orderBody, OrderID: orderID, PaymentStatus });
const orderRead = (PaymentStatus: string) => ok({ Order: order(PaymentStatus) });
const started = (PaymentStatus: string) => ok({ OrderID: orderID, PaymentStatus, PaymentID: 'pi_1' });
const settle = () => act(async () => vi.advanceTimersByTimeAsync(delays.answerLostSettle!));

/** Placing's or paying's answer lost, then, after the pause, the order looked up and found as `found` says (an order status, or the look-up lost too). */
async function lost(placing: boolean, found: string | 'network down') {
  await held.answerAll(placing ? CALLS.checkout : CALLS.pay, 'network down');
  await settle();
  const answer = found === 'network down' ? found : placing ? ok({ OrderList: found ? [order(found)] : [] }) : orderRead(found);
  await held.answerAll(placing ? CALLS.list : CALLS.read, answer);
}

/** The paying flow's calls answered so that it ends as the path's outcome says: placing (its orders noted first) or paying the order again. */
async function payingEnds(out: OrderPaymentOutput, before: Step) {
  const placing = before.context.orderID === undefined;
  const call = placing ? CALLS.checkout : CALLS.pay;
  if (placing) await held.answerAll(CALLS.list, ok({ OrderList: [] }));
  switch (out.outcome) {
    case 'confirmed':
      return held.answerAll(call, started('succeeded'));
    case 'fps':
      return held.answerAll(call, started('pending'));
    case 'failed':
      return held.answerAll(call, refusal(out.error!.code, out.error!.message, { OrderID: orderID }));
    case 'cancelled':
      await held.answerAll(call, started('processing'));
      return held.answerAll(CALLS.read, orderRead('Cancelled'));
    case 'unpaid':
      if (out.refusedBy) return held.answerAll(call, refusal(out.error!.code, out.error!.message ?? '', out.OrderID ? { OrderID: orderID } : {}));
      // What the look-up found: no new order among the member's, or the order there and its payment failed.
      return lost(placing, out.error?.code === ORDER_NOT_PLACED ? '' : 'PaymentFailed');
    default:
      throw new Error(`the page does not end paying with ${out.outcome}`);
  }
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });

async function perform(event: AnyEventObject, before: Step): Promise<void> {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  if (event.type === `${DONE}orderPayment`) return payingEnds(event.output as OrderPaymentOutput, before);
  if (event.type === `${DONE}paymentChoice`) {
    const out = event.output as PaymentChoice;
    switch (choosingEnd(before, out)) {
      case 'cardsRead':
        return held.answerAll(CALLS.getPaymentMehtod, ok({ PaymentMethodList: out.cards }));
      case 'cardsRefused':
        return held.answerAll(CALLS.getPaymentMehtod, refusal(out.error!.code));
      case 'cancelled':
        return perform({ type: 'CANCEL' }, before);
      default:
        // Choosing ended at once, with the member's request before.
        return;
    }
  }
  if (await playPaymentControl(user, event)) return;
  switch (event.type) {
    case 'RETRY': {
      // Placing's (or paying's) answer lost, and the look-up lost too: then "Check again".
      await lost(before.context.orderID === undefined, 'network down');
      if (before.context.orderID === undefined) await held.answerAll(CALLS.list, ok({ OrderList: [] }));
      return user.click(await screen.findByRole('button', { name: 'Check again' }));
    }
    case 'BACK':
      await closeCardPopup(user);
      return user.click(screen.getByRole('button', { name: 'Change address' }));
    default:
      throw new Error(`the product checkout page cannot send ${event.type}`);
  }
}


/** The payment method's or the card's row on the page, by what it says. */
const rowValue = (text: string | RegExp) => screen.getByText(text, { selector: '.checkout-value, .checkout-value > span' });
const METHOD = { CreditCard: 'Credit or debit card', Alipay: 'Alipay', FPS: 'FPS QR code' } as const;

/** The page shows the step's state: choosing's controls and what it found, choosing's popups, paying's views, or where the end led. */
async function expectPageShows(expected: Step, what: string, event: AnyEventObject) {
  const k = asKind(expected);
  const placeButton = () => screen.queryByRole('button', { name: /^(Place order|Pay now|Placing)/, hidden: true }) as HTMLButtonElement | null;
  await waitFor(() => {
    if (expected.matches('choosing')) {
      // The card popup may be open over the page (which is then hidden from the accessibility tree).
      expect(screen.getByRole('heading', { name: 'Payment', hidden: true }), what).toBeTruthy();
      expect(dialog('Add a card'), what).toBeNull();
      expect(placeButton()?.disabled, `${what}: place`).toBe(!select.canPlaceOrder(k));
      expect(placeButton()?.textContent?.startsWith('Pay now'), `${what}: pay now`).toBe(select.hasOrder(k));
      const method = select.paymentMethod(k);
      expect(rowValue(method ? METHOD[method] : 'Not chosen yet'), `${what}: method`).toBeTruthy();
      if (method === 'CreditCard') {
        const card = select.selectedCard(k);
        expect(rowValue(card ? new RegExp(`^${card.brand === 'visa' ? 'Visa' : 'Mastercard'} ending in ${card.last4}`) : 'No card chosen'), `${what}: card`).toBeTruthy();
      }
      expect(Boolean(screen.queryByText(/^Your order was not placed and nothing was charged/)), `${what}: not placed`).toBe(select.lostAnswerFinding(k) === 'notPlaced');
      expect(Boolean(screen.queryByText(/^Your order is placed, but its payment did not go through/)), `${what}: not paid`).toBe(select.lostAnswerFinding(k) === 'notPaid');
    } else if (expected.matches('changing')) {
      expect(placeButton()?.disabled, `${what}: place`).toBe(true);
      if (select.isLoadingCards(k)) expect(screen.getAllByText('Loading your cards…').length, `${what}: loading cards`).toBeGreaterThan(0);
      if (select.isAddingCard(k)) {
        const form = screen.getByRole('form', { name: 'Card details' });
        // Sent (the card being tokenised) after SUBMIT_CARD, which the form's flow takes.
        expect(form.getAttribute('aria-busy'), `${what}: form`).toBe(String(event.type === 'SUBMIT_CARD'));
      }
    } else if (expected.matches('paying')) {
      // Placing, or looking again after RETRY: no way to place or pay meanwhile.
      expect(placeButton()?.disabled ?? true, `${what}: place`).toBe(true);
      if (event.type === 'RETRY') expect(screen.getByRole('heading', { name: 'Checking your order' }), what).toBeTruthy();
    } else {
      const end = expected.context.end!;
      const path = view.router.state.location.pathname;
      if (end.how === 'back') expect(screen.getByRole('button', { name: 'Continue to payment' }), what).toBeTruthy();
      else if (end.how === 'refused' && end.code === INVALID_COUPON) {
        // The checkout reads its totals again and starts the step anew.
        expect(steps.length, `${what}: the step again`).toBe(2);
        expect(screen.getByRole('heading', { name: 'Payment' }), what).toBeTruthy();
      } else if (end.how === 'refused') expect(screen.getByRole('heading', { name: 'Your bag has changed' }), what).toBeTruthy();
      else if (end.how === 'paymentEnded' && end.outcome === 'confirmed') expect(path, what).toBe(`/order_product_confirm/${orderID}`);
      else if (end.how === 'paymentEnded' && end.outcome === 'failed') expect(path, what).toBe('/payment_fail');
      else if (end.how === 'paymentEnded' && end.outcome === 'fps') expect(screen.getByRole('dialog', { name: 'Pay with FPS' }), what).toBeTruthy();
      else if (end.how === 'paymentEnded' && end.outcome === 'cancelled') expect(screen.getByRole('heading', { name: 'Order cancelled' }), what).toBeTruthy();
      else throw new Error(`${what}: no page for the end ${JSON.stringify(end)}`);
    }
  });
}

describe('payment step: model paths on the rendered product checkout page', () => {
  it('the paths the pages play (these, and the event page\'s) reach every state, and every transition but those no page has a way to', () => {
    const c = coverage(machine, [...productPaths, ...eventPaths]);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing.sort(), formatCoverage(c)).toEqual(
      [
        // The coupon and the over-18 box are on the event and subscription pages' step (the product checkout asks the age on its
        // own step and takes its coupon from the bag): tests/ui/payment-step-event-paths.test.tsx plays them on the event page.
        // Leaving has no control on any page's payment step: the event and subscription pages' "Back to …" links send LEAVE to
        // the kind's flow, on its other steps; tests/machines/payment-step.test.ts takes it.
        'paymentStep.choosing —LEAVE→ paymentStep.ended',
        // Back from the card's extra step the product flow resumes on the order confirmation page, not the checkout page
        // (checkout.test.tsx plays it there).
        'paymentStep.starting —(always) [resumingCard] #1→ paymentStep.paying',
        // Choosing or paying itself failing (its machine throwing) is no answer of the server: the children turn every
        // lost or refused call into a value.
        'paymentStep.changing —xstate.error.actor.paymentChoice→ paymentStep.choosing',
        'paymentStep.paying —xstate.error.actor.orderPayment→ paymentStep.choosing',
      ].sort(),
    );
  });

  it.each(productPaths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    await open(p.input as Input);
    let passed = false;
    for (const [i, { event, state }] of p.path.steps.entries()) {
      const before = p.path.steps[i - 1]?.state as Step;
      const expected = state as Step;
      // The end of a choosing that ended at once on the page: nothing to do.
      if (passed && event.type !== `${DONE}paymentChoice`) throw new Error(`${describeEvent(event)} after choosing ended at once`);
      if (i > 0 && !passed) await perform(event, before);
      passed = i > 0 && passesAtOnce(expected, event);
      if (passed) continue;
      const what = `step ${i} (${describeEvent(event)})`;
      await waitFor(() => expect(stepView(steps[0]!.getSnapshot()), what).toEqual(stepView(expected)));
      await expectPageShows(expected, what, event);
    }
  });
});
