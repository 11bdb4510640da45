/**
 * A ticket link at the venue (issue 31), against the real server app: while the session's gathering is going on,
 * the holder opens their ticket link and checks in with one tap (a double tap checks in once), then finds Tonight;
 * a named guest with no account signs up on the spot, the form filled in from the ticket, and is checked in
 * without another tap; someone else's ticket and a closed gathering are said in words. Also in Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTicket, type EventTicket } from '../../contract/index.ts';
import { gatheringAttendees, gatherings } from '../../server/db/schema.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { mailedCode, MEMBER_PASSWORD } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SESSION = 'evs-sake-pairing-1';
const G = 'gth-ui-self-sake';
const VENUE = 'Ship Street Sake Bar';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  const host = await eventMember(server, { given_name: 'Host' });
  await server.db.insert(gatherings).values({ id: G, varianceId: SESSION, hostEmail: 'host@example.com', hostUserId: host.userID, status: 'Ongoing', openedAt: new Date() });
});
afterAll(() => server.close());

/** A paid booking of two seats: the booker's own ticket and a named guest's. */
async function booking(guestName = 'Wing Sze Ho') {
  const booker = await eventMember(server);
  const order = await paidBooking(server, booker, SESSION, 2, [{ Name: guestName, Contact: '+852 5123 4567' }]);
  return { booker, own: order.TicketList.find((x) => x.IsOwner) as EventTicket, guest: order.TicketList.find((x) => !x.IsOwner) as EventTicket };
}

const roomOf = (userId: string) => server.db.select({ ticketId: gatheringAttendees.ticketId }).from(gatheringAttendees).where(eq(gatheringAttendees.userId, userId));

describe('the ticket page at the venue', () => {
  it('the holder checks in with one tap (a double tap checks in once) and is shown the way to Tonight', async () => {
    const user = userEvent.setup();
    const { booker, own } = await booking();
    const view = await renderApp(server, `/activate_ticket/${own.TicketID}`);
    await signIn(view, booker);
    expect(await screen.findByText(`You are at ${VENUE}: check in`)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Check in' });
    await user.dblClick(button);
    const status = await screen.findByText('You are checked in');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(status.closest('[role=status]') as HTMLElement).getByRole('link', { name: 'Go to Tonight' }).getAttribute('href')).toBe('/tonight');
    expect(await roomOf(booker.userID)).toEqual([{ ticketId: own.TicketID }]);
    expect(view.router.state.location.pathname).toBe(`/activate_ticket/${own.TicketID}`);
  });

  it('a named guest with no account signs up from the link, the form filled in from the ticket, and is checked in', async () => {
    const user = userEvent.setup();
    const { guest } = await booking('Wing Sze Ho');
    const view = await renderApp(server, `/activate_ticket/${guest.TicketID}`);
    expect(await screen.findByText(`You are at ${VENUE}: log in or sign up to check in. It is free, and the seat is then yours.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Create an account' });
    expect((within(signUp).getByLabelText('Given name') as HTMLInputElement).value).toBe('Wing Sze');
    expect((within(signUp).getByLabelText('Family name') as HTMLInputElement).value).toBe('Ho');
    const email = `wing-sze-${Date.now()}@example.com`;
    await user.type(within(signUp).getByLabelText('E-mail'), email);
    await user.type(within(signUp).getByLabelText('Password'), MEMBER_PASSWORD);
    await user.type(within(signUp).getByLabelText('Confirm password'), MEMBER_PASSWORD);
    await user.click(within(signUp).getByRole('button', { name: 'Create account' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    await user.type(within(verify).getByLabelText('Verification code'), (await mailedCode(server, email)).code);
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('You are checked in', {}, { timeout: 10_000 })).toBeTruthy();
    const tokens = view.services.session.getSnapshot().context.user!;
    expect(await roomOf(tokens.userID)).toEqual([{ ticketId: guest.TicketID }]);
    expect((await server.call(getTicket, { TicketID: guest.TicketID })).Ticket).toMatchObject({ Activated: true, Redeemed: true });
  });

  it("says in words that someone else's ticket cannot check this member in", async () => {
    const user = userEvent.setup();
    const { own } = await booking();
    const stranger = await eventMember(server);
    const view = await renderApp(server, `/activate_ticket/${own.TicketID}`);
    await signIn(view, stranger);
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('This ticket has already been checked in, or it belongs to someone else.', { selector: '[role=alert]' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(await roomOf(stranger.userID)).toEqual([]);
  });

  it('in Chinese: 簽到', async () => {
    const { booker, own } = await booking('何詠詩');
    const view = await renderApp(server, `/activate_ticket/${own.TicketID}`, { locale: 'zh-Hant' });
    await signIn(view, booker);
    expect(await screen.findByRole('button', { name: '簽到' })).toBeTruthy();
  });
});

describe('the ticket page of a closed gathering', () => {
  it('says the gathering has ended and offers nothing to tap', async () => {
    const { booker, own } = await booking();
    await server.db.update(gatherings).set({ status: 'Closed' }).where(eq(gatherings.id, G));
    try {
      const view = await renderApp(server, `/activate_ticket/${own.TicketID}`);
      await signIn(view, booker);
      expect(await screen.findByText('This gathering has ended.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull());
    } finally {
      await server.db.update(gatherings).set({ status: 'Ongoing' }).where(eq(gatherings.id, G));
    }
  });
});
