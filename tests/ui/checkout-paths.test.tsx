/**
 * The checkout model's paths, run against the rendered checkout page (DESIGN §5: main flows run
 * their paths on the UI too). The member's events go through the page's and its popups' controls;
 * the flow's calls are held and answered over HTTP with the model's fixtures (everything else goes
 * to the real server); the delays are fake-timer advances. After every step the page must show what
 * the expected state means, read through the machine's selectors.
 *
 * Paths start from the fresh checkout and from paying an order again (`?orderID&method`, the
 * model's inputs without a PaymentID). Steps the page has no control for are left out: coming back
 * from the card's extra step (that is the order confirmation page's part, covered in
 * checkout.test.tsx). The payment step is a machine of its own (machines/payment-step, with its own
 * model): here the page brings it to each of its ends (a method chosen, Place order, the calls
 * answered), as the model's paymentStep outcomes say. The rest are the model's paths cut down to
 * what the page can play, then a greedy subset that takes every transition those can take.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eq } from 'drizzle-orm';
import { userUpdateInfo } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { AFTER, DONE, ERROR, describeEvent, type ModelSnapshot } from '../../flows/model.ts';
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import * as checkout from '../../machines/checkout/checkout.selectors.ts';
import type { CheckoutContext, ShoppingBag } from '../../machines/checkout/checkout.types.ts';
import { mastercard, visa } from '../../machines/payment-choice/payment-choice.fixtures.ts';
import type { PaymentStepOutput } from '../../machines/payment-step/payment-step.types.ts';
import { checkoutModel } from '../machines/checkout.model.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { HONG_KONG_ADDRESS, auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { closeCardPopup, playPaymentControl } from '../support/payment-controls.ts';
import { couponTotalsAnswerable, couponTotalsAnswers, coveringPaths, heldCalls, httpAnswer, realisablePaths, refusal, type HttpAnswer } from '../support/ui-paths.ts';

type Snapshot = ModelSnapshot & { context: CheckoutContext };
type Input = (typeof checkoutModel.inputs)[number];
const inputs = checkoutModel.inputs.filter((i) => !i.resume?.PaymentID);
/**
 * The model with the payment step as itself, choosing how to pay in it (not started, as nothing runs in
 * the model): each snapshot in the payment step then holds the step's first state for what the checkout
 * passes it (choosing, or the cards read to pay an order again by card), which says what the page shows.
 */
const machine = checkoutMachine.provide({ actors: { paymentStep: paymentStepMachine.provide({ actors: { paymentChoice: paymentChoiceMachine } }) } });
const model = { ...checkoutModel, machine } as never as typeof checkoutModel;
const delays = orderPaymentMachine.implementations.delays as Record<string, number>;

/** Whether the page offers a control for this member event in this state. */
function playable(s: Snapshot, event: AnyEventObject): boolean {
  const c = s.context as CheckoutContext;
  switch (event.type) {
    case 'PICK_ADDRESS':
      // A radio already checked sends nothing.
      return s.matches('choosingAddress') && c.addressIndex !== event.index;
    case 'CHOOSE_ADDRESS':
      // The address popup made another address the main one (the page follows the member's main address).
      return s.matches('choosingAddress') && c.addressIndex !== event.index;
    default:
      return s.can(event as never);
  }
}

/**
 * Whether the page can end the payment step (machines/payment-step) this way: a refusal of placing, or
 * back to the address, only while no order is placed; paying's outcomes always (a method that fits is
 * chosen). Its own steps have their model (tests/machines/payment-step.test.ts) and their page tests
 * (checkout.test.tsx); a failure of the step itself is no answer the page can get.
 */
function stepAnswerable(s: Snapshot, e: AnyEventObject): boolean {
  if (e.type === `${ERROR}paymentStep`) return false;
  if (e.type !== `${DONE}paymentStep`) return true;
  const { end } = e.output as PaymentStepOutput;
  return end.how === 'paymentEnded' || s.context.orderID === undefined;
}

const realisable = (s: Snapshot, e: AnyEventObject) =>
  e.type.startsWith(DONE) || e.type.startsWith(ERROR)
    ? couponTotalsAnswerable(e, s.context.couponID) && stepAnswerable(s, e)
    : e.type.startsWith(AFTER) || playable(s, e);

