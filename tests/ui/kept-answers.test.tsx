/**
 * Issue 29 (6): a page seen online opens offline from what the device kept, with a note that it may be out of
 * date; a member's copies go when the session ends; the copies are bounded and sealed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLogin } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { encryptedStorage } from '../../src/app/encrypted-storage.ts';
import { KEPT_ANSWERS_LIMIT, KEPT_ANSWERS_MAX_AGE_MS, keptAnswers } from '../../src/app/kept-answers.ts';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { memoryStorage, renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  // The seed's clock: its event sessions are still to come (the ticket test books one).
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

type Plain = ReturnType<typeof memoryStorage>;
const sealedIn = (plain: Plain, secret = 'cookie-of-this-browser') => async () =>
  encryptedStorage({ secret, purpose: 'kept-answers', storage: plain });

/** A device: its storage, what it keeps, and whether it has a connection. */
function device() {
  const plain = memoryStorage();
  const network = { online: true };
  const wrapFetch = (fetch: typeof globalThis.fetch): typeof globalThis.fetch => (input, init) =>
    network.online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));
  // Each page load builds its own, as the browser's app does; the storage is the device's.
  const load = () => keptAnswers({ plain, sealed: sealedIn(plain) });
  return { plain, network, wrapFetch, load };
}

/** Waits until the query under `key` has its copy on the device. */
async function keptCopyOf(view: Awaited<ReturnType<typeof renderApp>>, kept: ReturnType<typeof keptAnswers>, key: unknown[]) {
  const query = view.services.queryClient.getQueryCache().find({ queryKey: key, exact: false });
  expect(query).toBeTruthy();
  await waitFor(async () => expect(await kept.read(query!.queryHash)).toBeTruthy());
}

describe('pages kept for offline', () => {
  it('opens a visited product offline with a note, refuses an unvisited one, and drops the note once the shop answers', async () => {
    const phone = device();
    const online = await renderApp(server, '/product/tea-tieguanyin', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load() });
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
    const kept = phone.load();
    await keptCopyOf(online, kept, ['product', 'tea-tieguanyin']);
    expect(screen.queryByText(/You are offline/)).toBeNull();
    online.unmount();

    phone.network.online = false;
    const offline = await renderApp(server, '/product/tea-tieguanyin', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeTruthy();
    const note = (await screen.findByText(/You are offline/)).closest('[role="status"]')!;
    expect(note.textContent).toContain('You are offline: this is what you saw moments ago, and it may be out of date.');

    // A product never opened on this device: nothing kept, so the page says it could not be loaded.
    await act(() => offline.router.navigate({ to: '/product/$productID', params: { productID: 'coffee-yirgacheffe' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
    await act(() => offline.router.navigate({ to: '/product/$productID', params: { productID: 'tea-tieguanyin' } }));
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });

    // Back online, Try again asks the shop, and the note goes.
    phone.network.online = true;
    const user = userEvent.setup();
    await user.click(within(screen.getByText(/You are offline/).closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeTruthy();
    offline.unmount();
  });

  it('says it in Chinese too', async () => {
    const phone = device();
    const online = await renderApp(server, '/product/tea-tieguanyin', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load(), locale: 'zh-Hant' });
    await screen.findByRole('heading', { level: 1 });
    await keptCopyOf(online, phone.load(), ['product', 'tea-tieguanyin']);
    online.unmount();
    phone.network.online = false;
    const offline = await renderApp(server, '/product/tea-tieguanyin', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load(), locale: 'zh-Hant' });
    expect(await screen.findByText(/你目前離線/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '再試一次' })).toBeTruthy();
    // The connection comes back: the page asks the shop by itself, and the note goes.
    phone.network.online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/你目前離線/)).toBeNull());
    offline.unmount();
  });

  it("opens a booker's tickets offline at the venue, each with its QR code", async () => {
    const phone = device();
    const booker = await eventMember(server);
    const order = await paidBooking(server, booker, 'evs-islay-whisky-1', 2);
    const record = { to: '/event_record/$eventID/$varianceID', params: { eventID: SEED_EVENT_IDS.islayWhisky, varianceID: 'evs-islay-whisky-1' } } as const;
    const online = await renderApp(server, '/home', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load() });
    await signIn(online, booker);
    await act(() => online.router.navigate(record));
    expect(await screen.findByText('2 seats')).toBeTruthy();
    const kept = phone.load();
    await keptCopyOf(online, kept, ['member', 'eventRecord']);
    online.unmount();

    // At the venue, without a connection: the page opens again, signed in from this device's storage.
    phone.network.online = false;
    const atTheVenue = await renderApp(server, '/home', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load() });
    await act(() => atTheVenue.router.navigate(record));
    expect(await screen.findByText('2 seats')).toBeTruthy();
    for (const ticket of order.TicketList) {
      expect(screen.getByRole('img', { name: `QR code of the ticket for seat ${ticket.SeatNumber}` })).toBeTruthy();
    }
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    atTheVenue.unmount();
  });

  it("keeps a member's own pages while signed in, and removes them when the session ends", async () => {
    const phone = device();
    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const view = await renderApp(server, '/home', { storage: phone.plain, wrapFetch: phone.wrapFetch, keptAnswers: phone.load() });
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
    act(() => view.services.popups.open('orders'));
    await screen.findByRole('dialog', { name: 'My orders' });
    const kept = phone.load();
    const orders = view.services.queryClient.getQueryCache().findAll({ queryKey: ['member', 'productOrders'] });
    expect(orders.length).toBeGreaterThan(0);
    await waitFor(async () => expect(await kept.read(orders[0]!.queryHash)).toBeTruthy());
    const index = () => JSON.parse(phone.plain.getItem('sg-kept-index') ?? '[]') as Array<{ member: boolean }>;
    expect(index().some((entry) => entry.member)).toBe(true);

    act(() => view.services.session.send({ type: 'SIGN_OUT' }));
    await waitFor(() => expect(index().some((entry) => entry.member)).toBe(false));
    expect(await kept.read(orders[0]!.queryHash)).toBeUndefined();
    // The public pages stay.
    expect(index().length).toBeGreaterThan(0);
    view.unmount();
  });
});

