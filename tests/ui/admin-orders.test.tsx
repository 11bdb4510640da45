/**
 * The back office's orders (issue 32) through the rendered app against the real server: staff find a member's
 * orders, page through them on the server (Next and Previous keep the keys), ship a paid parcel with a tracking
 * number checked before it is sent, and cancel an unpaid order after confirming; the table shows each change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, staffListOrders } from '../../contract/index.ts';
import { orders } from '../../server/db/schema.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, CARDS, fillBag, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TEA = 'tea-tieguanyin-50g';
const OLDER_ORDERS = 10;

let server: TestApp;
let staff: Shopper;
let member: Shopper;
let paid: { id: string; reference: string };
let unpaid: { id: string; reference: string };
let shipCalls = 0;
/** The bodies of the table's staff-list-orders requests, in order. */
const listBodies: Record<string, unknown>[] = [];

const orderRow = async (id: string) => (await server.db.select().from(orders).where(eq(orders.id, id)))[0]!;

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
  member = await shopper(server);
  // Ten older event orders, written as their kind's placing leaves them (the list reads orders alone).
  const now = server.deps.clock.now().getTime();
  for (let i = 0; i < OLDER_ORDERS; i++) {
    const createdAt = new Date(now - (i + 60) * 60_000);
    await server.db.insert(orders).values({
      id: `ui-admin-event-${i}`,
      reference: `SGE${String(i).padStart(2, '0')}${member.userId.replace(/-/g, '').slice(-10).toUpperCase()}`,
      userId: member.userId,
      kind: 'event',
      language: 'en',
      currency: 'HKD',
      paymentMethod: 'CreditCard',
      paymentStatus: 'Paid',
      fulfilmentStatus: 'InProcess',
      orderDetail: {},
      total: 10_000,
      createdAt,
      paidAt: createdAt,
    });
  }
  await fillBag(server, member, { [TEA]: 1 });
  const CardID = await saveCard(server, member, CARDS.visa);
  const card = await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(member));
  expect(card.PaymentStatus).toBe('succeeded');
  await fillBag(server, member, { [TEA]: 1 });
  const fps = await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(member));
  paid = { id: card.OrderID, reference: (await orderRow(card.OrderID)).reference };
  unpaid = { id: fps.OrderID, reference: (await orderRow(fps.OrderID)).reference };
});
afterAll(() => server.close());

async function openOrders() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      if (String(input).endsWith('/api/staff-ship-order')) shipCalls++;
      if (String(input).endsWith('/api/staff-list-orders')) listBodies.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'orders' } });
  const table = await screen.findByRole('table', { name: 'Orders, newest first' });
  const find = screen.getByRole('search', { name: 'Find orders' });
  await user.type(within(find).getByLabelText('Reference or e-mail'), member.email);
  await user.click(within(find).getByRole('button', { name: 'Search' }));
  return { user, view, table };
}

/** The body rows of the table once it shows `count` of them. */
async function rowsOf(table: HTMLElement, count: number) {
  await waitFor(() => {
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(within(table).getAllByRole('row')).toHaveLength(count + 1);
  });
  return within(table).getAllByRole('row').slice(1);
}

