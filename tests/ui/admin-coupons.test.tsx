/**
 * The back office's coupons (issue 32) through the rendered app against the real server: staff make a coupon
 * (amounts typed as decimals reach the server as exact minor units; nothing is sent while a field is wrong; a
 * code taken already is said at the code field), find it in the table, disable it once confirmed, change a
 * used coupon's limits while its amount stays as members took it (CouponAlreadyUsed said in words), and keep a
 * coupon to the kinds of order ticked (none ticked: all kinds), shown in the table.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, staffListCoupons, type StaffCoupon } from '../../contract/index.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, fillBag, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TEA = 'tea-tieguanyin-50g';

let server: TestApp;
let staff: Shopper;
/** Requests to staff-create-coupon that reached the server. */
let createCalls = 0;
const stem = `UI${Date.now().toString(36)}`.toUpperCase();

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function stored(code: string): Promise<StaffCoupon | undefined> {
  const page = await server.call(staffListCoupons, { CodePrefix: code }, auth(staff));
  return page.CouponList.find((c) => c.CouponID === code);
}

async function openCoupons() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      if (String(input).endsWith('/api/staff-create-coupon')) createCalls++;
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'coupons' } });
  const table = await screen.findByRole('table', { name: 'Coupons, by code' });
  // The seed's coupons are listed before any search.
  expect(await within(table).findByText('WELCOME10')).toBeTruthy();
  return { user, table };
}

async function search(user: ReturnType<typeof userEvent.setup>, prefix: string) {
  const find = screen.getByRole('search', { name: 'Find coupons' });
  await user.clear(within(find).getByLabelText('Code begins with'));
  await user.type(within(find).getByLabelText('Code begins with'), prefix);
  await user.click(within(find).getByRole('button', { name: 'Search' }));
}

/** The table's row of a coupon, once it shows. */
async function rowOf(table: HTMLElement, code: string) {
  return (await within(table).findByText(code)).closest('tr')!;
}

/** The text of a row's cell under the column of this header. */
function cellOf(table: HTMLElement, row: HTMLElement, header: string) {
  const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
  return within(row).getAllByRole('cell')[headers.indexOf(header)]!.textContent;
}

/** Fills the new coupon form with a fixed amount off. */
async function fillNewCoupon(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, code: string) {
  await user.type(within(dialog).getByLabelText('Code'), ` ${code.toLowerCase()} `);
  await user.type(within(dialog).getByLabelText('Name in English'), 'Winter tea');
  await user.type(within(dialog).getByLabelText('Name in Chinese'), '冬日茶');
  const amount = within(dialog).getByRole('group', { name: 'Amount off' });
  await user.type(within(amount).getByLabelText('HKD'), '30');
  await user.type(within(amount).getByLabelText('USD'), '3.9');
}

