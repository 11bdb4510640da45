/**
 * Business enquiries in the back office (issue 32): staff see what came in through the form, newest first, mark
 * it contacted with a note (a double press saves once), and find it under Contacted, no longer under New.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b2bEnquiry } from '../../contract/index.ts';
import { signIn } from '../support/event-bookings.ts';
import { freshClientAddress, freshEmail } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
const updates = { count: 0 };

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
  await server.call(
    b2bEnquiry,
    { FullName: 'Aberdeen Teahouse', Email: freshEmail('buyer'), CountryCallingCode: '852', ContactNumber: '91234568', EnquiryType: 'teaCollection', Message: 'Oolong for our tea room.', PrivacyConsent: true, Language: 'en', Website: '' },
    { 'x-forwarded-for': freshClientAddress() },
  );
  await server.call(
    b2bEnquiry,
    { FullName: 'Harbour Hotel', Email: freshEmail('buyer'), CountryCallingCode: '852', ContactNumber: '91234567', EnquiryType: 'curatedBoxSets', Message: 'Box sets for 200 guests.', PrivacyConsent: true, Language: 'en', Website: '' },
    { 'x-forwarded-for': freshClientAddress() },
  );
});
afterAll(() => server.close());

describe('business enquiries', () => {
  it('are marked contacted with a note, saved once, and move from New to Contacted', async () => {
    const view = await renderApp(server, '/home', {
      wrapFetch: (fetch) => async (input, init) => {
        if (String(input).endsWith('/api/staff-update-enquiry')) updates.count++;
        return fetch(input, init);
      },
    });
    await signIn(view, staff);
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'enquiries' } });
    const table = await screen.findByRole('table', { name: 'Business enquiries, newest first' });
    expect(await within(table).findByText('Box sets for 200 guests.')).toBeTruthy();
    expect(within(table).getByText('Curated box sets')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Update the enquiry of Harbour Hotel' }));
    const form = screen.getByRole('form', { name: 'Update the enquiry of Harbour Hotel' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'contacted');
    await user.type(within(form).getByLabelText('Note for the team (the enquirer never sees it)'), 'Called; samples on Friday.');
    await user.dblClick(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved.')).toBeTruthy();
    expect(updates.count).toBe(1);
    await waitFor(() => expect(within(table).queryByText('Box sets for 200 guests.')).toBeNull());

    await user.selectOptions(screen.getByLabelText('Show'), 'contacted');
    expect(await within(table).findByText('Box sets for 200 guests.')).toBeTruthy();
  });

  it('are sorted on the server: pressing a header asks for that sort, and the rows come back in it', async () => {
    const lists: Record<string, unknown>[] = [];
    const view = await renderApp(server, '/home', {
      wrapFetch: (fetch) => async (input, init) => {
        if (String(input).endsWith('/api/staff-list-enquiries')) lists.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
        return fetch(input, init);
      },
    });
    await signIn(view, staff);
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'enquiries' } });
    const table = await screen.findByRole('table', { name: 'Business enquiries, newest first' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    await within(table).findByText('Box sets for 200 guests.');
    expect(lists.at(-1)).toMatchObject({ Status: 'all' });
    expect(lists.at(-1)).not.toHaveProperty('Sort');
    const names = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent ?? '');

    await user.click(within(table).getByRole('button', { name: /^From/ }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ Status: 'all', Sort: { Field: 'FullName', Direction: 'asc' } }));
    await waitFor(() => expect(names().map((n) => n.slice(0, 8))).toEqual(['Aberdeen', 'Harbour ']));
    expect(within(table).getByRole('columnheader', { name: /^From/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('table', { name: 'Business enquiries' })).toBe(table);

    await user.click(within(table).getByRole('button', { name: 'From, sorted ascending' }));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ Sort: { Field: 'FullName', Direction: 'desc' } }));
    await waitFor(() => expect(names().map((n) => n.slice(0, 8))).toEqual(['Harbour ', 'Aberdeen']));
    expect(within(table).getByRole('columnheader', { name: /^From/ }).getAttribute('aria-sort')).toBe('descending');

    // Per page is a shared control too: a new size is asked for from the first page.
    await user.selectOptions(screen.getByLabelText('Per page'), '10');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ Size: 10, Sort: { Field: 'FullName', Direction: 'desc' } }));
  });
});
