/**
 * The back office's subscriptions (issue 32) through the rendered app against the real server: the plans with
 * their subscribers counted, the subscribers filtered by plan and status, and the failed renewals, where a
 * renewal waiting on stock (set up as tests/api/staff-subscriptions.test.ts does: the box out of stock on its
 * billing date, the renewal job run on the moved clock) is tried again: still out of stock, then, the stock back,
 * a double click sends one request and the renewal is placed; and the plans made and changed: a new plan checked
 * before it is sent, a plan with subscribers whose interval stays fixed, and members' plans page showing a change
 * at once while the subscriber keeps the price they subscribed at.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, getSubscriptionOrder, staffListSubscriptionPlans, staffUpdateSubscriptionPlan, type SubscriptionRecord } from '../../contract/index.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, CARDS, saveCard, setStock, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The monthly plan's box. */
const MONTHLY_BOX = 'boxset-coffee-discovery-beans';

let now = SEED_NOW.getTime() + DAY;
let server: TestApp;
let staff: Shopper;
let member: Shopper;
let record: SubscriptionRecord;
let stock: number;
/** Requests to staff-retry-renewal that reached the server. */
let retryCalls = 0;
/** Requests to staff-create-subscription-plan that reached the server. */
let createPlanCalls = 0;

beforeAll(async () => {
  // Id tokens outlive the move to the billing date.
  server = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 365 * 24 * 3600 });
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
  member = await shopper(server);
  const PaymentMethodID = await saveCard(server, member, CARDS.visa);
  const start = await server.call(
    createSubscription,
    { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', PaymentMethodID, SubscriptionID: PLANS.month },
    auth(member),
  );
  expect(start.PaymentStatus).toBe('succeeded');
  record = (await server.call(getSubscriptionOrder, { RecordID: start.RecordID }, auth(member))).Record;
  // Its billing date comes with the box out of stock: the renewal waits, tried again daily.
  stock = await stockOf(server, MONTHLY_BOX);
  await setStock(server, MONTHLY_BOX, 0);
  now = new Date(record.NextBillingDate!).getTime() + MINUTE;
  await runDueJobs(server.deps);
});
afterAll(() => server.close());

async function openSubscriptions() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      if (String(input).endsWith('/api/staff-retry-renewal')) retryCalls++;
      if (String(input).endsWith('/api/staff-create-subscription-plan')) createPlanCalls++;
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'subscriptions' } });
  await screen.findByRole('heading', { name: 'Subscriptions', level: 2 });
  return { user, view };
}

type View = Awaited<ReturnType<typeof openSubscriptions>>['view'];
const toAdmin = async (view: View) => {
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'subscriptions' } });
  return screen.findByRole('table', { name: 'Plans and their subscribers' });
};
/** The members' plans page, and the card of a plan on it once it shows. */
async function planCard(view: View, name: string) {
  await view.router.navigate({ to: '/subscription' });
  return (await screen.findByRole('heading', { name, level: 2 })).closest('li')!;
}
const staffPlans = async () => (await server.call(staffListSubscriptionPlans, {}, auth(staff))).PlanList;

describe('subscriptions in the back office', () => {
  it('counts each plan’s subscribers and lists them, filtered by plan and status', async () => {
    const { user } = await openSubscriptions();
    const plans = await screen.findByRole('table', { name: 'Plans and their subscribers' });
    const monthly = (await within(plans).findByText('Monthly Discovery Box')).closest('tr')!;
    const headers = within(plans).getAllByRole('columnheader').map((h) => h.textContent);
    const cell = (name: string) => within(monthly).getAllByRole('cell')[headers.indexOf(name)]!.textContent;
    expect(cell('Active')).toBe('1');
    expect(cell('Renewals waiting on stock')).toBe('1');
    expect(cell('Price per cycle')).toMatch(/^HK\$[\d,]+\.\d\dUS\$[\d,]+\.\d\d$/);

    const subscribers = screen.getByRole('table', { name: 'Subscribers, newest first' });
    const row = (await within(subscribers).findByText(member.email)).closest('tr')!;
    expect(within(row).getByText('Monthly Discovery Box')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText(/^Waiting on stock since /)).toBeTruthy();

    const filters = screen.getByRole('group', { name: 'Subscribers' });
    await user.selectOptions(within(filters).getByLabelText('Plan'), PLANS.quarter);
    expect(await within(subscribers).findByText('No subscribers match these filters.')).toBeTruthy();
    await user.selectOptions(within(filters).getByLabelText('Plan'), PLANS.month);
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Cancelled');
    await waitFor(() => expect(within(subscribers).queryByText(member.email)).toBeNull());
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Active');
    expect(await within(subscribers).findByText(member.email)).toBeTruthy();
  });

  it('retries a renewal waiting on stock: still out of stock, then, back in stock, a double click renews it once', async () => {
    const { user } = await openSubscriptions();
    const failed = await screen.findByRole('table', { name: 'Failed renewals, newest first' });
    const row = (await within(failed).findByText(member.email)).closest('tr')!;
    expect(within(row).getByText('Out of stock, tried again daily')).toBeTruthy();
    const retry = `Retry the renewal of ${member.email} now`;

    // Filtered to skipped cycles: none yet, said in words.
    const filters = screen.getByRole('group', { name: 'Failed renewals' });
    await user.selectOptions(within(filters).getByLabelText('Why it failed'), 'OutOfStockSkipped');
    expect(await within(failed).findByText('No renewals have failed.')).toBeTruthy();
    await user.selectOptions(within(filters).getByLabelText('Why it failed'), '');

    retryCalls = 0;
    now += MINUTE;
    await user.click(await within(failed).findByRole('button', { name: retry }));
    expect(await screen.findByText(`${member.email}: Still out of stock: it is tried again each day as before.`)).toBeTruthy();
    expect(retryCalls).toBe(1);

    await setStock(server, MONTHLY_BOX, stock);
    now += MINUTE;
    await waitFor(() => expect((within(failed).getByRole('button', { name: retry }) as HTMLButtonElement).disabled).toBe(false));
    await user.dblClick(within(failed).getByRole('button', { name: retry }));
    expect(await screen.findByText(`${member.email}: Renewed: the order is placed (the card charged, or the payment link mailed).`)).toBeTruthy();
    expect(retryCalls).toBe(2);
    // Renewed, it leaves the failed renewals.
    await waitFor(() => expect(within(failed).queryByText(member.email)).toBeNull());
    expect(await within(failed).findByText('No renewals have failed.')).toBeTruthy();
  });
});

