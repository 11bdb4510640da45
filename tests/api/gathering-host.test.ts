/**
 * A gathering's host (issue 31; spec §7 admin-init): opens the gathering with a code mailed to the host e-mail,
 * checks tickets in (once, concurrently too; RescanQRCode for what is not a ticket of this session), sees the
 * room and tonight's orders, and closes it. Each call needs the host role (issue 32): a member without it is
 * Forbidden, and so is another host; staff and owners reach every gathering.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserShoppingCart,
  adminInit,
  closeGathering,
  createProductOrder,
  getGatheringHostView,
  getUserOngoingGathering,
  requestGatheringCode,
  type EventTicket,
  type TokenSet,
} from '../../contract/index.ts';
import { gatheringPours, gatherings, users } from '../../server/db/schema.ts';
import { eventMember, fromSeed, paidBooking } from '../support/event-bookings.ts';
import { mailedCode } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SESSION = 'evs-sake-pairing-1';
const OTHER_SESSION = 'evs-coffee-cupping-1';
const G = 'gth-test-sake';
/** Another gathering, with a host of its own, where the code tries are spent. */
const G2 = 'gth-test-cupping';
let t: TestApp;
let host: TokenSet & { email: string };
let otherHost: TokenSet & { email: string };

async function member(given_name: string) {
  const tokens = await eventMember(t, { given_name });
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, tokens.userID));
  return { ...tokens, email: row!.email };
}

beforeAll(async () => {
  t = await createTestApp({ clock: fromSeed() });
  [host, otherHost] = [await member('Host'), await member('Other Host')];
  for (const h of [host, otherHost]) await grantRole(t, h.userID, 'host');
  // The shop names the host by e-mail, in any case.
  await t.db.insert(gatherings).values([
    { id: G, varianceId: SESSION, hostEmail: host.email.toUpperCase(), status: 'Scheduled' },
    { id: G2, varianceId: OTHER_SESSION, hostEmail: otherHost.email, status: 'Scheduled' },
  ]);
});
afterAll(() => t.close());

const post = (call: string, body: unknown, tokens: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(tokens) } });

async function openGathering() {
  await t.call(requestGatheringCode, { gatheringID: G }, auth(host));
  const { code } = await mailedCode(t, host.email);
  // A wrong try first: the right code still opens it.
  expect((await post('admin-init', { email: host.email, verifyCode: '000000', gatheringID: G }, host)).json?.ErrorCode).toBe('CodeMismatchException');
  return t.call(adminInit, { email: host.email, verifyCode: code, gatheringID: G }, auth(host));
}