describe('the kept copies themselves', () => {
  it('are sealed: another browser cookie cannot open them, and the index names no query in plain', async () => {
    const plain = memoryStorage();
    const kept = keptAnswers({ plain, sealed: sealedIn(plain) });
    await kept.save('["ticket","T-123"]', { seat: 'A1' }, false);
    expect(await kept.read('["ticket","T-123"]')).toMatchObject({ data: { seat: 'A1' } });
    expect(plain.getItem('sg-kept-index')).not.toContain('T-123');
    const other = keptAnswers({ plain, sealed: sealedIn(plain, 'another-cookie') });
    expect(await other.read('["ticket","T-123"]')).toBeUndefined();
  });

  it(`keep at most ${KEPT_ANSWERS_LIMIT}, the newest, and none older than the age limit`, async () => {
    const plain = memoryStorage();
    let now = 1_000_000;
    const kept = keptAnswers({ plain, sealed: sealedIn(plain), now: () => now });
    for (let i = 0; i <= KEPT_ANSWERS_LIMIT; i += 1) {
      now += 1;
      await kept.save(`["product","p${i}"]`, i, false);
    }
    expect(JSON.parse(plain.getItem('sg-kept-index')!)).toHaveLength(KEPT_ANSWERS_LIMIT);
    expect(await kept.read('["product","p0"]')).toBeUndefined();
    expect(await kept.read(`["product","p${KEPT_ANSWERS_LIMIT}"]`)).toMatchObject({ data: KEPT_ANSWERS_LIMIT });
    now += KEPT_ANSWERS_MAX_AGE_MS + 1;
    expect(await kept.read(`["product","p${KEPT_ANSWERS_LIMIT}"]`)).toBeUndefined();
  });

  it("do not keep a member's copy whose save was under way when the session ended", async () => {
    const plain = memoryStorage();
    const kept = keptAnswers({ plain, sealed: sealedIn(plain) });
    const saving = kept.save('["member","eventOrders"]', ['order'], true);
    kept.forgetMember();
    await saving;
    expect(await kept.read('["member","eventOrders"]')).toBeUndefined();
  });
});
