/**
 * The back office's subscriptions (issue 32) through the rendered app against the real server: the plans with
 * their subscribers counted, the subscribers filtered by plan and status, and the failed renewals, where a
 * renewal waiting on stock (set up as tests/api/staff-subscriptions.test.ts does: the box out of stock on its
 * billing date, the renewal job run on the moved clock) is tried again: still out of stock, then, the stock back,
 * a double click sends one request and the renewal is placed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, getSubscriptionOrder, type SubscriptionRecord } from '../../contract/index.ts';
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
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'subscriptions' } });
  await screen.findByRole('heading', { name: 'Subscriptions', level: 2 });
  return { user };
}

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
