/**
 * The back office's event sessions (issue 32) through the rendered app against the real server: staff create a
 * session for an event (times typed in Hong Kong time, prices as decimal amounts) and see it listed; read a
 * session's guest list and save it as CSV (with a UTF-8 byte order mark, so Excel reads Chinese names); cancel a
 * session (machines/session-cancel): it shows cancelled with the refund requests counted, and a double click on
 * Cancel sends one request. The form finds its event among every event by part of its title (a new event with no
 * session yet, a hidden one marked hidden); the events section links each event to its sessions, filtered by the
 * address (?event=) until the filter is cleared. A header press sorts the sessions on the server.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffCreateEvent, staffCreateSession, staffListSessions, type CallBodyInput, type StaffSessionSort } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { hongKongDateTime } from '../../src/ui/event-dates.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const EVENT = SEED_EVENT_IDS.islayWhisky;
const TITLE = 'Islay Single Malts: Peat and Sea';

let server: TestApp;
let staff: Shopper;
/** Requests to staff-cancel-session that reached the server. */
let cancelCalls = 0;
/** The bodies of the table's staff-list-sessions requests, in order. */
const listBodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  // The seed's sessions as the seed describes them: its events are on sale, so the new session form lists them.
  server = await createTestApp({ clock: fromSeed() });
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** A session of the Islay tasting on a November day, 19:00–21:00 Hong Kong time, on sale since the seed. */
async function islaySession(day: number, more: Partial<CallBodyInput<typeof staffCreateSession>> = {}) {
  const date = `2026-11-${String(day).padStart(2, '0')}`;
  const body = {
    EventID: EVENT,
    StartAt: `${date}T19:00:00+08:00`,
    EndAt: `${date}T21:00:00+08:00`,
    Capacity: 10,
    Price: { HKD: 42000, USD: 5400 },
    SaleOpensAt: '2026-10-20T10:00:00+08:00',
    ...more,
  };
  const { Session } = await server.call(staffCreateSession, body, auth(staff));
  return { session: Session, label: `${TITLE} on ${date} 19:00` };
}

async function openSessions() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      if (String(input).endsWith('/api/staff-cancel-session')) cancelCalls++;
      if (String(input).endsWith('/api/staff-list-sessions')) listBodies.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'sessions' } });
  await screen.findByRole('table', { name: 'Upcoming sessions, soonest first' });
  // Every upcoming session on one page (the seed's and the tests').
  await user.selectOptions(screen.getByLabelText('Per page'), '100');
  return { user, view };
}

/** An event made in the back office, with no session yet (shown to customers unless `Published` is false). */
async function newEvent(title: string, Published = true) {
  const { Event } = await server.call(
    staffCreateEvent,
    {
      ProductTypeID: 'tea',
      Title: { en: title, zh: `${title}（中文）` },
      Host: { Name: { en: 'Mei Chan', zh: '陳美' }, Bio: { en: 'Roasts oolong.', zh: '焙製烏龍。' } },
      Location: {
        Name: { en: 'Leaf Room', zh: '葉室' },
        Address: { en: '2 Tea Lane, Sheung Wan', zh: '上環茶巷2號' },
        District: { en: 'Sheung Wan', zh: '上環' },
        MapURL: 'https://maps.example/leaf-room',
      },
      Image: 'teapot-28-3',
      Published,
    },
    auth(staff),
  );
  return Event;
}

const table = (name: string) => screen.getByRole('table', { name });
const rowOf = (button: HTMLElement) => button.closest('tr')!;

