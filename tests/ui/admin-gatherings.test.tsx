/**
 * The back office's gatherings (issue 32) through the rendered app against the real server: staff list the gatherings,
 * open one's pour list and add a product with prices typed as decimals (stored as exact minor units) and units set
 * aside, the fields checked before anything is sent and a double submit sending one request; a set-aside below what
 * orders took is said at its field with what was taken; a pour nobody ordered is removed, one an order took meanwhile
 * is refused in words; a closed gathering's list cannot be changed.
 */
import { randomUUID } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserShoppingCart, createProductOrder, staffGetPourList, type TokenSet } from '../../contract/index.ts';
import { gatheringAttendees, users } from '../../server/db/schema.ts';
import { SEED_GATHERING_ID, SEED_POURS, SEED_SCHEDULED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { closeGatheringAt } from '../../server/services/gatherings/host.ts';
import { startSession } from '../../server/services/sessions.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
let server: TestApp;
let staff: Shopper;
/** Requests that reached the server, by call name. */
const calls: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 60_000) } });
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function openGatherings() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      const name = String(input).split('/api/')[1];
      if (name) calls[name] = (calls[name] ?? 0) + 1;
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'gatherings' } });
  return { user, view };
}

/** Opens the pour list of the seeded gathering going on (the matcha workshop). */
async function openPourList(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('table', { name: 'Gatherings, soonest first' });
  const [open] = await within(table).findAllByRole('button', { name: /^Pour list of .*Matcha/ });
  await user.click(open!);
  return screen.findByRole('table', { name: 'Pours, in the room’s order' });
}

/** A member checked in at the seeded gathering, signed in. */
async function roomMember(): Promise<TokenSet> {
  const id = randomUUID();
  await server.db.insert(users).values({ id, email: `ui.pour.${id}@example.com`, passwordHash: 'x', givenName: 'Pour', familyName: 'Guest', emailVerified: true, createdAt: SEED_NOW });
  await server.db.insert(gatheringAttendees).values({ gatheringId: G, userId: id, checkedInAt: SEED_NOW });
  return startSession(server.deps, id);
}

async function orderPour(productId: string, quantity: number) {
  const m = await roomMember();
  await server.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: productId, quantity }] }, auth(m));
  await server.call(createProductOrder, { product: { gatheringID: G } }, auth(m));
}

const pours = async (GatheringID = G) => (await server.call(staffGetPourList, { GatheringID }, auth(staff))).PourList;
const nameOf = async (productId: string) => (await pours()).find((p) => p.ProductID === productId)!.Name.en;
const rowWith = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

