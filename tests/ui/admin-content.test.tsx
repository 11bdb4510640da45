/**
 * Content in the back office (issue 32): staff change the About page's English title and see it saved (the
 * customer's call answers it at once), and add a banner that the table then lists; a full address as its link is
 * refused in words before anything is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInformation, getSmallPromotionBanner } from '../../contract/index.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
const saves = { banner: 0, information: 0 };

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