describe('the sessions', () => {
  it('staff create a session for an event, in Hong Kong time with decimal prices, and see it listed', async () => {
    const { user } = await openSessions();
    await user.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = await screen.findByRole('dialog', { name: 'New session' });
    const event = within(dialog).getByLabelText('Event');
    await waitFor(() => expect(within(event).getByRole('option', { name: TITLE })).toBeTruthy());

    // Nothing filled in: each field says what it needs, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(within(dialog).getAllByText('Fill this in.').length).toBeGreaterThanOrEqual(5);

    await user.selectOptions(event, TITLE);
    fireEvent.change(within(dialog).getByLabelText('Starts (Hong Kong time)'), { target: { value: '2026-11-25T19:30' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (Hong Kong time)'), { target: { value: '2026-11-25T21:30' } });
    await user.type(within(dialog).getByLabelText('Capacity (seats)'), '14');
    await user.type(within(dialog).getByLabelText('Price per seat (HKD)'), '380.29');
    await user.type(within(dialog).getByLabelText('Price per seat (USD)'), '49');
    fireEvent.change(within(dialog).getByLabelText('Sale opens (Hong Kong time)'), { target: { value: '2026-10-30T10:00' } });
    fireEvent.change(within(dialog).getByLabelText('SVIP early access opens (Hong Kong time)'), { target: { value: '2026-10-29T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));

    expect(await screen.findByText(`Session of ${TITLE} on 2026-11-25 19:30 created.`)).toBeTruthy();
    const listed = (await server.call(staffListSessions, { EventID: EVENT, Size: 100 }, auth(staff))).SessionList.find((s) => s.StartAt === '2026-11-25T11:30:00.000Z');
    expect(listed).toMatchObject({
      EndAt: '2026-11-25T13:30:00.000Z',
      Capacity: 14,
      Price: { HKD: 38029, USD: 4900 },
      SaleOpensAt: '2026-10-30T02:00:00.000Z',
      SaleClosesAt: '2026-11-25T11:30:00.000Z',
      SvipSaleOpensAt: '2026-10-29T02:00:00.000Z',
      Host: null,
    });
    const row = rowOf(await within(table('Upcoming sessions, soonest first')).findByRole('button', { name: `Guest list of ${TITLE} on 2026-11-25 19:30` }));
    expect(within(row).getByText('2026-11-25 19:30–21:30')).toBeTruthy();
    expect(within(row).getByText('HK$380.29')).toBeTruthy();
    expect(within(row).getByText('US$49.00')).toBeTruthy();
    expect(within(row).getByText('0 sold, 14 left')).toBeTruthy();
    expect(within(row).getByText('SVIP from 2026-10-29 10:00')).toBeTruthy();
    expect(within(row).getByText('Scheduled')).toBeTruthy();
  });

  it('changing a session: a capacity below the seats sold is said with the seats taken; a move says its bookers are mailed', async () => {
    const { session, label } = await islaySession(21);
    await paidBooking(server, await eventMember(server), session.SessionID, 3);
    const { user } = await openSessions();
    await user.click(await screen.findByRole('button', { name: `Change the session of ${label}` }));
    const dialog = await screen.findByRole('dialog', { name: `Change the session of ${TITLE}` });
    expect(within(dialog).getByText('3 seats are sold.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Price per seat (HKD)') as HTMLInputElement).value).toBe('420.00');
    expect((within(dialog).getByLabelText('Starts (Hong Kong time)') as HTMLInputElement).value).toBe('2026-11-21T19:00');

    const capacity = within(dialog).getByLabelText('Capacity (seats)');
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('3 seats are sold or held: the capacity cannot go below them.')).toBeTruthy();

    await user.clear(capacity);
    await user.type(capacity, '12');
    fireEvent.change(within(dialog).getByLabelText('Starts (Hong Kong time)'), { target: { value: '2026-11-22T20:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (Hong Kong time)'), { target: { value: '2026-11-22T22:00' } });
    expect(within(dialog).getByText('Moving the session mails every booker of a paid booking about the new date.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Session of ${TITLE} saved. 1 booker was mailed about the new date.`)).toBeTruthy();
    const row = rowOf(await screen.findByRole('button', { name: `Change the session of ${TITLE} on 2026-11-22 20:00` }));
    expect(within(row).getByText('3 sold, 9 left')).toBeTruthy();
  });

  it('the guest list shows a booking with its tickets, and saves the CSV with a byte order mark', async () => {
    const { session, label } = await islaySession(18);
    const booker = await eventMember(server, { given_name: 'Tai Man', family_name: 'Chan' });
    const order = await paidBooking(server, booker, session.SessionID, 2, [{ Name: '陳小明', Contact: '+852 9123 4567' }]);
    const { user } = await openSessions();
    await user.click(await screen.findByRole('button', { name: `Guest list of ${label}` }));
    const guests = await screen.findByRole('region', { name: `Guests of ${TITLE}, 2026-11-18 19:00 (Hong Kong time)` });
    const tickets = await within(guests).findByRole('table', { name: `Tickets of booking ${order.Reference}` });
    expect(within(guests).getByText('1 booking · 2 seats · 0 checked in')).toBeTruthy();
    expect(within(tickets).getByText('陳小明')).toBeTruthy();
    expect(within(tickets).getByText('+852 9123 4567')).toBeTruthy();
    expect(within(tickets).getAllByText('Not checked in')).toHaveLength(2);
    expect(within(tickets).getByText('1 (booker)')).toBeTruthy();

    let saved: Blob | undefined;
    let fileName = '';
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:guests';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    await user.click(within(guests).getByRole('button', { name: 'Download CSV' }));
    expect(fileName).toBe(`guests-${session.SessionID}.csv`);
    // jsdom's Blob reads through a FileReader only.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(saved!);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFReference,Booker,')).toBe(true);
    expect(text).toContain('陳小明');

    await user.click(within(guests).getByRole('button', { name: 'Back to the sessions' }));
    expect(await screen.findByRole('table', { name: 'Upcoming sessions, soonest first' })).toBeTruthy();
  });

  it('cancelling: confirmed with a reason, the session shows cancelled and the refund requests are counted', async () => {
    const { session, label } = await islaySession(19);
    await paidBooking(server, await eventMember(server), session.SessionID, 1);
    await paidBooking(server, await eventMember(server), session.SessionID, 2);
    const { user } = await openSessions();
    await user.click(await screen.findByRole('button', { name: `Cancel the session of ${label}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Cancel the session of ${label}?` });
    expect(within(dialog).getByText(/3 seats are sold: each booker is mailed/)).toBeTruthy();

    // A reason is required: nothing is sent without one.
    cancelCalls = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    expect(await within(dialog).findByText('Say why the session is cancelled (at most 500 characters).')).toBeTruthy();
    expect(cancelCalls).toBe(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'The host is unwell');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    expect(await within(dialog).findByText('Session cancelled. 2 refund requests were recorded.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Refunds page' })).toBeTruthy();
    expect(cancelCalls).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: `Cancel the session of ${label}` })).toBeNull());
    await user.selectOptions(screen.getByLabelText('Show'), 'cancelled');
    const cancelled = await screen.findByRole('table', { name: 'Cancelled sessions, latest first' });
    const row = rowOf(await within(cancelled).findByRole('button', { name: `Guest list of ${label}` }));
    expect(within(row).getByText(/^Cancelled \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Cancel the session/ })).toBeNull();
  });

  it('a double click on Cancel the session sends one request', async () => {
    const { label } = await islaySession(20);
    const { user } = await openSessions();
    await user.click(await screen.findByRole('button', { name: `Cancel the session of ${label}` }));
    const dialog = await screen.findByRole('alertdialog', { name: `Cancel the session of ${label}?` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Venue flooded');
    cancelCalls = 0;
    await user.dblClick(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    expect(await within(dialog).findByText('Session cancelled. No paid booking needed a refund.')).toBeTruthy();
    expect(cancelCalls).toBe(1);
  });

  it('a new event with no session yet is found by part of its title and gets its first session; a hidden one is marked hidden', async () => {
    const fresh = await newEvent('Quillwort Roast Evening');
    const hidden = await newEvent('Quillwort Hidden Cellar', false);
    const { user } = await openSessions();
    await user.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = await screen.findByRole('dialog', { name: 'New session' });
    const event = within(dialog).getByLabelText('Event');

    // Enter in the search searches: it does not send the session form.
    await user.type(within(dialog).getByLabelText('Find the event'), 'quillwort{Enter}');
    expect(within(dialog).queryByText('Fill this in.')).toBeNull();
    await waitFor(() => expect(within(event).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose an event', 'Quillwort Hidden Cellar (hidden from customers)', 'Quillwort Roast Evening']));
    expect(within(dialog).getByText('2 events match.')).toBeTruthy();

    await user.selectOptions(event, hidden.EventID);
    expect(within(dialog).getByText(/Customers do not see this event while it is hidden/)).toBeTruthy();
    await user.selectOptions(event, 'Quillwort Roast Evening');
    expect((event as HTMLSelectElement).value).toBe(fresh.EventID);
    expect(within(dialog).queryByText(/Customers do not see this event while it is hidden/)).toBeNull();

    // Another search keeps the event chosen listed and chosen.
    const search = within(dialog).getByLabelText('Find the event');
    await user.clear(search);
    await user.type(search, 'no such event zz{Enter}');
    expect(await within(dialog).findByText('No event matches “no such event zz”.')).toBeTruthy();
    expect((event as HTMLSelectElement).value).toBe(fresh.EventID);

    fireEvent.change(within(dialog).getByLabelText('Starts (Hong Kong time)'), { target: { value: '2026-11-26T19:30' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (Hong Kong time)'), { target: { value: '2026-11-26T21:30' } });
    await user.type(within(dialog).getByLabelText('Capacity (seats)'), '8');
    await user.type(within(dialog).getByLabelText('Price per seat (HKD)'), '300');
    await user.type(within(dialog).getByLabelText('Price per seat (USD)'), '39');
    fireEvent.change(within(dialog).getByLabelText('Sale opens (Hong Kong time)'), { target: { value: '2026-10-30T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));

    expect(await screen.findByText('Session of Quillwort Roast Evening on 2026-11-26 19:30 created.')).toBeTruthy();
    const made = (await server.call(staffListSessions, { EventID: fresh.EventID }, auth(staff))).SessionList;
    expect(made).toMatchObject([{ StartAt: '2026-11-26T11:30:00.000Z', Capacity: 8, Price: { HKD: 30000, USD: 3900 } }]);
  });

  it('an event links to its sessions: the address keeps the event, the list and a new session are of it, and the filter clears', async () => {
    const fresh = await newEvent('Quillwort Tea Dawn');
    const user = userEvent.setup();
    const view = await renderApp(server, '/home');
    await signIn(view, staff);
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'events' } });
    await user.type(await screen.findByLabelText('Title or event id'), `${TITLE}{Enter}`);
    await user.click(await screen.findByRole('link', { name: `Sessions of ${TITLE} in the back office` }));

    expect(await screen.findByRole('heading', { name: `Sessions of ${TITLE}` })).toBeTruthy();
    expect(view.router.state.location.search).toEqual({ event: EVENT });
    const guests = async () =>
      (await within(await screen.findByRole('table', { name: 'Upcoming sessions, soonest first' })).findAllByRole('button', { name: /^Guest list of / })).map((b) => b.getAttribute('aria-label'));
    await waitFor(async () => expect((await guests()).every((name) => name!.startsWith(`Guest list of ${TITLE} on `))).toBe(true));
    expect((await guests()).length).toBeGreaterThan(0);

    // A new session starts with the event chosen.
    await user.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = await screen.findByRole('dialog', { name: 'New session' });
    expect((within(dialog).getByLabelText('Event') as HTMLSelectElement).value).toBe(EVENT);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New session' })).toBeNull());

    // Every event's sessions again.
    await user.click(screen.getByRole('link', { name: 'Show the sessions of every event' }));
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeTruthy();
    expect(view.router.state.location.search).toEqual({});
    await waitFor(async () => expect((await guests()).some((name) => !name!.startsWith(`Guest list of ${TITLE} on `))).toBe(true));

    // An event with no session yet: named, with none listed.
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'sessions' }, search: { event: fresh.EventID } });
    expect(await screen.findByRole('heading', { name: 'Sessions of Quillwort Tea Dawn' })).toBeTruthy();
    expect(await screen.findByText('No sessions here.')).toBeTruthy();
  });

  it('sorts on the server: a header press asks for that sort from the first page, a second press the other way', async () => {
    await islaySession(6, { Capacity: 30, Price: { HKD: 99000, USD: 12900 } });
    const { user } = await openSessions();
    const list = table('Upcoming sessions, soonest first');
    // Sent without a Sort until one is chosen: the list's own order (soonest first) is the default.
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Size: 100 }));
    expect(listBodies.at(-1)).not.toHaveProperty('Sort');
    expect(within(list).getByRole('columnheader', { name: /^Starts/ }).getAttribute('aria-sort')).toBe('ascending');
    // Columns the server cannot sort by have no button.
    expect(within(within(list).getByRole('columnheader', { name: 'Sale window' })).queryByRole('button')).toBeNull();

    const expected = async (Sort: StaffSessionSort) =>
      (await server.call(staffListSessions, { Size: 100, Sort }, auth(staff))).SessionList.map((s) => `Guest list of ${s.EventName.en} on ${hongKongDateTime(s.StartAt)}`);
    const shown = () => within(list).getAllByRole('button', { name: /^Guest list of / }).map((b) => b.getAttribute('aria-label'));

    // An amount starts with the highest.
    await user.click(within(list).getByRole('button', { name: /^Price per seat/ }));
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Price', Direction: 'desc' }, Size: 100 }));
    expect(listBodies.at(-1)).not.toHaveProperty('LastEvaluatedKey');
    const byPrice = await expected({ Field: 'Price', Direction: 'desc' });
    expect(byPrice[0]).toBe(`Guest list of ${TITLE} on 2026-11-06 19:00`);
    await waitFor(() => expect(shown()).toEqual(byPrice));
    expect(screen.getByRole('table', { name: 'Upcoming sessions' })).toBe(list);
    expect(within(list).getByRole('columnheader', { name: /^Price per seat/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(list).getByRole('columnheader', { name: /^Starts/ }).getAttribute('aria-sort')).toBeNull();

    // From the keyboard: a text column starts ascending, and a second press turns it round.
    within(list).getByRole('button', { name: /^Event/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Event', Direction: 'asc' } }));
    const byEvent = await expected({ Field: 'Event', Direction: 'asc' });
    await waitFor(() => expect(shown()).toEqual(byEvent));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'Event', Direction: 'desc' } }));
    await waitFor(() => expect(shown()).toEqual([...byEvent].reverse()));
    expect(within(list).getByRole('button', { name: 'Event, sorted descending' })).toBeTruthy();
  });
});
