/**
 * The host's screen (issue 31), against the real server app: the host opens a gathering with the code mailed to
 * the host e-mail, checks a ticket in by its link, and sees the room and a member's order arrive without a reload;
 * a ticket checked in already and what is not a ticket are said in words. Also in Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserShoppingCart, createProductOrder, type TokenSet } from '../../contract/index.ts';
import { gatheringPours, gatherings, users } from '../../server/db/schema.ts';
import { SEED_GATHERING_HOST, SEED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { mailedCode } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SESSION = 'evs-sake-pairing-1';
const G = 'gth-ui-sake';
let server: TestApp;
let host: TokenSet & { email: string };

beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  const tokens = await eventMember(server, { given_name: 'Hoi Yan' });
  const [row] = await server.db.select({ email: users.email }).from(users).where(eq(users.id, tokens.userID));
  host = { ...tokens, email: row!.email };
  await grantRole(server, host.userID, 'host');
  await server.db.insert(gatherings).values({ id: G, varianceId: SESSION, hostEmail: host.email, status: 'Scheduled' });
  await server.db.insert(gatheringPours).values({ gatheringId: G, productId: 'tea-sencha', varianceId: 'tea-sencha-50g', priceHkd: 11800, priceUsd: 1495, setAside: 10, remaining: 10 });
});
afterAll(() => server.close());

describe('the host’s screen', () => {
  it('opens the gathering with the mailed code, checks a ticket in by its link, and shows an order without a reload', async () => {
    const user = userEvent.setup();
    const guest = await eventMember(server, { given_name: 'Ka Ming' });
    const order = await paidBooking(server, guest, SESSION, 1);
    const view = await renderApp(server, '/home');
    await signIn(view, host);
    await view.router.navigate({ to: '/host/$gatheringID', params: { gatheringID: G } });

    await user.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(`We mailed a 6-digit code to ${host.email}.`)).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Open the gathering' }));
    expect(await screen.findByText('That code is not right. Check the e-mail and try again.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), (await mailedCode(server, host.email)).code);
    await user.click(screen.getByRole('button', { name: 'Open the gathering' }));
    expect(await screen.findByRole('heading', { name: 'In the room (0)' })).toBeTruthy();

    const ticket = order.TicketList[0]!;
    await user.type(screen.getByLabelText('Ticket link or code'), `https://shop.example/activate_ticket/${ticket.TicketID}`);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(/ is in\.$/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'In the room (1)' })).toBeTruthy();

    // The same ticket again, and something that is not a ticket: said in words.
    await user.type(screen.getByLabelText('Ticket link or code'), ticket.TicketID);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('This ticket has already been checked in.')).toBeTruthy();
    await user.type(screen.getByLabelText('Ticket link or code'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('This is not a ticket of tonight’s session. Please scan it again.')).toBeTruthy();

    // The guest orders at the table: the host's screen shows it by itself.
    await server.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 2 }] }, auth(guest));
    await server.call(createProductOrder, { product: { gatheringID: G } }, auth(guest));
    // Read every 2 s: given a busy machine's margin.
    expect(await screen.findByRole('heading', { name: 'Tonight’s orders (1)' }, { timeout: 10_000 })).toBeTruthy();
    const left = screen.getByRole('region', { name: 'Left of each pour' });
    await waitFor(() => expect(within(left).getByText('8 / 10')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Close the gathering' }));
    expect(await screen.findByText(/· Closed$/)).toBeTruthy();
    expect(screen.queryByLabelText('Ticket link or code')).toBeNull();
  });

  it('in Chinese, the seed gathering’s host sees tonight’s room; another host, and a member without the role, are told it is not theirs', async () => {
    const olivia = await startSession(server.deps, SEED_GATHERING_HOST.id);
    const view = await renderApp(server, '/home', { locale: 'zh-Hant' });
    await signIn(view, olivia);
    await view.router.navigate({ to: '/host/$gatheringID', params: { gatheringID: SEED_GATHERING_ID } });
    expect(await screen.findByRole('heading', { name: '現場人數（3）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '結束聚會' })).toBeTruthy();
    view.unmount();

    // Another host (Forbidden, issue 32): said at once, with no code to ask for.
    const other = await renderApp(server, '/home');
    await signIn(other, host);
    await other.router.navigate({ to: '/host/$gatheringID', params: { gatheringID: SEED_GATHERING_ID } });
    expect(await screen.findByText(/You are not the host of this gathering/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    other.unmount();

    const stranger = await eventMember(server);
    const member = await renderApp(server, '/home');
    await signIn(member, stranger);
    await member.router.navigate({ to: '/host/$gatheringID', params: { gatheringID: SEED_GATHERING_ID } });
    expect(await screen.findByText(/You are not the host of this gathering/)).toBeTruthy();
  });
});
