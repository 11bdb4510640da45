/**
 * The event record (issue 15) against the real server app: a booker's session, place and seats, one
 * ticket per seat with a QR code of its activate_ticket link, guest details added while the session has
 * not started (update-event-guest), the session's orders; a guest sees their own ticket only.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSVG } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateTicket, getEventSurveyList, getUserEventRecord, type TokenSet } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const EVENT = SEED_EVENT_IDS.islayWhisky;
const SESSION = 'evs-islay-whisky-1';
const TITLE = 'Islay Single Malts: Peat and Sea';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

async function openRecord(
  tokens: TokenSet,
  options: { locale?: 'zh-Hant'; varianceID?: string; wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch } = {},
) {
  const { varianceID, ...appOptions } = options;
  const view = await renderApp(server, '/home', appOptions);
  await signIn(view, tokens);
  await act(() => view.router.navigate({ to: '/event_record/$eventID/$varianceID', params: { eventID: EVENT, varianceID: varianceID ?? SESSION } }));
  return view;
}

const ticketCards = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('ticket-card'));
const cardOfSeat = (seat: number) => ticketCards().find((li) => within(li).queryByRole('heading', { name: new RegExp(`^Seat ${seat}\\b`) }))!;

describe('the event record', () => {
  it("shows a booker's session, place, seats and one ticket per seat, each with a QR code of its ticket link", async () => {
    const booker = await eventMember(server);
    const order = await paidBooking(server, booker, SESSION, 3, [{ Name: 'Chan Tai Man', Contact: '+852 9123 4567' }]);
    await openRecord(booker);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeTruthy();
    expect(screen.getByText(order.Session.Location.Address.en, { exact: false })).toBeTruthy();
    expect(screen.getByText(/\(\w{3}\) \d{2}:\d{2}/).textContent).toContain(order.Session.Date);
    expect(screen.getByText('3 seats')).toBeTruthy();

    expect(ticketCards()).toHaveLength(3);
    for (const ticket of order.TicketList) {
      const card = cardOfSeat(ticket.SeatNumber);
      const qr = within(card).getByRole('img', { name: `QR code of the ticket for seat ${ticket.SeatNumber}` });
      const link = `${location.origin}/activate_ticket/${ticket.TicketID}`;
      expect(qr.getAttribute('data-ticket-link')).toBe(link);
      // The picture is the QR code of that link (uqr, as the page draws it).
      expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { ecc: 'M', border: 2, pixelSize: 4 }))}`);
    }
    const guest = order.TicketList.find((t) => t.HolderName === 'Chan Tai Man')!;
    const guestCard = cardOfSeat(guest.SeatNumber);
    expect(within(guestCard).getByText('Not activated yet')).toBeTruthy();
    expect(within(guestCard).getByRole('button', { name: 'Share ticket link' })).toBeTruthy();
    const own = order.TicketList.find((t) => t.IsOwner)!;
    expect(within(cardOfSeat(own.SeatNumber)).queryByRole('button', { name: 'Share ticket link' })).toBeNull();
    expect(within(cardOfSeat(own.SeatNumber)).getByText('Show this at the door')).toBeTruthy();

    // The session's orders.
    const orders = screen.getByRole('region', { name: 'Orders for this session' });
    const reference = await within(orders).findByRole('link', { name: order.Reference });
    expect(reference.getAttribute('href')).toBe(`/order_event_confirm/${order.OrderID}`);
    const row = reference.closest('li')!;
    expect(row.textContent).toContain('3 seats · Paid');
    expect(row.textContent).toContain('HK$');
  });

  it("adds a guest's name and contact (update-event-guest), refusing a bad number in words", async () => {
    const user = userEvent.setup();
    const booker = await eventMember(server);
    const order = await paidBooking(server, booker, SESSION, 2);
    const unnamed = order.TicketList.find((t) => !t.IsOwner)!;
    await openRecord(booker);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    const card = cardOfSeat(unnamed.SeatNumber);
    expect(within(card).getByText('Guest, not named yet')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: `Guest details of seat ${unnamed.SeatNumber}` }));
    // The form is a chunk of its own (fetched once the tickets show): it appears once that is in.
    await user.type(await within(card).findByLabelText("Guest's name"), 'Lee Siu Fong');
    await user.type(within(card).getByLabelText(/Contact number/), 'call me');
    await user.click(within(card).getByRole('button', { name: 'Save guest' }));
    expect(within(card).getByText('Incorrect contact number format')).toBeTruthy();

    await user.clear(within(card).getByLabelText(/Contact number/));
    await user.type(within(card).getByLabelText(/Contact number/), '+852 6123 4567');
    await user.click(within(card).getByRole('button', { name: 'Save guest' }));
    await waitFor(() => expect(within(cardOfSeat(unnamed.SeatNumber)).getByText('Lee Siu Fong')).toBeTruthy());
    const record = (await server.call(getUserEventRecord, { VarianceID: SESSION }, auth(booker))).Record;
    const saved = record.TicketList.find((t) => t.TicketID === unnamed.TicketID)!;
    expect([saved.HolderName, saved.ContactNumber]).toEqual(['Lee Siu Fong', '+852 6123 4567']);
  });

  it('shows a guest their own ticket only, activated, with nothing to share or edit', async () => {
    const booker = await eventMember(server);
    const order = await paidBooking(server, booker, SESSION, 2, [{ Name: 'Wong Ka Yan', Contact: '91234567' }]);
    const guestTicket = order.TicketList.find((t) => !t.IsOwner)!;
    const guest = await eventMember(server, { given_name: 'Ka Yan', family_name: 'Wong' });
    await server.call(activateTicket, { TicketID: guestTicket.TicketID }, auth(guest));

    await openRecord(guest);
    expect(await screen.findByRole('heading', { name: 'Your ticket' })).toBeTruthy();
    expect(screen.getByText('1 seat, as a guest')).toBeTruthy();
    expect(ticketCards()).toHaveLength(1);
    const card = ticketCards()[0]!;
    expect(within(card).getByText('Wong Ka Yan')).toBeTruthy();
    expect(within(card).getByText('Activated')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders for this session' })).toBeNull();
  });

  it('says so in words when the member has no seat at the session', async () => {
    const member = await eventMember(server);
    await openRecord(member, { varianceID: 'evs-islay-whisky-3' });
    expect(await screen.findByRole('heading', { name: 'No booking found' })).toBeTruthy();
    expect(screen.getByText('You have no seats at this session.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the event' }).getAttribute('href')).toBe(`/event/${EVENT}`);
  });

  it('asks for the session’s surveys with the booking, not after it (issue 30)', async () => {
    const member = await eventMember(server);
    const asked: string[] = [];
    // The booking never answers: only the page's loader can have asked for the surveys (its part of the
    // screen mounts with the booking).
    await openRecord(member, {
      wrapFetch: (fetch) => (input, init) => {
        const call = new URL(String(input), 'http://shop.test').pathname.replace('/api/', '');
        asked.push(call);
        return call === getUserEventRecord.name ? new Promise<Response>(() => {}) : fetch(input, init);
      },
    });
    await waitFor(() => expect(asked).toContain(getEventSurveyList.name));
    expect(asked).toContain(getUserEventRecord.name);
  });

  it('in Chinese', async () => {
    const booker = await eventMember(server);
    await paidBooking(server, booker, SESSION, 2);
    await openRecord(booker, { locale: 'zh-Hant' });
    expect(await screen.findByRole('heading', { level: 1, name: '艾雷島單一麥芽威士忌：泥煤與海風' })).toBeTruthy();
    expect(screen.getByText('2 個座位')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '門票' })).toBeTruthy();
  });
});
