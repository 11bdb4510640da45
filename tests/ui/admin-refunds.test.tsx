/**
 * Refunds paid out from the back office (issue 32, machines/refund-payout) through the rendered app against the
 * real server: a double click on Pay out sends one request (card, through the sandbox provider; FPS, recorded
 * with its bank reference, asked for before anything is sent); a lost answer is said and retried.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout } from '../../contract/index.ts';
import { orders, refundRequests } from '../../server/db/schema.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, CARDS, fillBag, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TEA = 'tea-tieguanyin-50g';

let server: TestApp;
let staff: Shopper;
/** Requests to pay-refund that reached the server; `dropNext` loses the next one's answer (the server still ran it). */
const payCalls = { count: 0, dropNext: false };

async function cardOrder(m: Shopper) {
  await fillBag(server, m, { [TEA]: 1 });
  const CardID = await saveCard(server, m, CARDS.visa);
  const start = await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(m));
  return (await server.db.select().from(orders).where(eq(orders.id, start.OrderID)))[0]!;
}

/** A refund request as the order core records one (here: the member's card was charged twice for the order). */
async function owed(order: { id: string; paymentId: string | null; total: number }, method: 'card' | 'fps', paymentId = order.paymentId!) {
  const [row] = await server.db
    .insert(refundRequests)
    .values({ orderId: order.id, paymentId, amount: order.total, currency: 'HKD', reason: 'paid_twice', createdAt: server.deps.clock.now(), method })
    .returning();
  return row!;
}
const refundRow = async (id: number) => (await server.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]!;

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function openRefunds() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => async (input, init) => {
      if (!String(input).endsWith('/api/pay-refund')) return fetch(input, init);
      payCalls.count++;
      const answer = await fetch(input, init);
      if (payCalls.dropNext) {
        payCalls.dropNext = false;
        throw new TypeError('Failed to fetch');
      }
      return answer;
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'refunds' } });
  const table = await screen.findByRole('table', { name: 'Refunds owed, oldest first' });
  return { user, table };
}

describe('paying a refund out', () => {
  it('card: a double click sends one request; the provider’s refund is shown and the request leaves the owed list', async () => {
    const m = await shopper(server);
    const order = await cardOrder(m);
    const refund = await owed(order, 'card');
    payCalls.count = 0;
    const { user, table } = await openRefunds();
    await user.click(await within(table).findByRole('button', { name: `Pay out the refund of order ${order.reference}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Pay out the refund of order ${order.reference}` });
    expect(within(dialog).getByText(/through the payment provider/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Bank transfer reference')).toBeNull();

    await user.dblClick(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(await within(dialog).findByText(/^Paid out\. The provider’s refund: re_sbx_/)).toBeTruthy();
    expect(payCalls.count).toBe(1);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'paid', paidBy: staff.userId });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: `Pay out the refund of order ${order.reference}` })).toBeNull());
  });

  it('FPS: asks for the bank reference before sending anything, then a double click records it once', async () => {
    const m = await shopper(server);
    const order = await cardOrder(m);
    const refund = await owed(order, 'fps', `fps-ui-${order.id}`);
    payCalls.count = 0;
    const { user, table } = await openRefunds();
    await user.click(await within(table).findByRole('button', { name: `Pay out the refund of order ${order.reference}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Pay out the refund of order ${order.reference}` });
    await user.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(await within(dialog).findByText('Enter the bank transfer’s reference (at most 100 characters).')).toBeTruthy();
    expect(payCalls.count).toBe(0);

    await user.type(within(dialog).getByLabelText('Bank transfer reference'), ' HSBC-FPS-7731 ');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(await within(dialog).findByText('Paid out. Bank transfer reference: HSBC-FPS-7731.')).toBeTruthy();
    expect(payCalls.count).toBe(1);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'paid', bankReference: 'HSBC-FPS-7731' });
  });

  it('a lost answer is said in words; Try again pays nothing twice', async () => {
    const m = await shopper(server);
    const order = await cardOrder(m);
    const refund = await owed(order, 'card');
    payCalls.count = 0;
    payCalls.dropNext = true;
    const { user, table } = await openRefunds();
    await user.click(await within(table).findByRole('button', { name: `Pay out the refund of order ${order.reference}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Pay out the refund of order ${order.reference}` });
    await user.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(await within(dialog).findByText('That did not get through. Check your connection and try again.')).toBeTruthy();
    const first = await refundRow(refund.id);
    expect(first.status).toBe('paid');

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(`Paid out. The provider’s refund: ${first.providerRefundId}.`)).toBeTruthy();
    expect(payCalls.count).toBe(2);
    expect(await refundRow(refund.id)).toEqual(first);
  });
});