describe('a gathering’s pour list', () => {
  it('lists the gatherings, opens one, checks the fields, then adds a pour at exact prices with one request for a double press', async () => {
    const { user } = await openGatherings();
    const gatherings = await screen.findByRole('table', { name: 'Gatherings, soonest first' });
    await waitFor(() => expect(within(gatherings).getAllByText('Going on').length).toBeGreaterThan(0));
    const table = await openPourList(user);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + SEED_POURS.length));

    await user.click(screen.getByRole('button', { name: 'Add a pour' }));
    const dialog = await screen.findByRole('dialog', { name: /^Add a pour to / });
    const before = calls['staff-save-pour'] ?? 0;
    await user.click(within(dialog).getByRole('button', { name: 'Add the pour' }));
    expect(await within(dialog).findByText('Choose a product.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the price in HK$ as an amount such as 128 or 128.50 (at most 1,000,000.00).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the units set aside as a whole number from 0 to 10,000.')).toBeTruthy();
    expect(calls['staff-save-pour'] ?? 0).toBe(before);

    await user.type(within(dialog).getByLabelText('Find a product'), 'tea-tieguanyin{Enter}');
    const product = within(dialog).getByLabelText('Product') as HTMLSelectElement;
    await waitFor(() => expect(within(product).getByRole('option', { name: /\(tea-tieguanyin\)$/ })).toBeTruthy());
    await user.selectOptions(product, 'tea-tieguanyin');
    await user.selectOptions(within(dialog).getByLabelText('Variance'), 'tea-tieguanyin-50g');
    const hkd = within(dialog).getByLabelText('Price at the gathering in HK$') as HTMLInputElement;
    // The web shop's price to start from.
    expect(hkd.value).toBe('168.00');
    await user.clear(hkd);
    await user.type(hkd, '98.5');
    const usd = within(dialog).getByLabelText('Price at the gathering in US$');
    await user.clear(usd);
    // 12.29 × 100 is 1228.9999… in floating point: the amount is read from its digits.
    await user.type(usd, '12.29');
    await user.type(within(dialog).getByLabelText('Units set aside'), '6.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add the pour' }));
    expect(await within(dialog).findByText('Enter the units set aside as a whole number from 0 to 10,000.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Units set aside'));
    await user.type(within(dialog).getByLabelText('Units set aside'), '6');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Add the pour' }));
    const name = await nameOf('tea-tieguanyin');
    expect(await screen.findByText(`${name} added to the pour list.`)).toBeTruthy();
    expect(calls['staff-save-pour']).toBe(before + 1);
    expect((await pours()).find((p) => p.ProductID === 'tea-tieguanyin')).toMatchObject({ VarianceID: 'tea-tieguanyin-50g', Price: { HKD: 9850, USD: 1229 }, SetAside: 6, Remaining: 6 });
    await waitFor(() => expect(within(rowWith(table, 'tea-tieguanyin')).getByText('HK$98.50')).toBeTruthy());
  });

  it('says a set-aside below what orders took at its field, with what was taken; saves one at exactly that', async () => {
    const sencha = SEED_POURS[1];
    await orderPour(sencha.productId, 2);
    const { user } = await openGatherings();
    const table = await openPourList(user);
    const name = await nameOf(sencha.productId);
    const row = await waitFor(() => rowWith(table, sencha.productId));
    expect(within(row).getByText('Ordered: stays on the list')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: `Remove ${name} from the pour list` })).toBeNull();

    await user.click(within(row).getByRole('button', { name: `Change the pour of ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Change the pour of ${name}` });
    const units = within(dialog).getByLabelText('Units set aside') as HTMLInputElement;
    expect(units.value).toBe(String(sencha.setAside));
    await user.clear(units);
    await user.type(units, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save the pour' }));
    expect(await within(dialog).findByText('Orders have taken 2: set aside at least that many. Nothing was changed.')).toBeTruthy();
    await waitFor(() => expect(units.getAttribute('aria-invalid')).toBe('true'));
    expect((await pours()).find((p) => p.ProductID === sencha.productId)).toMatchObject({ SetAside: sencha.setAside });

    await user.clear(units);
    await user.type(units, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save the pour' }));
    expect(await screen.findByText(`Pour of ${name} saved.`)).toBeTruthy();
    expect((await pours()).find((p) => p.ProductID === sencha.productId)).toMatchObject({ SetAside: 2, Remaining: 0, Taken: 2 });
  });

  it('removes a pour nobody ordered; one ordered since the list was read is refused in words and stays', async () => {
    const longJing = SEED_POURS[2];
    const gyokuro = SEED_POURS[0];
    const { user } = await openGatherings();
    const table = await openPourList(user);
    const longJingName = await nameOf(longJing.productId);
    const gyokuroName = await nameOf(gyokuro.productId);
    await waitFor(() => rowWith(table, longJing.productId));

    // Ordered after the list was read: its Remove button still shows, and the server refuses.
    await orderPour(gyokuro.productId, 1);
    await user.click(within(rowWith(table, gyokuro.productId)).getByRole('button', { name: `Remove ${gyokuroName} from the pour list` }));
    let dialog = await screen.findByRole('alertdialog', { name: `Remove ${gyokuroName} from the pour list?` });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the pour' }));
    expect(
      await within(dialog).findByText('Members have ordered this pour, so it stays on the list. To stop further orders, set the units set aside to what was taken.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect((await pours()).map((p) => p.ProductID)).toContain(gyokuro.productId);

    await user.click(within(rowWith(table, longJing.productId)).getByRole('button', { name: `Remove ${longJingName} from the pour list` }));
    dialog = await screen.findByRole('alertdialog', { name: `Remove ${longJingName} from the pour list?` });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the pour' }));
    expect(await screen.findByText(`${longJingName} removed from the pour list.`)).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText(longJing.productId)).toBeNull());
    expect((await pours()).map((p) => p.ProductID)).not.toContain(longJing.productId);
  });

  it('shows a closed gathering’s list read only', async () => {
    await closeGatheringAt(server.deps, SEED_SCHEDULED_GATHERING_ID, new Date(SEED_NOW.getTime() + 60_000));
    const { user } = await openGatherings();
    await screen.findByRole('table', { name: 'Gatherings, soonest first' });
    await user.selectOptions(screen.getByLabelText('Show'), 'Closed');
    const closed = await screen.findByRole('table', { name: 'Closed gatherings, latest first' });
    const [open] = await within(closed).findAllByRole('button', { name: /^Pour list of / });
    await user.click(open!);
    expect(await screen.findByText('This gathering is closed: its pour list can no longer change.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a pour' })).toBeNull();
    expect(await screen.findByText('Nothing on the pour list yet.')).toBeTruthy();
  });
});
