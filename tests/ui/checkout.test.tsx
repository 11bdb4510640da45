/**
 * Checkout, payment and orders in the rendered app against the real server (sandbox payments):
 * card success and decline, the over-18 confirmation, the FPS QR popup paid by the sandbox's bank
 * stand-in, cancelling an FPS payment, the orders popup's tabs, and the login guard.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addShoppingBag,
  checkout,
  getPaymentMehtod,
  getProductOrder,
  getShoppingBag,
  listUserProductOrder,
  userGetInfo,
  userUpdateInfo,
  type TokenSet,
} from '../../contract/index.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { users } from '../../server/db/schema.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { CARDS, pressOnHostedPage, saveCard } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const TEA_50G = 'tea-tieguanyin-50g';
const SINGLE_MALT = 'spirits-islay-single-malt-700ml';
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const home = {
  label: 'home' as const,
  firstName: 'Ka Yan',
  lastName: 'Wong',
  countryCallingCode: '852',
  phone: '91234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  address1: '1 Harbour Road',
  postalCode: '000000',
};

/** A member past the entry survey, with a delivery address and these lines in the bag. */
async function shopper(lines: Array<[string, number]>) {
  const tokens = await signUpMember(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  await server.call(userUpdateInfo, { accessToken: tokens.accessToken, deliveryAddress: [home], mainDeliveryAddressIndex: 0 }, auth(tokens));
  for (const [VarianceID, Quantity] of lines) await server.call(addShoppingBag, { VarianceID, Quantity }, auth(tokens));
  return tokens;
}

/** The answers of the app's payment calls, as they went by (the FPS payment id is only there). */
function watchPayments() {
  const answers: Array<{ call: string; body: Record<string, unknown> }> = [];
  const wrapFetch = (fetch: typeof globalThis.fetch): typeof globalThis.fetch => async (input, init) => {
    const response = await fetch(input, init);
    const call = String(input).replace(/^.*\/api\//, '');
    if (call === 'checkout' || call === 'create-product-payment') answers.push({ call, body: (await response.clone().json()) as Record<string, unknown> });
    return response;
  };
  return { answers, wrapFetch };
}

type View = Awaited<ReturnType<typeof renderApp>>;

async function openCheckout(tokens: TokenSet, options: Parameters<typeof renderApp>[2] = {}) {
  const view = await renderApp(server, '/home', options);
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  await act(() => view.router.navigate({ to: '/checkout_product' }));
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  return { view, user: userEvent.setup() };
}

async function continueToPayment(user: ReturnType<typeof userEvent.setup>) {
  const address = await screen.findByRole('radio', { name: /1 Harbour Road/ });
  expect((address as HTMLInputElement).checked).toBe(true);
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
}

async function chooseMethod(user: ReturnType<typeof userEvent.setup>, method: RegExp) {
  await user.click(await screen.findByRole('button', { name: 'Choose payment method' }));
  const popup = await screen.findByRole('dialog', { name: 'Payment method' });
  await user.click(within(popup).getByRole('radio', { name: method }));
  await user.click(within(popup).getByRole('button', { name: 'Use this payment method' }));
}

async function addCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const popup = await screen.findByRole('dialog', { name: 'Choose a card' });
  await within(popup).findByText('You have no saved cards yet.');
  await user.click(within(popup).getByRole('button', { name: 'Add a new card' }));
  const form = await screen.findByRole('dialog', { name: 'Add a card' });
  await user.type(within(form).getByLabelText('Card number'), number);
  await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(within(form).getByLabelText('CVC'), '123');
  await user.click(within(form).getByRole('button', { name: 'Save card' }));
  const chosen = await screen.findByRole('dialog', { name: 'Choose a card' });
  const card = await within(chosen).findByRole('radio', { name: new RegExp(`Visa ending in ${number.slice(-4)}`) });
  expect((card as HTMLInputElement).checked).toBe(true);
  await user.click(within(chosen).getByRole('button', { name: 'Use this card' }));
}

const orderIDFrom = (view: View) => view.router.state.location.pathname.split('/').at(-1)!;

describe('checkout_product', () => {
  it('sends a visitor to home with the login popup', async () => {
    const view = await renderApp(server, '/checkout_product');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
    expect(view.router.state.location.search).toEqual({ login: true });
  });

  it('pays by a new card and shows the confirmation; the order is in the orders popup under In process', async () => {
    const tokens = await shopper([[TEA_50G, 2]]);
    const { view, user } = await openCheckout(tokens);
    await continueToPayment(user);
    await chooseMethod(user, /Credit or debit card/);
    await addCard(user, '4242 4242 4242 4242');
    expect(screen.getByText(/Visa ending in 4242/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Place order/ }));

    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    const orderID = orderIDFrom(view);
    expect(view.router.state.location.pathname).toBe(`/order_product_confirm/${orderID}`);
    const order = (await server.call(getProductOrder, { orderID }, auth(tokens))).Order;
    expect(order.PaymentStatus).toBe('Paid');
    expect(screen.getByText(order.Reference)).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242, expires 12/2034')).toBeTruthy();

    act(() => view.services.popups.open('account'));
    await user.click(await screen.findByRole('button', { name: 'My orders' }));
    const orders = await screen.findByRole('dialog', { name: 'My orders' });
    expect(within(orders).getByRole('tab', { name: 'In process' }).getAttribute('aria-selected')).toBe('true');
    await within(orders).findByRole('link', { name: `Order ${order.Reference}` });
    await user.click(within(orders).getByRole('tab', { name: 'Cancelled' }));
    await within(orders).findByText('No orders here.');
  });

  it('a declined card lands on payment_fail; trying again pays the same order with another card', async () => {
    const tokens = await shopper([[TEA_50G, 1]]);
    const { view, user } = await openCheckout(tokens);
    await continueToPayment(user);
    await chooseMethod(user, /Credit or debit card/);
    await addCard(user, CARDS.declined);
    await user.click(screen.getByRole('button', { name: /^Place order/ }));

    await screen.findByRole('heading', { level: 1, name: 'Payment failed' });
    expect(view.router.state.location.pathname).toBe('/payment_fail');
    const { orderID, code } = view.router.state.location.search as { orderID: string; code: string };
    expect(code).toBe('PaymentFail');
    expect(screen.getByText('Payment failed, please use another payment method or try again later')).toBeTruthy();
    const placed = await server.call(getProductOrder, { orderID }, auth(tokens));
    expect(placed.Order.PaymentStatus).toBe('PaymentFailed');
    await screen.findByText(`Order number ${placed.Order.Reference}`);

    await user.click(await screen.findByRole('link', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    // Straight to the payment step of that order: its method, the saved card, its address.
    await screen.findByRole('heading', { name: 'Payment' });
    await screen.findByText(/^Visa ending in 0002/);
    expect(screen.getByText('1 Harbour Road')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change address' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change card' }));
    const cards = await screen.findByRole('dialog', { name: 'Choose a card' });
    await user.click(within(cards).getByRole('button', { name: 'Add a new card' }));
    const form = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(form).getByLabelText('Card number'), CARDS.visa);
    await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(within(form).getByLabelText('CVC'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    const chosen = await screen.findByRole('dialog', { name: 'Choose a card' });
    expect((await within(chosen).findByRole('radio', { name: /Visa ending in 4242/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(chosen).getByRole('button', { name: 'Use this card' }));
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(view.router.state.location.pathname).toBe(`/order_product_confirm/${orderID}`);
    expect((await server.call(getProductOrder, { orderID }, auth(tokens))).Order.PaymentStatus).toBe('Paid');
    const list = await server.call(listUserProductOrder, { Tab: 'InProcess' }, auth(tokens));
    expect(list.OrderList.map((o) => o.OrderID)).toEqual([orderID]);
  });

  it('alcohol needs the over-18 confirmation before payment', async () => {
    const tokens = await shopper([[SINGLE_MALT, 1]]);
    const { view, user } = await openCheckout(tokens);
    await continueToPayment(user);
    const warning = await screen.findByRole('alertdialog', { name: 'Are you 18 or over?' });
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    await user.click(within(warning).getByRole('button', { name: 'I am under 18' }));
    await screen.findByRole('heading', { level: 1, name: 'Shopping bag' });

    await act(() => view.router.navigate({ to: '/checkout_product' }));
    await continueToPayment(user);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you 18 or over?' })).getByRole('button', { name: 'I am 18 or over' }));
    await screen.findByRole('heading', { name: 'Payment' });
  });
});

describe('delivery address and orders list', () => {
  it('picking another delivery address makes it the main one and prices the order for it', async () => {
    const tokens = await shopper([[TEA_50G, 2]]);
    const vancouver = { ...home, label: 'office' as const, countryCallingCode: '1', phone: '6045550100', CountryID: 'CA', city: 'Vancouver', address1: '1 Granville Street', postalCode: 'V6C 1T2' };
    await server.call(userUpdateInfo, { accessToken: tokens.accessToken, deliveryAddress: [home, vancouver], mainDeliveryAddressIndex: 0 }, auth(tokens));
    const { user } = await openCheckout(tokens);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await screen.findByRole('radio', { name: /1 Harbour Road/ });
    expect(within(summary).queryByText('GST')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /1 Granville Street/ }));
    await within(summary).findByText('GST');
    expect((screen.getByRole('radio', { name: /1 Granville Street/ }) as HTMLInputElement).checked).toBe(true);
    const me = await server.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens));
    expect(me.userDetailInfo.mainDeliveryAddressIndex).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    expect(screen.getByText('1 Granville Street')).toBeTruthy();
  });

  it('the orders popup pages with "Show more"', async () => {
    const tokens = await shopper([]);
    // A member holds one unpaid order at a time: each checkout cancels the one before, so after twelve the
    // Cancelled tab holds eleven.
    for (let i = 0; i < 12; i++) {
      await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 1 }, auth(tokens));
      await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(tokens));
    }
    const view = await renderApp(server, '/home');
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
    act(() => view.services.popups.open('orders'));
    const orders = await screen.findByRole('dialog', { name: 'My orders' });
    const user = userEvent.setup();
    await user.click(within(orders).getByRole('tab', { name: 'Cancelled' }));
    await waitFor(() => expect(within(orders).getAllByRole('link', { name: /^Order / })).toHaveLength(10));
    // No cancelled order is offered for paying (the unpaid twelfth is, above the tabs: issue 29).
    expect(within(within(orders).getByRole('tabpanel')).queryByRole('button', { name: 'Pay now' })).toBeNull();
    await user.click(within(orders).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(orders).getAllByRole('link', { name: /^Order / })).toHaveLength(11));
    expect(within(orders).queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('FPS QR payment', () => {
  it('shows the QR with a countdown; the transfer shows the confirmation without a click', async () => {
    const tokens = await shopper([[TEA_50G, 1]]);
    const watched = watchPayments();
    const { view, user } = await openCheckout(tokens, { wrapFetch: watched.wrapFetch });
    await continueToPayment(user);
    await chooseMethod(user, /FPS QR code/);
    await user.click(screen.getByRole('button', { name: /^Place order/ }));

    const popup = await screen.findByRole('dialog', { name: 'Pay with FPS' });
    const qr = await within(popup).findByRole('img', { name: /^FPS QR code for order / });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const countdown = within(popup).getByRole('timer');
    expect(countdown.textContent).toMatch(/^(10:00|09:[0-5]\d)$/);
    const placed = watched.answers.find((a) => a.call === 'checkout')!.body as { OrderID: string; PaymentID: string };

    const paid = await server.raw(`/api/payments/sandbox/fps/${encodeURIComponent(placed.PaymentID)}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    // The sandbox's webhook reaches the shop (a real provider calls back on its own).
    await server.payments.scheduler.runAll();
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }, { timeout: 15_000 });
    expect(view.router.state.location.pathname).toBe(`/order_product_confirm/${placed.OrderID}`);
  });

  it('cancelling voids the QR and cancels the order; the orders popup shows it under Cancelled', async () => {
    const tokens = await shopper([[TEA_50G, 1]]);
    const watched = watchPayments();
    const { view, user } = await openCheckout(tokens, { wrapFetch: watched.wrapFetch });
    await continueToPayment(user);
    await chooseMethod(user, /FPS QR code/);
    await user.click(screen.getByRole('button', { name: /^Place order/ }));
    const popup = await screen.findByRole('dialog', { name: 'Pay with FPS' });
    await within(popup).findByRole('timer');
    const placed = watched.answers.find((a) => a.call === 'checkout')!.body as { OrderID: string; PaymentID: string };
    await user.click(within(popup).getByRole('button', { name: 'Cancel payment' }));
    await within(popup).findByText('Payment cancelled. The QR code is no longer valid and your order was cancelled.');

    expect((await server.call(getProductOrder, { orderID: placed.OrderID }, auth(tokens))).Order.PaymentStatus).toBe('Cancelled');
    // The voided QR can no longer be paid.
    expect((await server.raw(`/api/payments/sandbox/fps/${encodeURIComponent(placed.PaymentID)}/pay`, { method: 'POST' })).status).not.toBe(200);
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    act(() => view.services.popups.open('orders'));
    const orders = await screen.findByRole('dialog', { name: 'My orders' });
    await user.click(within(orders).getByRole('tab', { name: 'Cancelled' }));
    const row = (await within(orders).findByRole('link', { name: /^Order / })).closest('li')!;
    expect(row.textContent).toContain('Cancelled');
  });
});

describe('coming back from a provider page', () => {
  async function signedIn(tokens: TokenSet) {
    const view = await renderApp(server, '/home');
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
    return view;
  }
  async function placedWithExtraStep(number: string) {
    const tokens = await shopper([[TEA_50G, 1]]);
    const CardID = await saveCard(server, tokens, number);
    const placed = await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(tokens));
    expect(placed.PaymentStatus).toBe('requires_action');
    return { tokens, placed };
  }

  it('after the card’s extra confirmation, the confirmation page picks up the payment', async () => {
    const { tokens, placed } = await placedWithExtraStep(CARDS.authenticate);
    const { spaPath } = await pressOnHostedPage(server, placed.RedirectURL!, 'approve');
    expect(spaPath).toMatch(new RegExp(`^/order_product_confirm/${placed.OrderID}\\?`));
    const view = await signedIn(tokens);
    await act(() => view.router.navigate({ href: spaPath }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect((await server.call(getProductOrder, { orderID: placed.OrderID }, auth(tokens))).Order.PaymentStatus).toBe('Paid');
  });

  it('a refused extra step lands on payment_fail with the words; trying again offers another method for the same order', async () => {
    const { tokens, placed } = await placedWithExtraStep(CARDS.authenticate);
    const { spaPath } = await pressOnHostedPage(server, placed.RedirectURL!, 'decline');
    expect(spaPath).toMatch(/^\/payment_fail\?/);
    const view = await signedIn(tokens);
    await act(() => view.router.navigate({ href: spaPath }));
    await screen.findByRole('heading', { level: 1, name: 'Payment failed' });
    expect(screen.getByText('Payment failed, please use another payment method or try again later')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await screen.findByRole('heading', { name: 'Payment' });
    expect(view.router.state.location.search).toMatchObject({ orderID: placed.OrderID, method: 'CreditCard' });
    // Another method for the same order.
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const popup = await screen.findByRole('dialog', { name: 'Payment method' });
    await user.click(within(popup).getByRole('radio', { name: /FPS QR code/ }));
    await user.click(within(popup).getByRole('button', { name: 'Use this payment method' }));
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await screen.findByRole('dialog', { name: 'Pay with FPS' });
    expect((await server.call(getProductOrder, { orderID: placed.OrderID }, auth(tokens))).Order.PaymentMethod).toBe('FPS');
  });
});

describe('wallet and coupon', () => {
  it('the wallet lists, adds and deletes cards', async () => {
    const tokens = await shopper([]);
    const view = await renderApp(server, '/home');
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
    const user = userEvent.setup();
    act(() => view.services.popups.open('account'));
    await user.click(await screen.findByRole('button', { name: 'Wallet' }));
    let wallet = await screen.findByRole('dialog', { name: 'Wallet' });
    await within(wallet).findByText('You have no saved cards yet.');
    await user.click(within(wallet).getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(within(form).getByLabelText('CVC'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    // A typo is caught before anything is sent.
    expect(within(form).getByText('Your card number is incorrect.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Card number'));
    await user.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    wallet = await screen.findByRole('dialog', { name: 'Wallet' });
    await within(wallet).findByText('Visa ending in 4242, expires 12/2034');
    expect((await server.call(getPaymentMehtod, {}, auth(tokens))).PaymentMethodList).toHaveLength(1);

    await user.click(within(wallet).getByRole('button', { name: 'Delete Visa ending in 4242, expires 12/2034' }));
    await user.click(within(within(wallet).getByRole('group')).getByRole('button', { name: 'Delete' }));
    await within(wallet).findByText('You have no saved cards yet.');
    expect((await server.call(getPaymentMehtod, {}, auth(tokens))).PaymentMethodList).toEqual([]);
  });

  it('the bag’s coupon goes along to checkout and prices the order', async () => {
    const tokens = await shopper([[TEA_50G, 2]]);
    const view = await renderApp(server, '/home');
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
    await act(() => view.router.navigate({ to: '/shopping_bag' }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(/applied/);
    // The bag is read again after the coupon (spec §3): Checkout is offered once it is in.
    await user.click(await screen.findByRole('link', { name: 'Checkout' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(view.router.state.location.search).toEqual({ coupon: 'WELCOME10' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await within(summary).findByText('Coupon WELCOME10');
  });
});

describe('a checkout whose answer never came (the connection dropped)', () => {
  const SETTLE = orderPaymentMachine.implementations.delays.answerLostSettle as number;
  afterEach(() => vi.useRealTimers());

  /**
   * The connection to the shop, which can drop: `answerLost` lets the server do the work and loses its
   * answer; `neverSent` fails before the request leaves; `offline` fails every request to those calls.
   */
  function connection() {
    const sent: string[] = [];
    const answerLost = new Set<string>();
    const neverSent = new Set<string>();
    const offline = new Set<string>();
    /** Calls that go offline once this one's answer is lost. */
    const thenOffline = new Map<string, string[]>();
    const wrapFetch =
      (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
      async (input, init) => {
        const call = new URL(String(input), 'http://shop.test').pathname.replace('/api/', '');
        sent.push(call);
        if (offline.has(call) || neverSent.delete(call)) throw new TypeError('Failed to fetch');
        const response = await fetch(input, init);
        if (answerLost.delete(call)) {
          for (const next of thenOffline.get(call) ?? []) offline.add(next);
          throw new TypeError('Failed to fetch');
        }
        return response;
      };
    return { sent, answerLost, neverSent, offline, thenOffline, wrapFetch, count: (call: string) => sent.filter((c) => c === call).length };
  }

  /** To the payment step with the method (a card: the member's saved one), then, on fake timers, place the order. */
  async function placeOrder(tokens: TokenSet, net: ReturnType<typeof connection>, method: 'card' | 'FPS') {
    const { view, user } = await openCheckout(tokens, { wrapFetch: net.wrapFetch });
    await continueToPayment(user);
    await chooseMethod(user, method === 'card' ? /Credit or debit card/ : /FPS QR code/);
    if (method === 'card') {
      const cards = await screen.findByRole('dialog', { name: 'Choose a card' });
      expect((await within(cards).findByRole('radio', { name: /Visa ending in 4242/ }) as HTMLInputElement).checked).toBe(true);
      await user.click(within(cards).getByRole('button', { name: 'Use this card' }));
    }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const timedUser = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await timedUser.click(screen.getByRole('button', { name: /^Place order/ }));
    await screen.findByRole('heading', { name: 'Checking your order' });
    expect(screen.getByText('The connection dropped before the shop answered. We are checking whether your order went through…')).toBeTruthy();
    expect(screen.queryByText(/Payment failed/)).toBeNull();
    return { view, user: timedUser };
  }

  const waitOutSettle = () => act(async () => vi.advanceTimersByTimeAsync(SETTLE));

  it('the card was charged but the answer was lost: the order is found paid and the confirmation shows', async () => {
    const tokens = await shopper([[TEA_50G, 1]]);
    await saveCard(server, tokens, CARDS.visa);
    const net = connection();
    net.answerLost.add('checkout');
    const { view } = await placeOrder(tokens, net, 'card');
    await waitOutSettle();

    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    const orders = (await server.call(listUserProductOrder, {}, auth(tokens))).OrderList;
    expect(orders.map((o) => [o.OrderID, o.PaymentStatus])).toEqual([[orderIDFrom(view), 'Paid']]);
    expect(net.count('checkout')).toBe(1);
  });

  it('the request never reached the shop: "not placed, nothing charged", the bag intact, and placing again works', async () => {
    const tokens = await shopper([[TEA_50G, 2]]);
    const net = connection();
    net.neverSent.add('checkout');
    const { user } = await placeOrder(tokens, net, 'FPS');
    await waitOutSettle();

    await screen.findByText(
      'Your order was not placed and nothing was charged. The connection dropped; your bag is as it was, so you can place the order again.',
    );
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect((await server.call(listUserProductOrder, {}, auth(tokens))).OrderList).toEqual([]);
    const bag = await server.call(getShoppingBag, { Currency: 'HKD' }, auth(tokens));
    expect(bag.productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([[TEA_50G, 2]]);

    const again = screen.getByRole('button', { name: /^Place order/ }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    await user.click(again);
    await screen.findByRole('dialog', { name: 'Pay with FPS' });
    expect(net.count('checkout')).toBe(2);
    expect((await server.call(listUserProductOrder, {}, auth(tokens))).OrderList).toHaveLength(1);
  });

  it('still offline after the lost answer: "could not confirm", and checking again looks the order up, never places it again', async () => {
    const tokens = await shopper([[TEA_50G, 1]]);
    const net = connection();
    net.answerLost.add('checkout');
    const { user } = await placeOrder(tokens, net, 'FPS');
    net.offline.add('list-user-product-order');
    await waitOutSettle();

    await screen.findByRole('heading', { name: 'We could not confirm your order' });
    expect(
      screen.getByText(
        'The connection dropped and we could not check whether your order was placed. We will not place it again until we know. Check your connection, then check again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Place order|Pay now)/ })).toBeNull();

    net.offline.clear();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    // The order was placed for FPS: its QR shows.
    await screen.findByRole('dialog', { name: 'Pay with FPS' });
    expect(net.count('checkout')).toBe(1);
    expect(net.count('list-user-product-order')).toBe(3);
    const orders = (await server.call(listUserProductOrder, {}, auth(tokens))).OrderList;
    expect(orders.map((o) => [o.PaymentMethod, o.PaymentStatus])).toEqual([['FPS', 'WaitForPayment']]);
  });

  it('back from the card’s extra step, the outcome’s answer lost and the order unreadable: "could not confirm", then checking again confirms', async () => {
    const tokens = await shopper([[TEA_50G, 1]]);
    const CardID = await saveCard(server, tokens, CARDS.authenticate);
    const placed = await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(tokens));
    // The member approves on the card's page; the browser comes back to the confirmation page before the order is settled.
    const page = new URL(placed.RedirectURL!).pathname;
    expect((await server.raw(page)).status).toBe(200);
    expect((await server.raw(`${page}/approve`, { method: 'POST' })).status).toBe(303);
    const spaPath = `/order_product_confirm/${placed.OrderID}?payment=${placed.PaymentID}&method=CreditCard`;
    const net = connection();
    net.answerLost.add('product-creditcard-payment');
    net.thenOffline.set('product-creditcard-payment', ['get-product-order']);
    const view = await renderApp(server, '/home', { wrapFetch: net.wrapFetch });
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(() => view.router.navigate({ href: spaPath }));
    await waitFor(() => expect(net.count('product-creditcard-payment')).toBe(1));
    await waitOutSettle();

    await screen.findByRole('heading', { name: 'We could not confirm your order' });
    expect(screen.queryByText(/Payment failed/)).toBeNull();
    net.offline.clear();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(net.count('product-creditcard-payment')).toBe(1);
  });
});