describe('the host', () => {
  it('opens the gathering with the code mailed to the host e-mail; a wrong code is refused and tries are limited; nobody else can ask', async () => {
    // A member without the host role, and another host: Forbidden.
    const stranger = await eventMember(t);
    expect((await post('request-gathering-code', { gatheringID: G2 }, stranger)).json).toMatchObject({ ErrorCode: 'Forbidden' });
    expect((await post('request-gathering-code', { gatheringID: G2 }, host)).json).toMatchObject({ ErrorCode: 'Forbidden' });
    expect((await post('request-gathering-code', { gatheringID: 'gth-no-such' }, host)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    await t.call(requestGatheringCode, { gatheringID: G2 }, auth(otherHost));
    const { code } = await mailedCode(t, otherHost.email);
    expect((await post('admin-init', { email: otherHost.email, verifyCode: code, gatheringID: G2 }, stranger)).json).toMatchObject({ ErrorCode: 'Forbidden' });
    const notHost = await post('admin-init', { email: otherHost.email, verifyCode: code, gatheringID: G2 }, host);
    expect(notHost.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'email' });
    const otherGathering = await post('admin-init', { email: host.email, verifyCode: code, gatheringID: G2 }, host);
    expect({ status: otherGathering.status, code: otherGathering.json?.ErrorCode }).toEqual({ status: 403, code: 'Forbidden' });
    // Its named host has not opened it yet: not found for them, so their screen asks for a code.
    expect((await post('get-gathering-host-view', { gatheringID: G2 }, otherHost)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    let limited = false;
    for (let i = 0; i < 8 && !limited; i++) limited = (await post('admin-init', { email: otherHost.email, verifyCode: '111111', gatheringID: G2 }, otherHost)).status === 429;
    expect(limited).toBe(true);
    // Spent: not even the right code opens it now.
    expect((await post('admin-init', { email: otherHost.email, verifyCode: code, gatheringID: G2 }, otherHost)).status).toBe(429);
    expect((await t.db.select({ status: gatherings.status }).from(gatherings).where(eq(gatherings.id, G2)))[0]!.status).toBe('Scheduled');
  });

  it('checks a ticket in once, also when scanned twice at once; what is not a ticket of this session answers RescanQRCode', async () => {
    const opened = await openGathering();
    expect(opened.Gathering).toMatchObject({ Status: 'Ongoing', OpenedAt: expect.any(String) });
    const booker = await eventMember(t, { given_name: 'Booker' });
    const order = await paidBooking(t, booker, SESSION, 1);
    const own = order.TicketList[0] as EventTicket;
    const [first, second] = await Promise.all([post('check-in-ticket', { gatheringID: G, TicketID: own.TicketID }, host), post('check-in-ticket', { gatheringID: G, TicketID: own.TicketID }, host)]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    expect([first, second].find((a) => a.status === 400)!.json?.ErrorCode).toBe('TicketAlreadyActivated');
    expect((await t.call(getUserOngoingGathering, {}, auth(booker))).Gathering).toMatchObject({ GatheringID: G, IAmIn: true, HasTicket: true });

    expect((await post('check-in-ticket', { gatheringID: G, TicketID: 'https://example.com/not-a-ticket' }, host)).json).toMatchObject({ ErrorCode: 'RescanQRCode', field: 'TicketID' });
    const elsewhere = await paidBooking(t, await eventMember(t), OTHER_SESSION, 1);
    expect((await post('check-in-ticket', { gatheringID: G, TicketID: elsewhere.TicketList[0]!.TicketID }, host)).json).toMatchObject({ ErrorCode: 'RescanQRCode' });
    // Only the host checks tickets in: a member without the role, or another host, is Forbidden.
    expect((await post('check-in-ticket', { gatheringID: G, TicketID: own.TicketID }, booker)).json).toMatchObject({ ErrorCode: 'Forbidden' });
    expect((await post('check-in-ticket', { gatheringID: G, TicketID: own.TicketID }, otherHost)).json).toMatchObject({ ErrorCode: 'Forbidden' });

    // The room and tonight's orders: the booker orders from the pour list.
    await t.db.insert(gatheringPours).values({ gatheringId: G, productId: 'tea-sencha', varianceId: 'tea-sencha-50g', priceHkd: 11800, priceUsd: 1495, setAside: 10, remaining: 10 });
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 3 }] }, auth(booker));
    const { Order } = await t.call(createProductOrder, { product: { gatheringID: G } }, auth(booker));
    const view = await t.call(getGatheringHostView, { gatheringID: G }, auth(host));
    expect(view.AttendeeList.map((a) => [a.UserID, a.TicketHolder !== undefined])).toEqual([[booker.userID, true]]);
    expect(view.OrderList.map((o) => [o.OrderID, o.Lines])).toEqual([[Order.OrderID, [{ ProductID: 'tea-sencha', Quantity: 3 }]]]);
    expect(view.ProductList.map((p) => [p.ProductID, p.Remaining])).toEqual([['tea-sencha', 7]]);
    expect((await post('get-gathering-host-view', { gatheringID: G }, booker)).json).toMatchObject({ ErrorCode: 'Forbidden' });

    // Closed: no more check-ins or carts.
    expect((await t.call(closeGathering, { gatheringID: G }, auth(host))).Gathering.Status).toBe('Closed');
    expect((await post('add-user-shopping-cart', { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 1 }] }, booker)).json).toMatchObject({ ErrorCode: 'GatheringClosed' });
    expect((await post('check-in-ticket', { gatheringID: G, TicketID: own.TicketID }, host)).json).toMatchObject({ ErrorCode: 'GatheringClosed' });
  });

  it('reaches only their own gathering: another host’s view, check-in and close answer 403 Forbidden and change nothing', async () => {
    const [opened] = await t.db.select({ status: gatherings.status }).from(gatherings).where(eq(gatherings.id, G));
    const booker = await eventMember(t);
    const ticket = (await paidBooking(t, booker, SESSION, 1)).TicketList[0]!;
    for (const [call, body] of [
      ['get-gathering-host-view', { gatheringID: G }],
      ['check-in-ticket', { gatheringID: G, TicketID: ticket.TicketID }],
      ['close-gathering', { gatheringID: G }],
    ] as const) {
      const r = await post(call, body, otherHost);
      expect({ call, status: r.status, code: r.json?.ErrorCode }).toEqual({ call, status: 403, code: 'Forbidden' });
    }
    expect((await t.db.select({ status: gatherings.status }).from(gatherings).where(eq(gatherings.id, G)))[0]).toEqual(opened);
    // A gathering that does not exist is not found, for a host as for staff.
    expect((await post('get-gathering-host-view', { gatheringID: 'gth-no-such' }, otherHost)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });
});

describe('staff and owners', () => {
  it('read every gathering’s host view; a gathering that does not exist stays ObjectNotFound', async () => {
    const [staff, owner] = [await member('Staff'), await member('Owner')];
    await grantRole(t, staff.userID, 'staff');
    await grantRole(t, owner.userID, 'owner');
    for (const who of [staff, owner]) {
      const view = await t.call(getGatheringHostView, { gatheringID: G }, auth(who));
      expect(view.Gathering).toMatchObject({ GatheringID: G });
      expect((await t.call(getGatheringHostView, { gatheringID: G2 }, auth(who))).Gathering).toMatchObject({ GatheringID: G2, Status: 'Scheduled' });
      const missing = await post('get-gathering-host-view', { gatheringID: 'gth-no-such' }, who);
      expect(missing.json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    }
    // Only the named host opens a gathering (the code proves the host e-mail): staff are Forbidden there.
    expect((await post('request-gathering-code', { gatheringID: G2 }, staff)).json).toMatchObject({ ErrorCode: 'Forbidden' });
  });
});