/** The shortest realisable path to every state (as the model's abstraction sees it), then every realisable step from each. */
const realisableFrom = (input: Input) =>
  realisablePaths(model, input, {
    realisable: (s, e) => realisable(s as Snapshot, e),
    key: (s) => {
      const c = s.context as CheckoutContext;
      // How the member pays tells apart where the payment step starts.
      return JSON.stringify({ value: s.value, status: s.status, view: checkoutModel.abstraction?.(s), coupon: c.couponID, method: c.method, card: c.cardID, cards: c.cards?.map((card) => card.id) });
    },
    skipUnchanged: true,
  });

const { chosen, missing } = coveringPaths(machine, inputs.flatMap(realisableFrom), { preferShorter: true });

const CALLS: Record<string, string> = {
  getShoppingBag: 'getShoppingBag',
  getPaymentMehtod: 'getPaymentMehtod',
  addCreditCard: 'addCreditCard',
  addPaymentMehtod: 'addPaymentMehtod',
  checkout: 'checkout',
  createProductPayment: 'create-product-payment',
  productCreditcardPayment: 'product-creditcard-payment',
  getProductOrder: 'get-product-order',
  userUpdateInfo: 'user-update-info',
  listUserProductOrder: 'list-user-product-order',
};

/** A fixture bag (only what the flow reads) as getShoppingBag answers it. */
function fullBag(bag: ShoppingBag) {
  return {
    productList: bag.productList.map((line) => ({
      ProductID: line.VarianceID,
      ProductTypeID: bag.HasAlcohol ? 'spirits' : 'tea',
      VarianceID: line.VarianceID,
      Name: { en: `Item ${line.VarianceID}`, zh: line.VarianceID },
      VarianceName: { en: 'One', zh: '一' },
      Image: '/media/art/tea-1-1.svg',
      Price: bag.orderDetail.SubTotal,
      Currency: bag.orderDetail.Currency,
      SelectedQuantity: 1,
      LineTotal: bag.orderDetail.SubTotal,
      StockStatus: 'InStock',
      IsAlcohol: bag.HasAlcohol,
      AddToCartDatetime: '2026-11-01T04:00:00.000Z',
      SelectedQuantityUpdated: false,
    })),
    outOfStockList: [],
    stopSellList: [],
    orderDetail: { ...bag.orderDetail, CountryID: 'HK', taxObj: [] },
    HasAlcohol: bag.HasAlcohol,
  };
}

/** A fixture order (only what the flow reads) as get-product-order answers it: the page's own reads show all of it. */
function fullOrder(order: { OrderID: string; PaymentStatus: string }) {
  const detail = { Currency: 'HKD', CountryID: 'HK', SubTotal: 88_000, Discount: 0, ShippingFee: 0, Taxes: 0, taxObj: [], Total: 88_000 };
  return {
    Reference: 'SG-TEST-0001',
    CreatedAt: '2026-11-01T04:00:00.000Z',
    Currency: 'HKD',
    PaymentMethod: 'CreditCard',
    FulfilmentStatus: 'None',
    Tab: 'WaitForPayment',
    DeliveryAddress: HONG_KONG_ADDRESS,
    ProductList: [
      { ProductID: 'tea-tieguanyin', VarianceID: 'tea-tieguanyin-50g', Name: { en: 'Tieguanyin', zh: '鐵觀音' }, VarianceName: { en: '50 g', zh: '50 克' }, Image: '/media/art/tea-1-1.svg', Price: 88_000, Quantity: 1, LineTotal: 88_000, IsAlcohol: false },
    ],
    orderDetail: detail,
    ...order,
  };
}

/** HTTP answers for one fixture outcome (two for a coupon refused on reading: the refusal, then the bag without it). */
function httpAnswers(event: AnyEventObject): HttpAnswer[] {
  const actor = event.type.slice(DONE.length);
  if (actor === 'getShoppingBag' && event.type.startsWith(DONE)) return couponTotalsAnswers(event, (totals: ShoppingBag) => fullBag(totals));
  if (actor === 'getProductOrder') return [httpAnswer(event, { body: (data) => ({ Order: fullOrder((data as { Order: { OrderID: string; PaymentStatus: string } }).Order) }) })];
  if (actor === 'listUserProductOrder')
    return [httpAnswer(event, { body: (data) => ({ OrderList: (data as { OrderList: Array<{ OrderID: string; PaymentStatus: string }> }).OrderList.map(fullOrder) }) })];
  return [httpAnswer(event)];
}

