/**
 * A guest's ticket link, activate_ticket/{ticketID} (issue 15), against the real server app: the session
 * and the name on the ticket; a visitor logs in from it (the login popup says why) and the ticket is
 * activated for them, landing on their event record; a second activation, a member who already has a
 * seat, and an unknown link are said in words.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateTicket, getTicket, listUserEventRecord, type EventTicket } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { MEMBER_PASSWORD } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SESSION = 'evs-sake-pairing-1';
const TITLE = 'Sake and Small Plates';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

/** A paid booking of two seats; its booker and the guest's ticket, named. */
async function guestTicket(name = 'Ho Wing Sze') {
  const booker = await eventMember(server);
  const order = await paidBooking(server, booker, SESSION, 2, [{ Name: name, Contact: '+852 5123 4567' }]);
  return { booker, ticket: order.TicketList.find((t) => !t.IsOwner) as EventTicket };
}

describe('the ticket page', () => {
  it('lets a visitor log in from it, activates the ticket for them and shows their record; the event is then in their My events', async () => {
    const user = userEvent.setup();
    const { ticket } = await guestTicket();
    const guest = await eventMember(server);
    const view = await renderApp(server, `/activate_ticket/${ticket.TicketID}`);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeTruthy();
    expect(screen.getByText('Ho Wing Sze')).toBeTruthy();
    expect(screen.getByText(/for persons aged 18 or over only/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Log in to activate' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByText('Log in or sign up to activate your ticket.')).toBeTruthy();
    await user.type(within(login).getByLabelText('E-mail'), guest.email);
    await user.type(within(login).getByLabelText('Password'), MEMBER_PASSWORD);
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/event_record/${SEED_EVENT_IDS.sakePairing}/${SESSION}`));
    expect(await screen.findByRole('heading', { name: 'Your ticket' })).toBeTruthy();
    expect((await server.call(getTicket, { TicketID: ticket.TicketID })).Ticket.Activated).toBe(true);
    const records = (await server.call(listUserEventRecord, { Tab: 'joined' }, auth(guest))).RecordList;
    expect(records.map((r) => [r.VarianceID, r.Role])).toEqual([[SESSION, 'Guest']]);

    act(() => view.services.popups.open('myEvents'));
    const dialog = await screen.findByRole('dialog', { name: 'My events' });
    const link = await within(dialog).findByRole('link', { name: TITLE });
    expect(link.closest('li')!.textContent).toContain('Guest ticket');
  });

  it('says a ticket taken by someone else, between showing and activating, is already activated', async () => {
    const user = userEvent.setup();
    const { ticket } = await guestTicket();
    const late = await eventMember(server);
    const view = await renderApp(server, `/activate_ticket/${ticket.TicketID}`);
    await signIn(view, late);
    const activate = await screen.findByRole('button', { name: 'Activate ticket' });
    // Someone else was quicker.
    const quick = await eventMember(server);
    await server.call(activateTicket, { TicketID: ticket.TicketID }, auth(quick));
    await user.click(activate);
    expect(await screen.findByText('This ticket has already been activated.', { selector: '[role=alert]' })).toBeTruthy();
    // The page reads the ticket again and no longer offers to activate it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Activate ticket' })).toBeNull());
    expect(view.router.state.location.pathname).toBe(`/activate_ticket/${ticket.TicketID}`);
  });

  it('tells a member who already has a seat at the session, with a link to their booking', async () => {
    const user = userEvent.setup();
    const { booker, ticket } = await guestTicket();
    const view = await renderApp(server, `/activate_ticket/${ticket.TicketID}`);
    await signIn(view, booker);
    await user.click(await screen.findByRole('button', { name: 'Activate ticket' }));
    expect(await screen.findByText('You have already joined this event.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your booking' }).getAttribute('href')).toBe(`/event_record/${SEED_EVENT_IDS.sakePairing}/${SESSION}`);
    expect((await server.call(getTicket, { TicketID: ticket.TicketID })).Ticket.Activated).toBe(false);
  });

  it('says an unknown link is not valid', async () => {
    await renderApp(server, '/activate_ticket/no-such-ticket-0000');
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeTruthy();
    expect(screen.getByText(/This ticket link is not valid/)).toBeTruthy();
  });

  it('in Chinese', async () => {
    const { ticket } = await guestTicket('何詠詩');
    await renderApp(server, `/activate_ticket/${ticket.TicketID}`, { locale: 'zh-Hant' });
    expect(await screen.findByRole('heading', { level: 1, name: '清酒配小菜品酒會' })).toBeTruthy();
    expect(screen.getByText('何詠詩')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登入以啟用' })).toBeTruthy();
  });
});
