/**
 * Content in the back office (issue 32): staff change the About page's English title and see it saved (the
 * customer's call answers it at once), and add a banner that the table then lists; a full address as its link is
 * refused in words before anything is sent. They change the top menu and the footer: an entry leading to no page of
 * the shop is refused at that entry, and what is saved is what customers' calls answer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFooterContent, getInformation, getNavigationMenu, getSmallPromotionBanner } from '../../contract/index.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
const saves = { banner: 0, information: 0, menu: 0, footer: 0 };

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function openContent() {
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => async (input, init) => {
      if (String(input).endsWith('/api/staff-save-banner')) saves.banner++;
      if (String(input).endsWith('/api/staff-update-information-page')) saves.information++;
      if (String(input).endsWith('/api/staff-save-navigation-menu')) saves.menu++;
      if (String(input).endsWith('/api/staff-save-footer')) saves.footer++;
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'content' } });
  return view;
}

describe('content in the back office', () => {
  it('edits the About page’s English title, saved once, and the customer sees it', async () => {
    await openContent();
    const pages = await screen.findByRole('table', { name: 'Information pages' });
    const user = userEvent.setup();
    await user.click(await within(pages).findByRole('button', { name: 'Edit the page About us' }));
    const form = screen.getByRole('form', { name: 'Edit the page About us' });
    const title = within(form).getByLabelText('Title in English');
    await user.clear(title);
    await user.type(title, 'Our story');
    await user.dblClick(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved. Customers see the new words now.')).toBeTruthy();
    expect(saves.information).toBe(1);
    expect(await within(pages).findByText('Our story')).toBeTruthy();
    expect((await server.call(getInformation, { id: 'about' })).Information.Title.en).toBe('Our story');

    // An empty English text is said in words and not sent.
    await user.clear(within(form).getByLabelText('Text in English'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the English text (at most 20,000 characters).')).toBeTruthy();
    expect(saves.information).toBe(1);
  });

  it('adds a banner, refusing a full address as its link, and lists it', async () => {
    await openContent();
    const banners = await screen.findByRole('table', { name: 'Banners, by where they show, in the order customers see them' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    await user.selectOptions(within(dialog).getByLabelText('Shows on'), 'small');
    await user.type(within(dialog).getByLabelText('Title in English'), 'Harbour Night Pours');
    await user.type(within(dialog).getByLabelText('Title in Chinese'), '海港夜飲');
    await user.type(within(dialog).getByLabelText('Picture (artwork name)'), 'glass-200-4');
    const link = within(dialog).getByLabelText('Leads to');
    await user.clear(link);
    await user.type(link, 'https://elsewhere.example/pours');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/addresses of other sites are not allowed/)).toBeTruthy();
    expect(saves.banner).toBe(0);

    await user.clear(link);
    await user.type(link, '/events');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New banner' })).toBeNull());
    expect(await screen.findByText('Banner added.')).toBeTruthy();
    expect(saves.banner).toBe(1);
    const row = (await within(banners).findByText('Harbour Night Pours')).closest('tr')!;
    expect(within(row).getByText('Home page, small row')).toBeTruthy();
    expect(within(row).getByText('/events')).toBeTruthy();
    expect((await server.call(getSmallPromotionBanner, {})).BannerList.map((b) => b.Title.en)).toContain('Harbour Night Pours');
  });
});

describe('the top menu and the footer in the back office', () => {
  it('renames, adds and moves menu entries; a target that is no page is refused at its entry; customers get the saved menu', async () => {
    await openContent();
    const form = await screen.findByRole('form', { name: 'Top menu' });
    const user = userEvent.setup();
    const first = within(form).getByRole('group', { name: 'Entry 1' });
    await user.clear(within(first).getByLabelText('Words in English'));
    await user.type(within(first).getByLabelText('Words in English'), 'Fresh in');

    await user.click(within(form).getByRole('button', { name: 'Add an entry' }));
    const added = within(form).getByRole('group', { name: 'Entry 12' });
    await user.type(within(added).getByLabelText('Words in English'), 'Nowhere');
    await user.type(within(added).getByLabelText('Words in Chinese'), '無處');
    await user.type(within(added).getByLabelText('Leads to'), 'https://elsewhere.example');
    await user.click(within(form).getByRole('button', { name: 'Save the menu' }));
    expect(await within(added).findByText(/not a full web address/)).toBeTruthy();
    expect(saves.menu).toBe(0);

    const target = within(added).getByLabelText('Leads to');
    await user.clear(target);
    await user.type(target, '/nowhere');
    await user.dblClick(within(form).getByRole('button', { name: 'Save the menu' }));
    expect(await within(added).findByText(/This is not a page of the shop/)).toBeTruthy();
    expect(saves.menu).toBe(1);

    await user.clear(target);
    await user.type(target, '/faq');
    await user.click(within(form).getByRole('button', { name: 'Move Entry 12 up' }));
    await user.click(within(form).getByRole('button', { name: 'Save the menu' }));
    expect(await within(form).findByText('Saved. Customers see the new menu now.')).toBeTruthy();
    expect(saves.menu).toBe(2);
    const { Menu } = await server.call(getNavigationMenu, {});
    expect(Menu[0]!.Label.en).toBe('Fresh in');
    expect(Menu.map((m) => m.To).slice(-2)).toEqual(['/faq', '/about']);
    expect(Menu[10]!.Label).toEqual({ en: 'Nowhere', zh: '無處' });
  });

  it('changes the footer’s note and removes a column; customers get the saved footer', async () => {
    await openContent();
    const form = await screen.findByRole('form', { name: 'Footer' });
    const user = userEvent.setup();
    const before = await server.call(getFooterContent, {});
    const note = within(form).getByLabelText('Note in English');
    await user.clear(note);
    await user.type(note, 'Sip & Gather, Sheung Wan.');
    const last = before.Columns.at(-1)!.Title.en;
    await user.click(within(form).getByRole('button', { name: `Remove the column ${last}` }));
    // A column with no title is said in words and not sent.
    await user.click(within(form).getByRole('button', { name: 'Add a column' }));
    await user.click(within(form).getByRole('button', { name: 'Save the footer' }));
    expect(await within(form).findByText('Enter the English title (at most 40 characters).')).toBeTruthy();
    expect(saves.footer).toBe(0);
    await user.click(within(form).getByRole('button', { name: `Remove the column Column ${before.Columns.length}` }));
    await user.dblClick(within(form).getByRole('button', { name: 'Save the footer' }));
    expect(await within(form).findByText('Saved. Customers see the new footer now.')).toBeTruthy();
    expect(saves.footer).toBe(1);
    const after = await server.call(getFooterContent, {});
    expect(after.Note).toEqual({ en: 'Sip & Gather, Sheung Wan.', zh: before.Note.zh });
    expect(after.Columns).toEqual(before.Columns.slice(0, -1));
  });
});