let server: TestApp;
let held: ReturnType<typeof heldCalls>;
let holding = false;
let view: Awaited<ReturnType<typeof renderApp>>;

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());
afterEach(() => {
  holding = false;
  vi.useRealTimers();
});

async function open(input: Input) {
  held = heldCalls((call) => holding && Object.values(CALLS).includes(call));
  const tokens = await signUpMember(server);
  // Back to the bag must land on the bag, not on the entry survey.
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  const second = { ...HONG_KONG_ADDRESS, label: 'office' as const, address1: '2 Queen’s Road Central' };
  await server.call(userUpdateInfo, { accessToken: tokens.accessToken, deliveryAddress: [HONG_KONG_ADDRESS, second], mainDeliveryAddressIndex: 0 }, auth(tokens));
  view = await renderApp(server, '/home', { wrapFetch: held.wrapFetch });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
  holding = true;
  const search = input.resume ? { orderID: input.resume.OrderID, method: input.resume.PaymentMethod } : { coupon: input.couponID };
  await act(() => view.router.navigate({ to: '/checkout_product', search }));
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
}


const ok = (data: object): HttpAnswer => ({ status: 200, body: { result: true, ...data } });
const orderRead = (PaymentStatus: string): HttpAnswer => ok({ Order: fullOrder({ OrderID: 'order-1', PaymentStatus }) });
const started = (PaymentStatus: string, extra: object = {}): HttpAnswer => ok({ OrderID: 'order-1', PaymentStatus, PaymentID: 'pi_1', ...extra });

