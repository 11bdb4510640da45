/**
 * The back office's NFC tags (issue 32) through the rendered app against the real server: staff see the tags with
 * their product and state, make a tag for a product (the product chosen first, nothing sent without one; the new
 * tag's address said), point a tag at another product, retire it (customers' look-up refuses it) and put it back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNFC, staffCreateNfcTag, staffListNfcTags } from '../../contract/index.ts';
import { NFC_TAGS } from '../../server/db/seed/nfc-data.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
/** Requests that reached the server, by call name. */
const calls: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function openTags() {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      const name = String(input).split('/api/')[1];
      if (name) calls[name] = (calls[name] ?? 0) + 1;
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'nfc' } });
  const table = await screen.findByRole('table', { name: 'NFC tags, newest first' });
  return { user, table };
}

const rowOf = (table: HTMLElement, tagId: string) => within(table).getByText(tagId).closest('tr') as HTMLElement;

/** Finds `productId` in a dialog's product picker and chooses it. */
async function chooseProduct(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, productId: string) {
  await user.type(within(dialog).getByLabelText('Find a product'), `${productId}{Enter}`);
  const select = within(dialog).getByLabelText('Product') as HTMLSelectElement;
  await waitFor(() => expect(within(select).getByRole('option', { name: new RegExp(`\\(${productId}\\)$`) })).toBeTruthy());
  await user.selectOptions(select, productId);
}

describe('NFC tags', () => {
  it('lists the seeded tags with product and state, and makes a tag for a chosen product, saying its address', async () => {
    const { user, table } = await openTags();
    const retired = NFC_TAGS.find((tag) => tag.retired)!;
    const [first] = NFC_TAGS;
    await waitFor(() => expect(within(rowOf(table, retired.id)).getByText(/^Retired/)).toBeTruthy());
    expect(within(rowOf(table, first!.id)).getByText('In use')).toBeTruthy();
    expect(within(rowOf(table, first!.id)).getByText(first!.productId)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New NFC tag' });
    const before = calls['staff-create-nfc-tag'] ?? 0;
    await user.click(within(dialog).getByRole('button', { name: 'Make the tag' }));
    expect(await within(dialog).findByText('Choose the product the tag stands for.')).toBeTruthy();
    expect(calls['staff-create-nfc-tag'] ?? 0).toBe(before);

    await chooseProduct(user, dialog, 'tea-sencha');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Make the tag' }));
    const done = await screen.findByText(/^Tag nfc_[2-9a-hjkmnp-z]{10} made for .+\. Write its address on the tag: .+\/nfc\/nfc_/);
    expect(calls['staff-create-nfc-tag']).toBe(before + 1);
    const [made] = (await server.call(staffListNfcTags, { ProductID: 'tea-sencha' }, auth(staff))).TagList;
    expect(made).toMatchObject({ ProductID: 'tea-sencha', Retired: false });
    expect(done.textContent).toContain(made!.TagID);
    await waitFor(() => expect(within(rowOf(table, made!.TagID)).getByText('tea-sencha')).toBeTruthy());
  });

  it('points a tag at another product, retires it (customers stop finding it) and puts it back in use', async () => {
    const { Tag } = await server.call(staffCreateNfcTag, { ProductID: 'tea-tieguanyin' }, auth(staff));
    const id = Tag.TagID;
    const { user, table } = await openTags();
    const row = await waitFor(() => rowOf(table, id));

    await user.click(within(row).getByRole('button', { name: `Point tag ${id} at another product` }));
    const dialog = await screen.findByRole('dialog', { name: `Point tag ${id} at another product` });
    await chooseProduct(user, dialog, 'tea-da-hong-pao');
    await user.click(within(dialog).getByRole('button', { name: 'Point the tag' }));
    expect(await screen.findByText(new RegExp(`^Tag ${id} now stands for `))).toBeTruthy();
    expect((await server.call(getNFC, { ID: id })).Product.ProductID).toBe('tea-da-hong-pao');
    await waitFor(() => expect(within(rowOf(table, id)).getByText('tea-da-hong-pao')).toBeTruthy());

    await user.click(within(rowOf(table, id)).getByRole('button', { name: `Retire tag ${id}` }));
    expect(await screen.findByText(`Tag ${id} retired: it no longer answers.`)).toBeTruthy();
    expect((await refused(server, 'getNFC', { ID: id })).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    await waitFor(() => expect(within(rowOf(table, id)).getByText(/^Retired/)).toBeTruthy());

    await user.click(within(rowOf(table, id)).getByRole('button', { name: `Put tag ${id} back in use` }));
    expect(await screen.findByText(`Tag ${id} is in use again.`)).toBeTruthy();
    expect((await server.call(getNFC, { ID: id })).Product.ProductID).toBe('tea-da-hong-pao');
    await waitFor(() => expect(within(rowOf(table, id)).getByText('In use')).toBeTruthy());
  });

  it('filters to the retired tags', async () => {
    const { user } = await openTags();
    await user.selectOptions(screen.getByLabelText('Show'), 'retired');
    const table = screen.getByRole('table', { name: 'NFC tags, newest first' });
    const retired = NFC_TAGS.find((tag) => tag.retired)!;
    await waitFor(() => {
      expect(table.getAttribute('aria-busy')).toBe('false');
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(table).getByText(retired.id)).toBeTruthy();
  });
});
