/**
 * Tonight's walk-ins (issue 31), against the real server app: a member with no ticket, not checked in, buys a
 * place at the gathering going on, pays it by FPS in the shop's FPS popup or with a saved card there and then, and
 * their table opens; seats gone between the list and the tap are said beside the button.
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
import { auth, CARDS, deliverWebhooks, saveCard } from '../support/shop.ts';
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

async function openTonight({ card }: { card?: string } = {}) {
  const member = await eventMember(server);
  if (card) await saveCard(server, member, card);
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
    // No saved card: FPS is chosen, and a card can be added.
    const payBy = within(gathering).getByRole('group', { name: 'Pay by' });
    expect(within(payBy).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['FPS']);
    expect(within(payBy).getByRole('radio', { name: 'FPS QR code' })).toHaveProperty('checked', true);
    expect(within(payBy).getByRole('button', { name: 'Add a card' })).toBeTruthy();
    await user.click(within(gathering).getByRole('button', { name: /^Buy a place at Matcha Whisking Workshop$/ }));

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
    await user.click(within(gathering).getByRole('button', { name: /^Buy a place at / }));
    const popup = await screen.findByRole('dialog', { name: 'Pay with FPS' });
    await within(popup).findByRole('img', { name: /^FPS QR code for order / });
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    const waiting = await screen.findByText('Paid? Your table opens here.');
    const place = waiting.closest('li')!;
    await user.click(within(place).getByRole('button', { name: 'Not now' }));
    // Asked again, the same unpaid place is paid.
    await user.click(await screen.findByRole('button', { name: /^Buy a place at / }));
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
    const buy = within(gathering).getByRole('button', { name: /^Buy a place at / });
    await setSeats(0);
    await user.click(buy);
    expect(await within(gathering).findByText('Sorry, no place is left at this gathering.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Pay with FPS' })).toBeNull();
    expect(await server.db.select().from(orders).where(eq(orders.userId, member.userID))).toEqual([]);
    // The list read again after the refusal: no place left to buy.
    expect(await within(gathering).findByText('No place is left tonight.')).toBeTruthy();
    expect(within(gathering).queryByRole('button', { name: /^Buy a place/ })).toBeNull();
  });

  it('a member with a saved card pays the place with it there and then: no popup, and the table opens', async () => {
    const user = userEvent.setup();
    await setSeats(4);
    const { member, view, gathering } = await openTonight({ card: CARDS.visa });
    const payBy = within(gathering).getByRole('group', { name: 'Pay by' });
    const card = within(payBy).getByRole('radio', { name: /^Visa ending in 4242/ });
    expect(card).toHaveProperty('checked', true);
    expect(within(payBy).getByRole('radio', { name: 'FPS QR code' })).toHaveProperty('checked', false);
    expect(within(payBy).queryByRole('button', { name: 'Add a card' })).toBeNull();
    await user.click(within(gathering).getByRole('button', { name: 'Buy a place at Matcha Whisking Workshop' }));

    expect(await screen.findByRole('region', { name: 'Poured tonight' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.router.state.location.pathname).toBe('/tonight');
    const placed = await server.db.select().from(orders).where(eq(orders.userId, member.userID));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ kind: 'gathering-place', paymentMethod: 'CreditCard', paymentStatus: 'Paid' });
    expect((await server.call(getUserOngoingGathering, {}, auth(member))).Gathering).toMatchObject({ IAmIn: true, HasTicket: false });
  });

  it('a declined card is said beside the button, the place kept; FPS can be chosen instead', async () => {
    const user = userEvent.setup();
    await setSeats(4);
    const { member, gathering } = await openTonight({ card: CARDS.declined });
    await user.click(within(gathering).getByRole('button', { name: 'Buy a place at Matcha Whisking Workshop' }));
    expect(await within(gathering).findByRole('alert')).toHaveProperty('textContent', 'Payment failed, please use another payment method or try again later');
    expect(screen.queryByRole('dialog')).toBeNull();
    const [declined] = await server.db.select().from(orders).where(eq(orders.userId, member.userID));
    expect(declined).toMatchObject({ kind: 'gathering-place', paymentMethod: 'CreditCard' });
    expect(declined!.paymentStatus).not.toBe('Paid');

    await user.click(within(gathering).getByRole('radio', { name: 'FPS QR code' }));
    await user.click(within(gathering).getByRole('button', { name: 'Buy a place at Matcha Whisking Workshop' }));
    await within(await screen.findByRole('dialog', { name: 'Pay with FPS' })).findByRole('img', { name: /^FPS QR code for order / });
    expect(within(gathering).queryByRole('alert')).toBeNull();
  });

  it('a card added from Tonight (the wallet) is offered and chosen at once', async () => {
    const user = userEvent.setup();
    await setSeats(4);
    const { gathering } = await openTonight();
    await user.click(within(gathering).getByRole('button', { name: 'Add a card' }));
    const wallet = await screen.findByRole('dialog', { name: 'Wallet' });
    await user.click(within(wallet).getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(form).getByLabelText('Card number'), CARDS.visa);
    await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(within(form).getByLabelText('CVC'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    await within(await screen.findByRole('dialog', { name: 'Wallet' })).findByText('Visa ending in 4242, expires 12/2034');
    await user.click(within(screen.getByRole('dialog', { name: 'Wallet' })).getByRole('button', { name: 'Close' }));
    const payBy = within(gathering).getByRole('group', { name: 'Pay by' });
    expect(await within(payBy).findByRole('radio', { name: 'Visa ending in 4242, expires 12/2034' })).toHaveProperty('checked', true);
    expect(within(payBy).queryByRole('button', { name: 'Add a card' })).toBeNull();
  });
});
