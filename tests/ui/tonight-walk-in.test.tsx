/**
 * Tonight's walk-ins (issue 31), against the real server app: a member with no ticket, not checked in, buys a
 * place at the gathering going on, pays it by FPS in the shop's FPS popup and their table opens; seats gone
 * between the list and the tap are said beside the button.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGatheringOrder, getUserOngoingGathering } from '../../contract/index.ts';
import { eventVariances, orders } from '../../server/db/schema.ts';
import { SEED_EVENT_STARTED_TODAY_SESSION } from '../../server/db/seed/event-data.ts';
import { eventMember, fromSeed, signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, deliverWebhooks } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SESSION = SEED_EVENT_STARTED_TODAY_SESSION;
let server: TestApp;
let seatPriceHkd: number;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  const [session] = await server.db.update(eventVariances).set({ seatsLeft: 4 }).where(eq(eventVariances.id, SESSION)).returning();
  seatPriceHkd = session!.priceHkd;
});
afterAll(() => server.close());

const hkd = (cents: number) => `HK$${(cents / 100).toFixed(2)}`;
const setSeats = (seatsLeft: number) => server.db.update(eventVariances).set({ seatsLeft }).where(eq(eventVariances.id, SESSION));

async function openTonight() {
  const member = await eventMember(server);
  const view = await renderApp(server, '/home');
  await signIn(view, member);
  await view.router.navigate({ to: '/tonight' });
  const gathering = (await screen.findByText('Matcha Whisking Workshop')).closest('li')!;
  return { member, view, gathering };
}

describe('Tonight: a place bought at the door', () => {
  it('a member with no ticket sees the place’s price, buys it, pays the FPS QR and is at the table', async () => {
    const user = userEvent.setup();
    await setSeats(4);
    const { member, view, gathering } = await openTonight();
    expect(within(gathering).getByText(hkd(seatPriceHkd))).toBeTruthy();
    await user.click(within(gathering).getByRole('button', { name: /^Buy a place · pay by FPS: Matcha Whisking Workshop$/ }));

    const popup = await screen.findByRole('dialog', { name: 'Pay with FPS' });
    await within(popup).findByRole('img', { name: /^FPS QR code for order / });
    expect(within(popup).getByText(hkd(seatPriceHkd), { selector: '.fps-facts .price' })).toBeTruthy();
    const [order] = await server.db.select().from(orders).where(eq(orders.userId, member.userID));
    expect(order).toMatchObject({ kind: 'gathering-place', paymentMethod: 'FPS', paymentStatus: 'WaitForPayment' });
    expect(order!.paymentId).toBeTruthy();

    // The member's bank pays the QR; its notice reaches the shop.
    expect((await server.raw(`/api/payments/sandbox/fps/${encodeURIComponent(order!.paymentId!)}/pay`, { method: 'POST' })).status).toBe(200);
    await deliverWebhooks(server);
    expect((await server.call(getGatheringOrder, { orderID: order!.id }, auth(member))).Order.PaymentStatus).toBe('Paid');

    // The popup sees it paid and leads back to Tonight, which opens the table.
    expect(await screen.findByRole('region', { name: 'Poured tonight' }, { timeout: 15_000 })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/tonight');
    expect(screen.queryByRole('dialog', { name: 'Pay with FPS' })).toBeNull();
    expect((await server.call(getUserOngoingGathering, {}, auth(member))).Gathering).toMatchObject({ IAmIn: true, HasTicket: false });
  });

  it('the popup closed before paying: “I have paid” opens the table once the transfer is in; “Not now” goes back', async () => {
    const user = userEvent.setup();
    await setSeats(4);
    const { member, gathering } = await openTonight();
    await user.click(within(gathering).getByRole('button', { name: /^Buy a place · pay by FPS/ }));
    const popup = await screen.findByRole('dialog', { name: 'Pay with FPS' });
    await within(popup).findByRole('img', { name: /^FPS QR code for order / });
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    const waiting = await screen.findByText('Paid? Your table opens here.');
    const place = waiting.closest('li')!;
    await user.click(within(place).getByRole('button', { name: 'Not now' }));
    // Asked again, the same unpaid place is paid.
    await user.click(await screen.findByRole('button', { name: /^Buy a place · pay by FPS/ }));
    await within(await screen.findByRole('dialog', { name: 'Pay with FPS' })).findByRole('img', { name: /^FPS QR code for order / });
    const placed = await server.db.select().from(orders).where(eq(orders.userId, member.userID));
    expect(placed).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect((await server.raw(`/api/payments/sandbox/fps/${encodeURIComponent(placed[0]!.paymentId!)}/pay`, { method: 'POST' })).status).toBe(200);
    await deliverWebhooks(server);
    await user.click(await screen.findByRole('button', { name: 'I have paid' }));
    expect(await screen.findByRole('region', { name: 'Poured tonight' })).toBeTruthy();
  });

  it('seats gone between the list and the tap: said beside the button, and nothing placed', async () => {
    const user = userEvent.setup();
    await setSeats(1);
    const { member, gathering } = await openTonight();
    const buy = within(gathering).getByRole('button', { name: /^Buy a place · pay by FPS/ });
    await setSeats(0);
    await user.click(buy);
    expect(await within(gathering).findByText('Sorry, no place is left at this gathering.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Pay with FPS' })).toBeNull();
    expect(await server.db.select().from(orders).where(eq(orders.userId, member.userID))).toEqual([]);
    // The list read again after the refusal: no place left to buy.
    expect(await within(gathering).findByText('No place is left tonight.')).toBeTruthy();
    expect(within(gathering).queryByRole('button', { name: /^Buy a place/ })).toBeNull();
  });
});