describe('the orders table', () => {
  it('pages on the server: Next page, then Previous page, keep to the member’s 12 orders', async () => {
    const { user, table } = await openOrders();
    await rowsOf(table, 12);
    await user.selectOptions(screen.getByLabelText('Per page'), '10');
    const first = await rowsOf(table, 10);
    // Newest first: the FPS order placed last heads the list.
    expect(within(first[0]!).getByText(unpaid.reference)).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(within(pager).getByText('Page 1')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    const second = await rowsOf(table, 2);
    expect(within(pager).getByText('Page 2')).toBeTruthy();
    expect(second.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      `SGE08${member.userId.replace(/-/g, '').slice(-10).toUpperCase()}`,
      `SGE09${member.userId.replace(/-/g, '').slice(-10).toUpperCase()}`,
    ]);
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pager).getByRole('button', { name: 'Previous page' }));
    const back = await rowsOf(table, 10);
    expect(within(back[0]!).getByText(unpaid.reference)).toBeTruthy();
    expect(within(pager).getByText('Page 1')).toBeTruthy();

    // A filter starts again at the first page: only the event seats, none of them to cancel.
    await user.selectOptions(screen.getByLabelText('Kind'), 'event');
    const events = await rowsOf(table, 10);
    expect(events.every((r) => within(r).getByText('Event seats'))).toBe(true);
    expect(within(table).queryByRole('button', { name: /^Cancel order/ })).toBeNull();
  });

  it('ships a paid parcel with a tracking number checked before it is sent', async () => {
    const { user, table } = await openOrders();
    await rowsOf(table, 12);
    await user.click(within(table).getByRole('button', { name: `Ship order ${paid.reference}` }));
    const dialog = await screen.findByRole('dialog', { name: `Ship order ${paid.reference}` });
    await user.type(within(dialog).getByLabelText('Tracking number'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(dialog).findByText('Enter the courier’s tracking number (at most 60 characters).')).toBeTruthy();
    expect(shipCalls).toBe(0);

    await user.clear(within(dialog).getByLabelText('Tracking number'));
    await user.type(within(dialog).getByLabelText('Tracking number'), ' SF1234567890 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText(`Order ${paid.reference} shipped with tracking number SF1234567890.`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shipCalls).toBe(1);
    const row = (await within(table).findByText('Tracking: SF1234567890')).closest('tr')!;
    expect(within(row).getByText('Shipped')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: `Ship order ${paid.reference}` })).toBeNull();
    expect(await orderRow(paid.id)).toMatchObject({ fulfilmentStatus: 'Completed' });
  });

  it('cancels an unpaid order once confirmed with a reason; keeping it changes nothing', async () => {
    const { user, table } = await openOrders();
    await rowsOf(table, 12);
    await user.click(within(table).getByRole('button', { name: `Cancel order ${unpaid.reference}` }));
    let dialog = await screen.findByRole('alertdialog', { name: `Cancel order ${unpaid.reference}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await orderRow(unpaid.id)).toMatchObject({ paymentStatus: 'WaitForPayment' });

    await user.click(within(table).getByRole('button', { name: `Cancel order ${unpaid.reference}` }));
    dialog = await screen.findByRole('alertdialog', { name: `Cancel order ${unpaid.reference}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText('Say why the order is cancelled (at most 500 characters).')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'The member asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText(`Order ${unpaid.reference} cancelled.`)).toBeTruthy();
    const row = within(table).getByText(unpaid.reference).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /^Cancel order/ })).toBeNull();
    expect(await orderRow(unpaid.id)).toMatchObject({ paymentStatus: 'Cancelled' });
  });

  it('sorts on the server: a header press asks for that sort, a second press the other way, each from the first page', async () => {
    const { user, table } = await openOrders();
    await rowsOf(table, 12);
    await user.selectOptions(screen.getByLabelText('Per page'), '10');
    await rowsOf(table, 10);
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await rowsOf(table, 2);
    // Sent without a Sort until one is chosen: the list's own order (newest first) is the default.
    expect(listBodies.at(-1)).not.toHaveProperty('Sort');
    const placed = within(table).getByRole('columnheader', { name: /^Placed/ });
    expect(placed.getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getByRole('columnheader', { name: 'Kind' }).getAttribute('aria-sort')).toBeNull();
    // Columns the server cannot sort by have no button.
    expect(within(within(table).getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();

    const expected = async (Sort: { Field: 'Total' | 'Reference'; Direction: 'asc' | 'desc' }) =>
      (await server.call(staffListOrders, { Query: member.email, Size: 10, Sort }, { authorization: `Bearer ${staff.idToken}` })).OrderList.map((o) => o.Reference);
    const references = async () => (await rowsOf(table, 10)).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

    await user.click(within(table).getByRole('button', { name: /^Total/ }));
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Total', Direction: 'desc' } }));
    expect(listBodies.at(-1)).not.toHaveProperty('LastEvaluatedKey');
    expect(await references()).toEqual(await expected({ Field: 'Total', Direction: 'desc' }));
    expect(within(pager).getByText('Page 1')).toBeTruthy();
    const total = within(table).getByRole('columnheader', { name: /^Total/ });
    expect(total.getAttribute('aria-sort')).toBe('descending');
    expect(within(total).getByRole('button', { name: 'Total, sorted descending' })).toBeTruthy();
    expect(placed.getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('table', { name: 'Orders' })).toBe(table);

    // From the keyboard: the header's button takes Enter; a text column starts ascending.
    within(table).getByRole('button', { name: /^Reference/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Reference', Direction: 'asc' } }));
    expect(await references()).toEqual(await expected({ Field: 'Reference', Direction: 'asc' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Reference', Direction: 'desc' } }));
    expect(await references()).toEqual(await expected({ Field: 'Reference', Direction: 'desc' }));
    expect(within(table).getByRole('columnheader', { name: /^Reference/ }).getAttribute('aria-sort')).toBe('descending');

    // The next page continues the chosen sort.
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await rowsOf(table, 2);
    expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Reference', Direction: 'desc' }, LastEvaluatedKey: expect.any(String) });
  });
});
