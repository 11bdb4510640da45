/**
 * Box-set subscriptions (issue 18) through the rendered pages, against the real server (seeded plans,
 * sandbox payments): the plans side by side; the subscription checkout's main path (plan, delivery
 * address, totals from subscription-calculate, a saved card, subscribed, the confirmation with the next
 * billing date); the record page (change the delivery address, cancel with its confirmation saying until
 * when the box keeps coming); the subscriptions popup's ongoing and ended tabs, opened from the account popup.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, getSubscriptionRecord, userUpdateInfo, type TokenSet } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS } from '../../server/db/seed/subscription-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { CARDS, HONG_KONG_ADDRESS, auth, saveCard, shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const QUARTER = SEED_SUBSCRIPTION_PLANS.quarter;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

async function member() {
  const m = await shopper(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, m.userId));
  return m;
}

async function open(tokens: TokenSet, path: string) {
  const view = await renderApp(server, '/home');
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  await act(() => view.router.history.push(path));
  return { view, user: userEvent.setup() };
}

/** A member subscribed to the quarterly box by card, through the API; the first order's id. */
async function subscribed(m: TokenSet) {
  const card = await saveCard(server, m, CARDS.visa);
  const start = await server.call(
    createSubscription,
    { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', SubscriptionID: QUARTER, PaymentMethodID: card },
    auth(m),
  );
  expect(start.PaymentStatus).toBe('succeeded');
  return start.OrderID;
}

describe('subscription: the plans', () => {
  it('shows the three plans, each with its box and the SVIP benefits, and chooses one', async () => {
    const m = await member();
    const { user, view } = await open(m, '/subscription');
    await screen.findByRole('heading', { level: 1, name: 'SVIP box subscriptions' });
    const quarter = await screen.findByRole('listitem', { name: 'Seasonal Tasting Box' });
    expect(screen.getByRole('listitem', { name: 'Monthly Discovery Box' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Annual Collector’s Box' })).toBeTruthy();
    expect(within(quarter).getByText('Quarterly')).toBeTruthy();
    expect(within(quarter).getByText('HK$628.00')).toBeTruthy();
    expect(within(quarter).getByText('A tasting box every 3 months')).toBeTruthy();
    expect(within(quarter).getByRole('heading', { name: 'In each box' })).toBeTruthy();
    await user.click(within(quarter).getByRole('link', { name: 'Choose Seasonal Tasting Box' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkout_subscription'));
    expect(view.router.state.location.search).toEqual({ plan: QUARTER });
  });
});

describe('checkout_subscription: the main path through the page', () => {
  it('plan, delivery address, totals, a saved card: subscribed, with the next billing date', async () => {
    const m = await member();
    await saveCard(server, m, CARDS.visa);
    const { user, view } = await open(m, `/checkout_subscription?plan=${QUARTER}`);
    await screen.findByRole('heading', { level: 1, name: 'Subscribe' });

    // The address step: the member's address, selected; the plan in the summary, no totals yet (spec §5).
    await screen.findByRole('heading', { name: 'Delivery address' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Seasonal Tasting Box')).toBeTruthy();
    expect(within(summary).queryByRole('definition')).toBeNull();
    expect((screen.getByRole('radio', { name: /1 Harbour Road/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    // The totals (subscription-calculate), then the card.
    await screen.findByRole('heading', { name: 'Payment' });
    await waitFor(() => expect(within(summary).getByText('HK$628.00', { selector: '.order-total dd *' })).toBeTruthy());
    expect(screen.getByRole('button', { name: /^Subscribe/ }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Choose payment method' }));
    await user.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    await user.click(screen.getByRole('button', { name: 'Use this payment method' }));
    await screen.findByRole('radio', { name: /4242/ });
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    const place = screen.getByRole('button', { name: /^Subscribe/ });
    await waitFor(() => expect(place.hasAttribute('disabled')).toBe(false));
    await user.click(place);

    // The confirmation, read from get-subscription-order.
    await screen.findByRole('heading', { level: 1, name: 'You are subscribed' }, { timeout: 5000 });
    expect(view.router.state.location.pathname).toMatch(/^\/order_subscription_confirm\//);
    const next = screen.getByText('Next billing date').nextElementSibling!;
    expect(next.textContent).toMatch(ISO_DATE);

    const { RecordList } = await server.call(getSubscriptionRecord, {}, auth(m));
    expect(RecordList).toHaveLength(1);
    expect(RecordList[0]).toMatchObject({ Status: 'Active', Tab: 'ongoing', PaymentMethod: 'CreditCard' });
    expect(RecordList[0]!.Plan.SubscriptionID).toBe(QUARTER);
    expect(RecordList[0]!.NextBillingDate?.slice(0, 10)).toBe(next.textContent);
  });
});

describe('subscription_record: change the address, cancel', () => {
  it('changes where the next boxes go to another of the member’s addresses', async () => {
    const m = await member();
    const orderID = await subscribed(m);
    const office = { ...HONG_KONG_ADDRESS, firstName: 'Siu Ming', address1: '88 Queensway', label: 'office' as const };
    await server.call(userUpdateInfo, { accessToken: m.accessToken, deliveryAddress: [HONG_KONG_ADDRESS, office], mainDeliveryAddressIndex: 0 }, auth(m));
    const { user } = await open(m, `/subscription_record/${orderID}`);
    await screen.findByRole('heading', { level: 1, name: 'Seasonal Tasting Box' });
    const delivery = screen.getByRole('region', { name: 'Delivery address' });
    expect(delivery.textContent).toContain('1 Harbour Road');
    await user.click(within(delivery).getByRole('button', { name: 'Change delivery address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change delivery address' });
    await user.click(within(dialog).getByRole('radio', { name: /88 Queensway/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Deliver here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(delivery.textContent).toContain('88 Queensway'));
    const { RecordList } = await server.call(getSubscriptionRecord, {}, auth(m));
    expect(RecordList[0]!.DeliveryAddress).toMatchObject({ address1: '88 Queensway', firstName: 'Siu Ming', name: 'Siu Ming Wong' });
  });

  it('cancels after a confirmation saying until when the box keeps coming; the billing history lists the first cycle', async () => {
    const m = await member();
    const orderID = await subscribed(m);
    const { user } = await open(m, `/subscription_record/${orderID}`);
    await screen.findByRole('heading', { level: 1, name: 'Seasonal Tasting Box' });
    expect(screen.getByText('Active')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Billing history' });
    const bills = within(history).getAllByRole('listitem');
    expect(bills).toHaveLength(1);
    expect(bills[0]!.textContent).toContain('HK$628.00');
    expect(bills[0]!.textContent).toContain('Paid');
    const [record] = (await server.call(getSubscriptionRecord, {}, auth(m))).RecordList;
    const until = (record!.EndDate ?? record!.NextBillingDate)!.slice(0, 10);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(within(confirm).getByText(`Your box keeps coming until ${until}`)).toBeTruthy();
    // Keeping it changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Keep my subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await server.call(getSubscriptionRecord, {}, auth(m))).RecordList[0]!.Status).toBe('Active');

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const again = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText(`Cancelled: your box keeps coming until ${until}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect((await server.call(getSubscriptionRecord, {}, auth(m))).RecordList[0]!.Status).toBe('Cancelled');
  });
});

describe('the subscriptions popup', () => {
  it('opens from the account popup with the ongoing subscription linking to its record; Ended says it is empty', async () => {
    const m = await member();
    const orderID = await subscribed(m);
    const { user, view } = await open(m, '/home');
    await user.click(await screen.findByRole('button', { name: 'Account and settings' }));
    const account = await screen.findByRole('dialog', { name: 'Account and settings' });
    await user.click(within(account).getByRole('button', { name: 'My subscriptions' }));
    const dialog = await screen.findByRole('dialog', { name: 'My subscriptions' });
    expect(within(dialog).getByRole('tab', { name: 'Ongoing' }).getAttribute('aria-selected')).toBe('true');
    const link = await within(dialog).findByRole('link', { name: 'Seasonal Tasting Box' });
    expect(link.getAttribute('href')).toBe(`/subscription_record/${orderID}`);
    expect(link.closest('li')!.textContent).toMatch(/Quarterly · Active/);
    expect(link.closest('li')!.textContent).toMatch(/Next billing date \d{4}-\d{2}-\d{2}/);

    await user.click(within(dialog).getByRole('tab', { name: 'Ended' }));
    expect(await within(dialog).findByText('No ended subscriptions.')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Ongoing' }));
    await user.click(await within(dialog).findByRole('link', { name: 'Seasonal Tasting Box' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/subscription_record/${orderID}`));
  });
});