describe('plans in the back office', () => {
  it('makes a plan checked before it is sent, and members see it on the plans page at once', async () => {
    const { user, view } = await openSubscriptions();
    createPlanCalls = 0;
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New subscription plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Make the plan' }));
    expect(await within(dialog).findByText('Enter the English name (at most 100 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the price in both currencies, more than 0, with at most two decimals (as 298 or 38.50).')).toBeTruthy();
    expect(within(dialog).getByText(/^Enter an artwork seed such as box-30-0/)).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one box set for the box, each once, and how many of it (1 to 99).')).toBeTruthy();
    expect(createPlanCalls).toBe(0);

    await user.type(within(dialog).getByLabelText('Name in English'), 'UI Test Box');
    await user.type(within(dialog).getByLabelText('Name in Chinese'), '介面測試禮盒');
    await user.type(within(dialog).getByLabelText('Description in English'), 'Made in the back office.');
    await user.selectOptions(within(dialog).getByLabelText('Interval'), 'quarter');
    const price = within(dialog).getByRole('group', { name: 'Price per cycle' });
    await user.type(within(price).getByLabelText('HKD'), '198');
    await user.type(within(price).getByLabelText('USD'), '25.5');
    await user.type(within(dialog).getByLabelText('Picture (artwork seed)'), 'box-120-3');
    await user.selectOptions(await within(dialog).findByLabelText('Box set 1'), MONTHLY_BOX);
    await user.clear(within(dialog).getByLabelText('How many of box set 1'));
    await user.type(within(dialog).getByLabelText('How many of box set 1'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add a box set' }));
    await user.selectOptions(within(dialog).getByLabelText('Box set 2'), 'boxset-four-seasons-tea-standard');
    await user.click(within(dialog).getByRole('button', { name: 'Make the plan' }));
    expect(await screen.findByText('Plan UI Test Box made.')).toBeTruthy();
    expect(createPlanCalls).toBe(1);
    // 25.5 is 2550 cents exactly, read from the typed digits.
    expect((await staffPlans()).find((p) => p.Name.en === 'UI Test Box')).toMatchObject({
      Duration: 'quarter',
      PriceHKD: 19800,
      PriceUSD: 2550,
      Image: 'box-120-3',
      OnSale: true,
      Items: [
        { VarianceID: MONTHLY_BOX, Quantity: 2 },
        { VarianceID: 'boxset-four-seasons-tea-standard', Quantity: 1 },
      ],
    });
    const plans = screen.getByRole('table', { name: 'Plans and their subscribers' });
    expect(await within(plans).findByText('UI Test Box')).toBeTruthy();

    const card = await planCard(view, 'UI Test Box');
    expect(within(card).getByText('HK$198.00')).toBeTruthy();
    expect(within(card).getByText('×2')).toBeTruthy();
  });

  it('changes a plan members subscribed to: its interval stays, a new price shows to members at once, the subscriber keeps theirs', async () => {
    const { user, view } = await openSubscriptions();
    // The members' page read first: its answer is in the app's cache when staff change the price.
    expect(within(await planCard(view, 'Monthly Discovery Box')).getByText('HK$298.00')).toBeTruthy();

    const plans = await toAdmin(view);
    await user.click(await within(plans).findByRole('button', { name: 'Change plan Monthly Discovery Box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan Monthly Discovery Box' });
    const interval = within(dialog).getByLabelText('Interval') as HTMLSelectElement;
    expect(interval.disabled).toBe(true);
    expect(within(dialog).getByText('Fixed: members have subscribed to this plan.')).toBeTruthy();
    const price = within(dialog).getByRole('group', { name: 'Price per cycle' });
    expect((within(price).getByLabelText('HKD') as HTMLInputElement).value).toBe('298.00');
    await user.clear(within(price).getByLabelText('HKD'));
    await user.type(within(price).getByLabelText('HKD'), '328');
    await user.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Plan Monthly Discovery Box saved.')).toBeTruthy();
    expect((await staffPlans()).find((p) => p.PlanID === PLANS.month)).toMatchObject({ PriceHKD: 32800, Duration: 'month' });

    // Members see the new price at once; the subscriber keeps the price they subscribed at.
    expect(await within(await planCard(view, 'Monthly Discovery Box')).findByText('HK$328.00')).toBeTruthy();
    expect((await server.call(getSubscriptionOrder, { RecordID: record.RecordID }, auth(member))).Record.Plan.Price).toBe(29800);

    // Changed elsewhere (another staff member): the members' page reads the plans again when it opens.
    await server.call(staffUpdateSubscriptionPlan, { PlanID: PLANS.month, Price: { HKD: 31800, USD: 4100 } }, auth(staff));
    await toAdmin(view);
    expect(await within(await planCard(view, 'Monthly Discovery Box')).findByText('HK$318.00')).toBeTruthy();
  });
});
