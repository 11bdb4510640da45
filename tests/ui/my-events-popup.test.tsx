/**
 * The "My events" popup (issue 15) against the real server app: the member's event records in the
 * joined / ended / cancelled tabs of list-user-event-record, each linking to its record, empty tabs said
 * in words; opened from the account popup beside "My orders".
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, type TokenSet } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { eventMember, fromSeed, paidBooking, signIn, unpaidBooking } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

async function openMyEvents(tokens: TokenSet, locale?: 'zh-Hant') {
  const view = await renderApp(server, '/home', locale ? { locale } : {});
  await signIn(view, tokens);
  return view;
}

describe('the My events popup', () => {
  it('opens from the account popup and lists joined sessions, each linking to its record', async () => {
    const user = userEvent.setup();
    const member = await eventMember(server);
    const order = await paidBooking(server, member, 'evs-coffee-cupping-1', 2);
    const view = await openMyEvents(member);
    await user.click(await screen.findByRole('button', { name: 'Account and settings' }));
    const account = await screen.findByRole('dialog', { name: 'Account and settings' });
    await user.click(within(account).getByRole('button', { name: 'My events' }));
    const dialog = await screen.findByRole('dialog', { name: 'My events' });
    expect(within(dialog).getByRole('tab', { name: 'Joined' }).getAttribute('aria-selected')).toBe('true');
    const link = await within(dialog).findByRole('link', { name: order.Session.Title.en });
    expect(link.getAttribute('href')).toBe(`/event_record/${SEED_EVENT_IDS.coffeeCupping}/evs-coffee-cupping-1`);
    const row = link.closest('li')!;
    expect(row.textContent).toContain(order.Session.Date);
    expect(row.textContent).toContain(order.Session.TimeSlot);
    expect(row.textContent).toContain('2 seats');

    await user.click(link);
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/event_record/${SEED_EVENT_IDS.coffeeCupping}/evs-coffee-cupping-1`));
    // Navigation closes every popup.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts a booking cancelled unpaid under Cancelled, and says an empty tab in words', async () => {
    const user = userEvent.setup();
    const member = await eventMember(server);
    const start = await unpaidBooking(server, member, 'evs-pour-over-home-1', 1);
    await server.call(cancelOrder, { orderID: start.OrderID }, auth(member));
    const view = await openMyEvents(member);
    act(() => view.services.popups.open('myEvents'));
    const dialog = await screen.findByRole('dialog', { name: 'My events' });
    expect(await within(dialog).findByText('You have not joined any upcoming event.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Find a tasting' })).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Ended' }));
    expect(await within(dialog).findByText('No past events yet.')).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Cancelled' }));
    const link = await within(dialog).findByRole('link', { name: /Pour-over/i });
    expect(link.getAttribute('href')).toBe(`/event_record/${SEED_EVENT_IDS.pourOver}/evs-pour-over-home-1`);
  });

  it('in Chinese', async () => {
    const member = await eventMember(server);
    await paidBooking(server, member, 'evs-coffee-cupping-1', 1);
    const view = await openMyEvents(member, 'zh-Hant');
    act(() => view.services.popups.open('myEvents'));
    const dialog = await screen.findByRole('dialog', { name: '我的活動' });
    expect(within(dialog).getByRole('tab', { name: '已參加' })).toBeTruthy();
    const row = (await within(dialog).findByRole('link')).closest('li')!;
    expect(row.textContent).toContain('1 個座位');
  });
});
