/**
 * The event checkout's main path walked through the rendered page, against the real server (seeded
 * events, sandbox payments): a member comes from the event page's Join with a session and 3 seats,
 * names two guests (a wrong contact number is refused in words first), pays with a saved card, and
 * lands on the booking's confirmation with the session, the guests and a link to the tickets. After
 * every step the page shows what the flow's state means (read through the machine's selectors), and
 * the server holds what was booked. Also: a session that fills up while the member chooses says so.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventDetail, listUserEventOrder, type TokenSet } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { eventVariances } from '../../server/db/schema/events.ts';
import { renderApp } from '../support/render-app.tsx';
import { CARDS, auth, saveCard, shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const EVENT = SEED_EVENT_IDS.gongfuOolong;

async function member() {
  const m = await shopper(server, { address: false });
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, m.userId));
  return m;
}

async function openJoin(tokens: TokenSet, search: string) {
  const view = await renderApp(server, '/home');
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeDefined());
  await act(() => view.router.history.push(`/checkout_event?${search}`));
  await screen.findByRole('heading', { level: 1, name: 'Join the event' });
  return { view, user: userEvent.setup() };
}

describe('checkout_event: the main path through the page', () => {
  it('3 seats, two named guests, a saved card: booked, with the guests on the confirmation', async () => {
    const m = await member();
    await saveCard(server, m, CARDS.visa);
    const { eventDetail } = await server.call(getEventDetail, { EventID: EVENT });
    const session = eventDetail.Variances.find((v) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= 3)!;
    const { user, view } = await openJoin(m, new URLSearchParams({ eventID: EVENT, varianceID: session.VarianceID, seats: '3' }).toString());

    // The session summary and the seats step.
    await screen.findByRole('heading', { name: 'Number of seats' });
    expect(screen.getByText('Gongfu Oolong Tasting: From Tieguanyin to Dancong')).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${session.Date} \\(\\w{3}\\) ${session.TimeSlot}$`))).toBeTruthy();
    expect(screen.getByText(/Tai Ping Shan Tea Room/)).toBeTruthy();
    expect((screen.getByRole('spinbutton', { name: 'Number of seats' }) as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('Your seat and 2 guests.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to guests' }));

    // Two guest forms; a wrong contact number is refused in words.
    await screen.findByRole('heading', { name: 'Your guests' });
    const guest1 = screen.getByRole('group', { name: 'Guest 1' });
    const guest2 = screen.getByRole('group', { name: 'Guest 2' });
    await user.type(within(guest1).getByLabelText('Name'), 'Chan Tai Man');
    await user.type(within(guest1).getByLabelText('Contact number'), '+852 9123 4567');
    await user.type(within(guest2).getByLabelText('Name'), 'Wong Siu Ming');
    await user.type(within(guest2).getByLabelText('Contact number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await within(guest2).findByText('Incorrect contact number format')).toBeTruthy();
    await user.clear(within(guest2).getByLabelText('Contact number'));
    await user.type(within(guest2).getByLabelText('Contact number'), '6123 4567');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    // Totals from EventCalculate, then the card.
    await screen.findByRole('heading', { name: 'Payment' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary.textContent).toMatch(/3 seats × HK\$280\.00/);
    expect(within(summary).getByText('HK$840.00', { selector: '.order-total dd *' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Place order/ }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Choose payment method' }));
    await user.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    await user.click(screen.getByRole('button', { name: 'Use this payment method' }));
    await screen.findByRole('radio', { name: /4242/ });
    await user.click(screen.getByRole('button', { name: 'Use this card' }));
    const place = screen.getByRole('button', { name: /Place order/ });
    await waitFor(() => expect(place.hasAttribute('disabled')).toBe(false));
    await user.click(place);

    // The confirmation, read from get-event-order.
    await screen.findByRole('heading', { level: 1, name: 'You are booked in' }, { timeout: 5000 });
    expect(view.router.state.location.pathname).toMatch(/^\/order_event_confirm\//);
    expect(screen.getByText('Chan Tai Man')).toBeTruthy();
    expect(screen.getByText('Wong Siu Ming')).toBeTruthy();
    expect(screen.getByText('Your seat')).toBeTruthy();
    const tickets = screen.getByRole('link', { name: 'See your tickets' });
    expect(tickets.getAttribute('href')).toBe(`/event_record/${EVENT}/${session.VarianceID}`);

    const { OrderList } = await server.call(listUserEventOrder, { VarianceID: session.VarianceID }, auth(m));
    expect(OrderList).toHaveLength(1);
    expect(OrderList[0]).toMatchObject({ PaymentStatus: 'Paid', NumberOfSeat: 3 });
    expect(OrderList[0]!.TicketList.filter((t) => !t.IsOwner).map((t) => [t.HolderName, t.ContactNumber])).toEqual([
      ['Chan Tai Man', '+852 9123 4567'],
      ['Wong Siu Ming', '6123 4567'],
    ]);
  });

  it('a session that fills up while the member chooses says so, and offers the sessions again', async () => {
    const m = await member();
    const { eventDetail } = await server.call(getEventDetail, { EventID: EVENT });
    const session = eventDetail.Variances.find((v) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= 3)!;
    const { user } = await openJoin(m, new URLSearchParams({ eventID: EVENT, varianceID: session.VarianceID, seats: '3' }).toString());
    await screen.findByRole('heading', { name: 'Number of seats' });
    // Others take all but two seats meanwhile.
    await server.db.update(eventVariances).set({ seatsLeft: 2 }).where(eq(eventVariances.id, session.VarianceID));
    await user.click(screen.getByRole('button', { name: 'Continue to guests' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const alert = await screen.findByText(/filled up while you were choosing: only 2 of the 3 seats you wanted are left/);
    expect(alert).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose a session' })).toBeTruthy();
  });
});
