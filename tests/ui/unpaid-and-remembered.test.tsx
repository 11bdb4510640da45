/**
 * Issue 29, items 3 and 9, in the rendered app against the real server (sandbox payments):
 * - an FPS booking left unpaid is found again under My orders, "Waiting for payment", with "Pay now" (the QR of
 *   the same order) and "Cancel order" (it is cancelled), and My events says where it is;
 * - saving an address in the checkout's address popup closes it, the address chosen; saving the same address
 *   again adds no copy, and each address offered says which it is (Home, Office);
 * - the second checkout on the device has the card the first one was paid with already chosen.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCreditCard,
  addPaymentMehtod,
  addShoppingBag,
  getEventOrder,
  listUnpaidOrders,
  userGetInfo,
  userUpdateInfo,
  type TokenSet,
} from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { eventMember, fromSeed, signIn, unpaidBooking } from '../support/event-bookings.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, HONG_KONG_ADDRESS } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  // An hour after the seed's time, so its sessions are open for booking.
  server = await createTestApp({ clock: fromSeed() });
  // The popups' chunks, loaded once up front: on a busy machine a first load can outlast a query's wait.
  await Promise.all([
    import('../../src/features/events/MyEventsPopup.tsx'),
    import('../../src/features/orders/OrdersPopup.tsx'),
    import('../../src/features/checkout/FpsQrPopup.tsx'),
    import('../../src/features/account/AddressPopups.tsx'),
  ]);
});
afterAll(() => server.close());

const TEA_50G = 'tea-tieguanyin-50g';

/** A member past the entry survey with these delivery addresses and a tea in the bag. */
async function shopper(deliveryAddress: Array<typeof HONG_KONG_ADDRESS>) {
  const tokens = await signUpMember(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  await server.call(userUpdateInfo, { accessToken: tokens.accessToken, deliveryAddress, mainDeliveryAddressIndex: 0 }, auth(tokens));
  await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 1 }, auth(tokens));
  return tokens;
}

async function openApp(tokens: TokenSet) {
  const view = await renderApp(server, '/home');
  await signIn(view, tokens);
  return { view, user: userEvent.setup() };
}

/**
 * The open popup titled `name`. Found by its title's text: a role query over the whole page, run again on every
 * change of the page, is slow enough on a busy machine to hold up the popup's own loading.
 */
async function popupNamed(name: string): Promise<HTMLElement> {
  const title = await screen.findByText(name, { selector: '.popup-title' });
  const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
  return dialog;
}

async function toCheckout(view: Awaited<ReturnType<typeof renderApp>>) {
  await act(() => view.router.navigate({ to: '/checkout_product' }));
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
}