/** The paying flow's calls answered so that the payment step ends as the model's outcome says: placing (its orders noted first) or paying the order again. */
async function payingEnds(out: PaymentStepOutput, before: Snapshot) {
  const placing = before.context.orderID === undefined;
  const call = placing ? CALLS.checkout! : CALLS.createProductPayment!;
  if (placing) await held.answerAll(CALLS.listUserProductOrder!, ok({ OrderList: [] }));
  const { end } = out;
  if (end.how === 'refused') return held.answerAll(call, refusal(end.code, out.paying.error?.message ?? ''));
  if (end.how !== 'paymentEnded') throw new Error(`paying does not end the step with ${end.how}`);
  switch (end.outcome) {
    case 'confirmed':
      return held.answerAll(call, started('succeeded'));
    case 'redirect':
      return held.answerAll(call, started('requires_action', { RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' }));
    case 'fps':
      return held.answerAll(call, started('pending'));
    case 'failed':
      return held.answerAll(call, refusal(out.paying.error!.code, out.paying.error!.message, { OrderID: 'order-1' }));
    case 'cancelled':
      await held.answerAll(call, started('processing'));
      return held.answerAll(CALLS.getProductOrder!, orderRead('Cancelled'));
    case 'processing': {
      await held.answerAll(call, started('processing'));
      // Every read until the deadline says "not paid yet".
      const end = Date.now() + delays.pollDeadline!;
      await held.answerAll(CALLS.getProductOrder!, orderRead('WaitForPayment'));
      while (Date.now() < end) {
        await act(async () => vi.advanceTimersByTimeAsync(Math.min(delays.pollInterval!, end - Date.now())));
        // Only the flow's reads: once it gave up, the order page's own read is not the flow's to answer.
        if (Date.now() < end && view.router.state.location.pathname === '/checkout_product' && held.requests(CALLS.getProductOrder!).length > 0)
          await held.answerAll(CALLS.getProductOrder!, orderRead('WaitForPayment'));
      }
      return;
    }
  }
}

/**
 * The page brings the payment step to the model's end: back to the address; or a method that fits (FPS
 * for its QR, else Alipay), Place order (Pay now for an order placed before) and the paying flow's calls
 * answered. Paying an order again by card, the step reads the cards first.
 */
async function stepEnds(out: PaymentStepOutput, before: Snapshot): Promise<void> {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const step = before as never as checkout.CheckoutSnapshot;
  if (checkout.isLoadingCards(step)) await held.answerAll(CALLS.getPaymentMehtod!, ok({ PaymentMethodList: [visa, mastercard] }));
  if (out.end.how === 'back') {
    await closeCardPopup(user);
    return user.click(screen.getByRole('button', { name: 'Change address' }));
  }
  const fps = out.end.how === 'paymentEnded' && out.end.outcome === 'fps';
  await perform({ type: 'SELECT_METHOD', method: fps ? 'FPS' : 'Alipay' }, before);
  const place = screen.getByRole('button', { name: /^(Place order|Pay now)/ }) as HTMLButtonElement;
  await waitFor(() => expect(place.disabled).toBe(false));
  await perform({ type: 'PLACE_ORDER' }, before);
  return payingEnds(out, before);
}

async function perform(event: AnyEventObject, before: Snapshot): Promise<void> {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  if (event.type === `${DONE}paymentStep`) return stepEnds(event.output as PaymentStepOutput, before);
  if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
    const call = CALLS[event.type.replace(/^xstate\.(done|error)\.actor\./, '')]!;
    // The address saved: the real server answers, with the member as it now has them.
    if (event.type === `${DONE}userUpdateInfo` && (event.output as { ok: boolean }).ok) return held.passAll(call);
    for (const answer of httpAnswers(event)) await held.answerAll(call, answer);
    return;
  }
  if (await playPaymentControl(user, event)) return;
  if (await playPaymentControl(user, event)) return;
  switch (event.type) {
    case 'PICK_ADDRESS':
      return user.click(screen.getByRole('radio', { name: /2 Queen’s Road Central/ }));
    case 'CHOOSE_ADDRESS': {
      // As the address popup does: the member's main address is now the second one.
      const member = view.services.session.getSnapshot().context.user!;
      return act(() => view.services.session.send({ type: 'USER_UPDATED', user: { ...member, mainDeliveryAddressIndex: event.index } }));
    }
    case 'CONTINUE':
      return user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    case 'BACK':
      // The age warning's close (back from the payment step is the step's end: stepEnds).
      return user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    case 'BACK_TO_BAG':
      await closeCardPopup(user);
      return user.click(screen.getByRole('button', { name: 'Back to shopping bag' }));
    case 'CONFIRM_AGE':
      return user.click(screen.getByRole('button', { name: 'I am 18 or over' }));
    case 'DECLINE_AGE':
      return user.click(screen.getByRole('button', { name: 'I am under 18' }));
    case 'RETRY':
      return user.click(screen.getByRole('button', { name: before.matches('lostAnswer') ? 'Check again' : 'Try again' }));
    default:
      throw new Error(`the checkout page cannot send ${event.type}`);
  }
}

/** The page shows the state: the step's heading and controls, enabled as the machine allows. */
async function expectPageShows(expected: Snapshot, what: string) {
  const s = expected as never as checkout.CheckoutSnapshot;
  const step = checkout.step(s);
  await waitFor(() => {
    switch (step) {
      case 'loading':
        expect(screen.getByText('Loading your order…'), what).toBeTruthy();
        break;
      case 'loadFailed':
        expect(screen.getByRole('heading', { name: 'Your order could not be loaded' }), what).toBeTruthy();
        break;
      case 'bagProblem':
        expect(screen.getByRole('heading', { name: 'Your bag has changed' }), what).toBeTruthy();
        break;
      case 'address':
        expect((screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement).disabled, what).toBe(!checkout.canContinue(s));
        expect((screen.getAllByRole('radio')[checkout.addressIndex(s) ?? 0] as HTMLInputElement).checked, what).toBe(true);
        expect(Boolean(screen.queryByText('The address could not be chosen. Please try again.')), what).toBe(checkout.addressNotSaved(s));
        break;
      case 'age':
        expect(screen.getByRole('alertdialog', { name: 'Are you 18 or over?' }), what).toBeTruthy();
        break;
      case 'payment':
      case 'placing':
        // The card popup may be open over the page (which is then hidden from the accessibility tree).
        expect(screen.getByRole('heading', { name: 'Payment', hidden: true }), what).toBeTruthy();
        expect((screen.getByRole('button', { name: /^(Place order|Pay now|Placing)/, hidden: true }) as HTMLButtonElement).disabled, what).toBe(
          !checkout.canPlaceOrder(s),
        );
        if (checkout.isLoadingCards(s)) expect(screen.getAllByText(/Loading your cards/).length, what).toBeGreaterThan(0);
        // What looking the order up found after a lost answer, in words.
        expect(Boolean(screen.queryByText(/^Your order was not placed and nothing was charged/)), what).toBe(checkout.lostAnswerFinding(s) === 'notPlaced');
        expect(Boolean(screen.queryByText(/^Your order is placed, but its payment did not go through/)), what).toBe(checkout.lostAnswerFinding(s) === 'notPaid');
        break;
      case 'checking':
        expect(screen.getByRole('heading', { name: 'Checking your order' }), what).toBeTruthy();
        break;
      case 'unconfirmed':
        expect(screen.getByRole('heading', { name: 'We could not confirm your order' }), what).toBeTruthy();
        expect((screen.getByRole('button', { name: 'Check again' }) as HTMLButtonElement).disabled, what).toBe(!checkout.canCheckAgain(s));
        expect(screen.queryByRole('button', { name: /^(Place order|Pay now)/ }), what).toBeNull();
        break;
      case 'addCard':
        expect(screen.getByRole('dialog', { name: 'Add a card' }), what).toBeTruthy();
        expect(screen.getByRole('form', { name: 'Card details' }).getAttribute('aria-busy'), what).toBe(String(checkout.isBusy(s)));
        break;
      case 'paying':
        expect(screen.getByRole('heading', { name: 'Confirming your payment' }), what).toBeTruthy();
        break;
      case 'done': {
        const out = checkout.result(s)!;
        if (out.outcome === 'confirmed' || out.outcome === 'processing') expect(view.router.state.location.pathname, what).toBe('/order_product_confirm/order-1');
        else if (out.outcome === 'failed') {
          expect(view.router.state.location.pathname, what).toBe('/payment_fail');
          expect(view.router.state.location.search, what).toMatchObject({ orderID: out.OrderID, code: out.ErrorCode });
        } else if (out.outcome === 'backToBag') expect(view.router.state.location.pathname, what).toBe('/shopping_bag');
        else if (out.outcome === 'fps') expect(screen.getByRole('dialog', { name: 'Pay with FPS' }), what).toBeTruthy();
        else if (out.outcome === 'cancelled') expect(screen.getByRole('heading', { name: 'Order cancelled' }), what).toBeTruthy();
        break;
      }
    }
    const error = checkout.error(s);
    if (error && (step === 'bagProblem' || step === 'loadFailed')) expect(document.querySelector('.checkout-error'), `${what}: error`).not.toBeNull();
  });
}

describe('checkout: model paths on the rendered checkout page', () => {
  it('the playable paths take every transition but those the page has no control for', () => {
    expect(missing.sort()).toEqual(
      [
        // Coming back from the card's extra step: the order confirmation page resumes the flow (checkout.test.tsx).
        'checkout.starting —(always) [resumingCard] #1→ checkout.payment',
        // The payment step itself failing is no answer the page gets.
        'checkout.payment —xstate.error.actor.paymentStep→ checkout.loadFailed',
        // The shared coupon recovery turns an unreachable server into a NetworkError value.
        'checkout.loadingBag —xstate.error.actor.getShoppingBag→ checkout.loadFailed',
        'checkout.refreshingTotals —xstate.error.actor.getShoppingBag→ checkout.payment',
      ].sort(),
    );
    expect(chosen.length).toBeGreaterThan(10);
  });

  it.each(chosen.map((p) => [p.description, p] as const))('%s', { timeout: 90_000 }, async (_, p) => {
    await open(p.input as Input);
    for (const [i, { event, state }] of p.path.steps.entries()) {
      const expected = state as Snapshot;
      if (i > 0) await perform(event, p.path.steps[i - 1]!.state as Snapshot);
      await expectPageShows(expected, `step ${i} (${describeEvent(event)})`);
    }
  });
});
