/**
 * The back office's events (issue 32) through the rendered app against the real server: staff make an event,
 * its fields checked before anything is sent and a 400 naming a field said at that field, and find it in the
 * list with its session counts and a link to its page; an event is changed and hidden (its page link goes, the
 * list's filter finds it hidden), a double submit sending one request. A member without a role sees none of it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCreateEvent, staffCreateSession, staffListEvents } from '../../contract/index.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
let member: Shopper;
/** Requests that reached the server, by call name. */
const calls: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestApp();
  [staff, member] = await Promise.all([shopper(server, { address: false }), shopper(server, { address: false })]);
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function openEvents(who: Shopper = staff) {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      const name = String(input).split('/api/')[1];
      if (name) calls[name] = (calls[name] ?? 0) + 1;
      return fetch(input, init);
    },
  });
  await signIn(view, who);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'events' } });
  return { user, view };
}

/** Types `text` into the labelled field of `scope` at once (a paste: the long form's fields need no key-by-key typing). */
async function fill(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, text: string) {
  const field = within(scope).getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** Searches the events table for `text` and answers the row of the one event it then shows. */
async function findEventRow(user: ReturnType<typeof userEvent.setup>, text: string) {
  const table = await screen.findByRole('table', { name: 'Events, by id' });
  const find = screen.getByRole('search', { name: 'Find events' });
  await user.clear(within(find).getByLabelText('Title or event id'));
  await user.type(within(find).getByLabelText('Title or event id'), text);
  await user.click(within(find).getByRole('button', { name: 'Search' }));
  await waitFor(() => {
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(table.querySelectorAll('tbody > tr')).toHaveLength(1);
    expect(within(table).getAllByText(new RegExp(text)).length).toBeGreaterThan(0);
  });
  return table.querySelector<HTMLElement>('tbody > tr')!;
}

const eventBody = (word: string) => ({
  ProductTypeID: 'tea',
  Title: { en: `${word} Tea Night`, zh: `${word}茶夜` },
  Host: { Name: { en: 'Ada Ho', zh: '何雅' }, Bio: { en: '', zh: '' } },
  Location: {
    Name: { en: 'Kiln Room', zh: '窯室' },
    Address: { en: '9 Kiln Street, Central', zh: '中環窯街9號' },
    District: { en: 'Central', zh: '中環' },
    MapURL: '',
  },
  Image: 'kettle-40-2',
});

describe('making an event', () => {
  it('checks the fields first, says a refused field at that field, then makes it and lists it with a link to its page', async () => {
    const word = 'Brindlecove';
    const { user } = await openEvents();
    await screen.findByRole('table', { name: 'Events, by id' });
    await user.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    const before = calls['staff-create-event'] ?? 0;

    // Nothing typed: each field says what it needs, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Make event' }));
    expect(await within(dialog).findByText('Choose what is tasted (the product type).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the English title (at most 120 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the host’s name in Chinese (at most 120 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the address in English (at most 300 characters).')).toBeTruthy();
    expect(within(dialog).getByText(/^Enter one artwork seed such as teapot-28-3/)).toBeTruthy();
    expect(calls['staff-create-event'] ?? 0).toBe(before);

    await user.selectOptions(within(dialog).getByLabelText('What is tasted'), 'tea');
    await fill(user, dialog, 'Title (English)', `${word} Oolong Evening`);
    await fill(user, dialog, 'Title (Chinese)', `${word}烏龍之夜`);
    await fill(user, dialog, 'Description (English)', 'Three roasts.');
    await fill(user, dialog, 'Host’s name (English)', 'Mei Chan');
    await fill(user, dialog, 'Host’s name (Chinese)', '陳美');
    await fill(user, dialog, 'Venue (English)', 'Leaf Room');
    await fill(user, dialog, 'Venue (Chinese)', '葉室');
    await fill(user, dialog, 'Address (English)', '2 Tea Lane, Sheung Wan');
    await fill(user, dialog, 'Address (Chinese)', '上環茶巷2號');
    await fill(user, dialog, 'District (English)', 'Sheung Wan');
    await fill(user, dialog, 'District (Chinese)', '上環');
    // Not https: said before sending.
    await fill(user, dialog, 'Map link', 'http://maps.example/leaf');
    // The shape of a seed, but a motif the artwork does not draw: the server refuses it, naming Image.
    await fill(user, dialog, 'Cover (artwork seed)', 'dragon-120-3');
    await user.click(within(dialog).getByRole('button', { name: 'Make event' }));
    expect(await within(dialog).findByText('Enter a map link starting with https://, or leave it empty.')).toBeTruthy();
    expect(calls['staff-create-event'] ?? 0).toBe(before);

    await fill(user, dialog, 'Map link', 'https://maps.example/leaf');
    await user.click(within(dialog).getByRole('button', { name: 'Make event' }));
    const cover = within(dialog).getByLabelText('Cover (artwork seed)');
    await waitFor(() => expect(cover.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(/^Enter one artwork seed such as teapot-28-3/)).toBeTruthy();
    expect(within(dialog).queryByText('Choose what is tasted (the product type).')).toBeNull();
    expect(calls['staff-create-event']).toBe(before + 1);

    await fill(user, dialog, 'Cover (artwork seed)', 'teapot-28-3');
    expect(within(dialog).getByRole('img', { name: 'Cover as it shows' }).getAttribute('src')).toBe('/media/art/teapot-28-3.svg');
    await user.click(within(dialog).getByRole('button', { name: 'Make event' }));
    expect(await screen.findByText(/^Event Brindlecove Oolong Evening made \(evt-brindlecove-oolong-evening-/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const [made] = (await server.call(staffListEvents, { Text: word }, auth(staff))).EventList;
    expect(made).toMatchObject({
      ProductTypeID: 'tea',
      Title: { en: `${word} Oolong Evening`, zh: `${word}烏龍之夜` },
      Description: { en: 'Three roasts.', zh: '' },
      Host: { Name: { en: 'Mei Chan', zh: '陳美' }, Bio: { en: '', zh: '' } },
      Location: { Name: { en: 'Leaf Room', zh: '葉室' }, District: { en: 'Sheung Wan' }, MapURL: 'https://maps.example/leaf' },
      Image: 'teapot-28-3',
      Published: true,
    });

    // A session to come shows in its counts once the list is read again.
    await server.call(
      staffCreateSession,
      {
        EventID: made!.EventID,
        StartAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        EndAt: new Date(Date.now() + 10 * 86_400_000 + 7_200_000).toISOString(),
        Capacity: 8,
        Price: { HKD: 30000, USD: 3900 },
        SaleOpensAt: new Date(Date.now() - 86_400_000).toISOString(),
      },
      auth(staff),
    );
    const row = await findEventRow(user, `${word} Oolong`);
    await waitFor(() => expect(within(row).getByText('1 to come, 0 held, 0 cancelled')).toBeTruthy());
    expect(within(row).getByText('Shown')).toBeTruthy();
    const page = within(row).getByRole('link', { name: `Sessions of ${word} Oolong Evening on its page (opens a new tab)` });
    expect(page.getAttribute('href')).toBe(`/event/${made!.EventID}`);
  });
});

describe('changing an event', () => {
  it('changes its venue and hides it: the row says so, its page link goes, the filter finds it hidden; a double submit sends one request', async () => {
    const word = 'Thistlemere';
    await server.call(staffCreateEvent, eventBody(word), auth(staff));
    const { user } = await openEvents();
    const row = await findEventRow(user, word);
    expect(within(row).getByText('Kiln Room, Central')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: `Edit event ${word} Tea Night` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit event ${word} Tea Night` });
    const venue = within(dialog).getByLabelText('Venue (English)') as HTMLInputElement;
    expect(venue.value).toBe('Kiln Room');
    await fill(user, dialog, 'Venue (English)', 'Lantern Hall');
    await user.click(within(dialog).getByLabelText('Hidden from customers (no listing, no page; bookings stay)'));
    const sent = calls['staff-update-event'] ?? 0;
    await user.dblClick(within(dialog).getByRole('button', { name: 'Save event' }));
    expect(await screen.findByText(`Event ${word} Tea Night saved.`)).toBeTruthy();
    expect(calls['staff-update-event']).toBe(sent + 1);

    await waitFor(() => expect(within(row).getByText('Lantern Hall, Central')).toBeTruthy());
    expect(within(row).getByText('Hidden')).toBeTruthy();
    expect(within(row).getByText('No page while hidden')).toBeTruthy();
    // The customers' page goes; its sessions in the back office stay.
    expect(within(row).getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual([`Sessions of ${word} Tea Night in the back office`]);

    const [changed] = (await server.call(staffListEvents, { Text: word }, auth(staff))).EventList;
    expect(changed).toMatchObject({ Published: false, Location: { Name: { en: 'Lantern Hall', zh: '窯室' } } });

    await user.selectOptions(screen.getByLabelText('Customers see'), 'published');
    const table = screen.getByRole('table', { name: 'Events, by id' });
    expect(await within(table).findByText('No events match these filters.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Customers see'), 'hidden');
    expect(await within(table).findByText(`${word} Tea Night`)).toBeTruthy();
  });
});

describe('a member without a role', () => {
  it('sees no events', async () => {
    await openEvents(member);
    expect(await screen.findByRole('heading', { name: 'This part of the shop is not for you' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Events, by id' })).toBeNull();
  });
});