describe('an unpaid booking is found again (issue 29, 3)', () => {
  it('My orders lists the unpaid FPS booking: Pay now shows the QR of the same order, Cancel order cancels it', async () => {
    const member = await eventMember(server);
    const start = await unpaidBooking(server, member, 'evs-coffee-cupping-1', 2);
    const booking = (await server.call(getEventOrder, { orderID: start.OrderID }, auth(member))).Order;
    const { view, user } = await openApp(member);

    // My events says where it is.
    act(() => view.services.popups.open('myEvents'));
    const events = await popupNamed('My events');
    expect(await within(events).findByText(`Your booking of ${booking.Session.Title.en} is waiting for payment. Pay for it or cancel it in My orders.`)).toBeTruthy();
    await user.click(within(events).getByRole('button', { name: 'Go to My orders' }));

    const orders = await popupNamed('My orders');
    const unpaid = await within(orders).findByRole('region', { name: 'Waiting for payment' });
    const row = within(unpaid).getByText(booking.Session.Title.en).closest('li')!;
    expect(row.textContent).toContain('Event booking');
    expect(row.textContent).toContain(booking.Reference);
    await user.click(within(row).getByRole('button', { name: 'Pay now' }));

    // The QR of the same order, within its own window: no other order is placed.
    const fps = await popupNamed('Pay with FPS');
    expect(await within(fps).findByText(start.Fps!.Reference)).toBeTruthy();
    expect(within(fps).getByRole('img', { name: `FPS QR code for order ${start.Fps!.Reference}` })).toBeTruthy();
    expect((await server.call(listUnpaidOrders, {}, auth(member))).OrderList.map((o) => o.OrderID)).toEqual([start.OrderID]);
    await user.click(within(fps).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay with FPS' })).toBeNull());

    act(() => view.services.popups.open('orders'));
    const again = await popupNamed('My orders');
    const region = await within(again).findByRole('region', { name: 'Waiting for payment' });
    const sameRow = within(region).getByText(booking.Session.Title.en).closest('li')!;
    await user.click(within(sameRow).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(sameRow).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(within(again).queryByRole('region', { name: 'Waiting for payment' })).toBeNull());
    expect((await server.call(getEventOrder, { orderID: start.OrderID }, auth(member))).Order.PaymentStatus).toBe('Cancelled');
  });
});

describe('addresses at checkout (issue 29, 9)', () => {
  /** Adds an address in the open popup, labelled `label`. */
  async function fillAddress(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, address1: string, label = 'Home') {
    await user.click(within(dialog).getByRole('button', { name: 'Add a delivery address' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Label' }), label);
    const district = await within(dialog).findByRole('combobox', { name: 'District' });
    await waitFor(() => expect(within(district).getByRole('option', { name: 'Wan Chai' })).toBeTruthy());
    await user.selectOptions(district, 'Wan Chai');
    await user.clear(within(dialog).getByLabelText('Contact number'));
    await user.type(within(dialog).getByLabelText('Contact number'), '91234567');
    await user.type(within(dialog).getByLabelText('Address line 1'), address1);
  }

  it('saving an address closes the popup with it chosen; the same address again adds no copy; each says which it is', async () => {
    const tokens = await shopper([]);
    const { view, user } = await openApp(tokens);
    await toCheckout(view);

    await user.click(await screen.findByRole('button', { name: 'Add a delivery address' }));
    let dialog = await popupNamed('Delivery addresses');
    await fillAddress(user, dialog, '1 Harbour Road');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery addresses' })).toBeNull());
    const chosen = await screen.findByRole('radio', { name: /1 Harbour Road/ });
    await waitFor(() => expect((chosen as HTMLInputElement).checked).toBe(true));

    // The same address saved again (the second tap that made two identical entries) is not a second address.
    await user.click(screen.getByRole('button', { name: 'Add or edit delivery addresses' }));
    dialog = await popupNamed('Delivery addresses');
    await fillAddress(user, dialog, '1 Harbour Road');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery addresses' })).toBeNull());
    const saved = (await server.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens))).userDetailInfo.deliveryAddress;
    expect(saved).toHaveLength(1);
    expect(screen.getAllByRole('radio', { name: /Harbour Road/ })).toHaveLength(1);

    // Another address, labelled Office: each choice says which it is.
    await user.click(screen.getByRole('button', { name: 'Add or edit delivery addresses' }));
    dialog = await popupNamed('Delivery addresses');
    await fillAddress(user, dialog, '2 Queen’s Road', 'Office');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery addresses' })).toBeNull());
    expect((await screen.findByRole('radio', { name: /^Home.*1 Harbour Road/ })).getAttribute('type')).toBe('radio');
    expect(screen.getByRole('radio', { name: /^Office.*2 Queen’s Road/ })).toBeTruthy();
  });
});

describe('the payment last used (issue 29, 9)', () => {
  it('the second checkout has the card the first was paid with already chosen', async () => {
    const tokens = await shopper([HONG_KONG_ADDRESS]);
    // Two saved cards, told apart by their expiry; the second is not the one a checkout picks first.
    for (const exp_year of [2030, 2031]) {
      const { PaymentMethodID } = await server.call(addCreditCard, { number: '4242 4242 4242 4242', exp_month: 11, exp_year, cvc: '123' }, auth(tokens));
      await server.call(addPaymentMehtod, { PaymentMethodID }, auth(tokens));
    }
    const { view, user } = await openApp(tokens);
    await toCheckout(view);
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await user.click(await screen.findByRole('button', { name: 'Choose payment method' }));
    const methods = await popupNamed('Payment method');
    await user.click(within(methods).getByRole('radio', { name: /Credit or debit card/ }));
    await user.click(within(methods).getByRole('button', { name: 'Use this payment method' }));
    const cards = await popupNamed('Choose a card');
    await user.click(await within(cards).findByRole('radio', { name: /expires 11\/2031/ }));
    await user.click(within(cards).getByRole('button', { name: 'Use this card' }));
    await user.click(await screen.findByRole('button', { name: /^Place order/ }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });

    await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 1 }, auth(tokens));
    await toCheckout(view);
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Visa ending in 4242, expires 11/2031')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose payment method' })).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: /^Place order/ }) as HTMLButtonElement).disabled).toBe(false));
  });
});
