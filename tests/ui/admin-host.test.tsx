/**
 * A host's back office (issue 32) through the rendered app against the real server: a host who opens /admin sees
 * only My sessions (no second factor, none of staff's sections, any other section sends them there) and only the
 * sessions they host, each with its fill, its host page and, opened, its read-only guest list (checked in or not)
 * and its survey results. A member without a role is told the back office is not for them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminInit, checkInTicket, requestGatheringCode, staffCreateSession, type StaffSession } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { mailedCode } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 3_600_000;

let server: TestApp;
let member: Shopper;
let host: Shopper;
let otherHost: Shopper;
let mine: StaffSession;
let theirs: StaffSession;

/** A session of `EventID` `days` from the server's now, made by staff for `host`. */
async function session(staff: Shopper, EventID: string, days: number, hostUserId: string) {
  const start = server.deps.clock.now().getTime() + days * DAY;
  const body = {
    EventID,
    StartAt: new Date(start).toISOString(),
    EndAt: new Date(start + 2 * 3_600_000).toISOString(),
    Capacity: 8,
    Price: { HKD: 38000, USD: 4900 },
    SaleOpensAt: new Date(server.deps.clock.now().getTime() - DAY).toISOString(),
    HostUserID: hostUserId,
  };
  return (await server.call(staffCreateSession, body, auth(staff))).Session;
}

beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  const [staff, ...others] = (await Promise.all([1, 2, 3, 4].map(() => shopper(server, { address: false })))) as [Shopper, Shopper, Shopper, Shopper];
  [member, host, otherHost] = others;
  await grantRole(server, staff.userId, 'staff');
  await grantRole(server, host.userId, 'host');
  await grantRole(server, otherHost.userId, 'host');
  mine = await session(staff, SEED_EVENT_IDS.gongfuOolong, 3, host.userId);
  theirs = await session(staff, SEED_EVENT_IDS.coffeeCupping, 4, otherHost.userId);

  // A guest books a seat of the host's session, and the host checks it in at the gathering (its host page's call).
  const guest = await eventMember(server, { given_name: 'Ka Ming' });
  const order = await paidBooking(server, guest, mine.SessionID, 1);
  const gatheringID = mine.GatheringID!;
  await server.call(requestGatheringCode, { gatheringID }, auth(host));
  await server.call(adminInit, { email: host.email, verifyCode: (await mailedCode(server, host.email)).code, gatheringID }, auth(host));
  await server.call(checkInTicket, { gatheringID, TicketID: order.TicketList[0]!.TicketID }, auth(host));
});
afterAll(() => server.close());

async function openAs(who: Shopper, path: string) {
  const view = await renderApp(server, '/home');
  await signIn(view, who);
  await view.router.navigate({ to: path });
  return view;
}

describe('a host’s back office', () => {
  it('shows a host only My sessions, and only the sessions they host, with fill and host page', async () => {
    const view = await openAs(host, '/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['My sessions']);
    // /admin opens on the orders for staff; a host is sent to their sessions, with no second factor asked.
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/my_sessions'));
    expect(within(nav).getByRole('link', { name: 'My sessions' }).getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table', { name: 'Sessions you host, soonest first' });
    const row = (await within(table).findByText(mine.EventName.en)).closest('tr')!;
    expect(within(row).getByText('1 of 8 booked')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^Host page of / }).getAttribute('href')).toBe(`/host/${mine.GatheringID}`);
    expect(within(table).queryByText(theirs.EventName.en)).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText(/second factor|authenticator/i)).toBeNull();

    // Staff's sections are not theirs: asking for one lands on My sessions.
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'orders' } });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/my_sessions'));
    expect(screen.queryByRole('table', { name: 'Orders, newest first' })).toBeNull();
  });

  it('opens a session: its guest list read-only, checked in or not, and its survey results', async () => {
    const user = userEvent.setup();
    await openAs(host, '/admin/my_sessions');
    const table = await screen.findByRole('table', { name: 'Sessions you host, soonest first' });
    await user.click(await within(table).findByRole('button', { name: (name) => name.startsWith(`Guests and survey results of ${mine.EventName.en} on `) }));

    const guests = await screen.findByRole('region', { name: 'Guests' });
    expect(await within(guests).findByText('1 booking · 1 seat · 1 checked in')).toBeTruthy();
    const tickets = within(guests).getByRole('table', { name: /^Tickets of booking / });
    expect(within(tickets).getByText(/^Checked in \d/)).toBeTruthy();
    // Read-only: nothing to change or check in here (that is the host page's).
    expect(within(guests).getAllByRole('button').map((b) => b.textContent)).toEqual(['Download CSV']);
    expect(screen.getByRole('link', { name: 'Open the host page' }).getAttribute('href')).toBe(`/host/${mine.GatheringID}`);

    const results = screen.getByRole('region', { name: 'Survey results' });
    // The seed's oolong tasting has surveys; nobody has answered them for this session yet.
    expect((await within(results).findAllByText('No guest of this session has answered this survey yet.')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Back to my sessions' }));
    expect(await screen.findByRole('table', { name: 'Sessions you host, soonest first' })).toBeTruthy();
  });

  it('lists the past ones apart, in words when there are none', async () => {
    const user = userEvent.setup();
    await openAs(otherHost, '/admin/my_sessions');
    const upcoming = await screen.findByRole('table', { name: 'Sessions you host, soonest first' });
    expect(await within(upcoming).findByText(theirs.EventName.en)).toBeTruthy();
    expect(within(upcoming).queryByText(mine.EventName.en)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Show'), 'past');
    const past = await screen.findByRole('table', { name: 'Sessions you hosted, latest first' });
    expect(await within(past).findByText('You have hosted no session yet.')).toBeTruthy();
  });
});

describe('a member without a role', () => {
  it('is told the back office is not for them', async () => {
    await openAs(member, '/admin');
    expect(await screen.findByRole('heading', { name: 'This part of the shop is not for you' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