describe('coupons in the back office', () => {
  it('makes a coupon checked before it is sent, lists it, refuses its code twice, and disables it once confirmed', async () => {
    const code = `${stem}-NEW`;
    const { user, table } = await openCoupons();
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    let dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.click(within(dialog).getByRole('button', { name: 'Make the coupon' }));
    expect(await within(dialog).findByText('Enter a code of letters, digits, - and _ only (at most 40 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the English name (at most 100 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the amount off in both currencies, more than 0, with at most two decimals (as 30 or 12.50).')).toBeTruthy();
    expect(createCalls).toBe(0);

    await fillNewCoupon(user, dialog, code);
    await user.type(within(dialog).getByLabelText('Uses in all'), '100');
    await user.type(within(dialog).getByLabelText('Uses per member'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Make the coupon' }));
    expect(await screen.findByText(`Coupon ${code} made.`)).toBeTruthy();
    expect(createCalls).toBe(1);
    // 3.9 is 390 cents exactly, read from the typed digits.
    expect(await stored(code)).toMatchObject({ Kind: 'fixed', Amount: { HKD: 3000, USD: 390 }, MaxUses: 100, MaxUsesPerMember: 1, Status: 'active', Listed: true });

    await search(user, stem);
    const row = await rowOf(table, code);
    expect(within(row).getByText('HK$30.00')).toBeTruthy();
    expect(within(row).getByText('US$3.90')).toBeTruthy();
    expect(within(row).getByText('100 in all')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(cellOf(table, row, 'Kinds of order')).toBe('All kinds');

    // The same code again, however typed: said at the code field.
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await fillNewCoupon(user, dialog, code);
    await user.click(within(dialog).getByRole('button', { name: 'Make the coupon' }));
    const taken = await within(dialog).findByText('This code is taken already: choose another.');
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-describedby')).toContain(taken.id);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Disabling asks first; keeping it on changes nothing.
    await user.click(within(row).getByRole('button', { name: `Disable coupon ${code}` }));
    let confirm = await screen.findByRole('alertdialog', { name: `Disable coupon ${code}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it on' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await stored(code))?.DisabledAt).toBeNull();

    await user.click(within(row).getByRole('button', { name: `Disable coupon ${code}` }));
    confirm = await screen.findByRole('alertdialog', { name: `Disable coupon ${code}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Disable the coupon' }));
    expect(await screen.findByText(`Coupon ${code} disabled.`)).toBeTruthy();
    await waitFor(() => expect(within(table).getByRole('button', { name: `Enable coupon ${code}` })).toBeTruthy());
    expect(within(table).getByText(code).closest('tr')!.textContent).toContain('Disabled');
    expect(await stored(code)).toMatchObject({ Status: 'disabled' });

    // Listed under Disabled, not under Active.
    await user.selectOptions(screen.getByLabelText('Status'), 'disabled');
    expect(await rowOf(table, code)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(within(table).queryByText(code)).toBeNull());
  });

  it('changes a used coupon’s limits, and says in words that its amount can no longer change', async () => {
    const code = `${stem}-USED`;
    const { user, table } = await openCoupons();
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const made = await screen.findByRole('dialog', { name: 'New coupon' });
    await fillNewCoupon(user, made, code);
    await user.click(within(made).getByRole('button', { name: 'Make the coupon' }));
    expect(await screen.findByText(`Coupon ${code} made.`)).toBeTruthy();

    // A member's order takes a use.
    const member = await shopper(server);
    await fillBag(server, member, { [TEA]: 2 });
    await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: code }, auth(member));

    await search(user, code);
    const row = await rowOf(table, code);
    await waitFor(() => expect(cellOf(table, row, 'Times used')).toBe('1'));
    await user.click(within(row).getByRole('button', { name: `Change coupon ${code}` }));
    let dialog = await screen.findByRole('dialog', { name: `Change coupon ${code}` });
    const amount = within(dialog).getByRole('group', { name: 'Amount off' });
    expect((within(amount).getByLabelText('HKD') as HTMLInputElement).value).toBe('30.00');
    await user.clear(within(amount).getByLabelText('HKD'));
    await user.type(within(amount).getByLabelText('HKD'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(
      await within(dialog).findByText('Members have used this coupon already, so its amount or percent can no longer change. Put it back as it was, or make a new coupon.'),
    ).toBeTruthy();
    expect((await stored(code))?.Amount).toEqual({ HKD: 3000, USD: 390 });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Its limits may change: only they are sent, the amount stays.
    await user.click(within(row).getByRole('button', { name: `Change coupon ${code}` }));
    dialog = await screen.findByRole('dialog', { name: `Change coupon ${code}` });
    await user.type(within(dialog).getByLabelText('Uses per member'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText(`Coupon ${code} saved.`)).toBeTruthy();
    expect(await stored(code)).toMatchObject({ MaxUsesPerMember: 2, Amount: { HKD: 3000, USD: 390 }, TimesUsed: 1 });
    await waitFor(() => expect(within(table).getByText(code).closest('tr')!.textContent).toContain('2 per member'));
  });
});

describe('kinds of order', () => {
  it('keeps a coupon to the kinds ticked, shows them in the table, and none ticked again is all kinds', async () => {
    const code = `${stem}-KINDS`;
    const { user, table } = await openCoupons();
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const made = await screen.findByRole('dialog', { name: 'New coupon' });
    await fillNewCoupon(user, made, code);
    const kinds = within(made).getByRole('group', { name: 'Kinds of order' });
    expect(within(kinds).getByText('None ticked: all kinds.')).toBeTruthy();
    for (const box of within(kinds).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(within(kinds).getByLabelText('Subscription box'));
    await user.click(within(kinds).getByLabelText('Event seats'));
    await user.click(within(made).getByRole('button', { name: 'Make the coupon' }));
    expect(await screen.findByText(`Coupon ${code} made.`)).toBeTruthy();
    // Kept in the shop's order of kinds, whatever order they were ticked in.
    expect((await stored(code))?.OrderKinds).toEqual(['event', 'subscription']);

    await search(user, code);
    const row = await rowOf(table, code);
    await waitFor(() => expect(cellOf(table, row, 'Kinds of order')).toBe('Event seatsSubscription box'));
    expect(within(row).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Event seats', 'Subscription box']);

    // A member's product order refuses it: it is not for the bag.
    const member = await shopper(server);
    await fillBag(server, member, { [TEA]: 2 });
    const answer = await server.raw('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(member) },
      body: JSON.stringify({ Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: code }),
    });
    expect(answer).toMatchObject({ status: 400, json: { ErrorCode: '70600', reason: 'WrongOrderKind' } });

    // Changed: the form shows the kinds ticked; unticking both is all kinds again, only they are sent.
    await user.click(within(row).getByRole('button', { name: `Change coupon ${code}` }));
    const dialog = await screen.findByRole('dialog', { name: `Change coupon ${code}` });
    const ticked = within(dialog).getByRole('group', { name: 'Kinds of order' });
    expect((within(ticked).getByLabelText('Event seats') as HTMLInputElement).checked).toBe(true);
    expect((within(ticked).getByLabelText('Shop order') as HTMLInputElement).checked).toBe(false);
    await user.click(within(ticked).getByLabelText('Event seats'));
    await user.click(within(ticked).getByLabelText('Subscription box'));
    await user.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText(`Coupon ${code} saved.`)).toBeTruthy();
    expect(await stored(code)).toMatchObject({ OrderKinds: [], Amount: { HKD: 3000, USD: 390 } });
    await waitFor(() => expect(cellOf(table, within(table).getByText(code).closest('tr')!, 'Kinds of order')).toBe('All kinds'));
  });
});

describe('sorting', () => {
  it('asks the server for the sort of the header pressed, a second press the other way, from the first page', async () => {
    const user = userEvent.setup();
    const listBodies: Record<string, unknown>[] = [];
    const view = await renderApp(server, '/home', {
      wrapFetch: (fetch) => (input, init) => {
        if (String(input).endsWith('/api/staff-list-coupons')) listBodies.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
        return fetch(input, init);
      },
    });
    await signIn(view, staff);
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'coupons' } });
    const table = await screen.findByRole('table', { name: 'Coupons, by code' });
    await within(table).findByText('WELCOME10');
    // Sent without a Sort until one is chosen: by code is the list's own order.
    expect(listBodies.at(-1)).not.toHaveProperty('Sort');
    expect(within(table).getByRole('columnheader', { name: /^Code/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(within(within(table).getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();

    const expected = async (Sort: { Field: 'TimesUsed' | 'CouponID'; Direction: 'asc' | 'desc' }) =>
      (await server.call(staffListCoupons, { Size: 25, Sort }, auth(staff))).CouponList.map((c) => c.CouponID);
    const codes = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

    await user.click(within(table).getByRole('button', { name: /^Times used/ }));
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'TimesUsed', Direction: 'desc' } }));
    expect(listBodies.at(-1)).not.toHaveProperty('LastEvaluatedKey');
    const byUse = await expected({ Field: 'TimesUsed', Direction: 'desc' });
    await waitFor(() => expect(codes()).toEqual(byUse));
    expect(screen.getByRole('table', { name: 'Coupons' })).toBe(table);
    expect(within(table).getByRole('button', { name: 'Times used, sorted descending' })).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: /^Code/ }));
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'CouponID', Direction: 'asc' } }));
    await user.click(within(table).getByRole('button', { name: /^Code/ }));
    await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ Sort: { Field: 'CouponID', Direction: 'desc' } }));
    const descending = await expected({ Field: 'CouponID', Direction: 'desc' });
    await waitFor(() => expect(codes()).toEqual(descending));
  });
});
