/**
 * The event page (issue 15) against the real server app and its seed: an event's sessions in Hong Kong
 * time with what is left of each, the seats stepper held to min(10, spaces left), Join for a member
 * and for a visitor (the login popup says why; once signed in, on to the checkout), not found.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventDetail, getUpcomingEvents, MAX_SEATS_PER_ORDER, SearchAndFilterEvent, userLogin, type EventDetail } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { SEED_EVENT_IDS, SEED_EVENT_NEARLY_FULL_SESSION, SEED_EVENT_SOLD_OUT_SESSION } from '../../server/db/seed/event-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { eventMember, fromSeed, paidBooking, signIn } from '../support/event-bookings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let islay: EventDetail;
let matcha: EventDetail;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  islay = (await server.call(getEventDetail, { EventID: SEED_EVENT_IDS.islayWhisky, Currency: 'HKD' })).eventDetail;
  matcha = (await server.call(getEventDetail, { EventID: SEED_EVENT_IDS.matchaWhisking, Currency: 'HKD' })).eventDetail;
});
afterAll(() => server.close());

/** The weekday of a Hong Kong date, as a reader in that locale writes it. */
const weekday = (date: string, locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const sessionRadio = (date: string) => screen.getByRole('radio', { name: new RegExp(`^${date}`) });
const optionOf = (date: string) => sessionRadio(date).closest('label')!;

describe('the event page', () => {
  it('shows the event: cover, host, place with a map link, the 18+ notice, and each session with its day, time, price and spaces left', async () => {
    await renderApp(server, `/event/${SEED_EVENT_IDS.islayWhisky}`);
    expect(await screen.findByRole('heading', { level: 1, name: islay.Title.en })).toBeTruthy();
    const cover = screen.getByRole('img', { name: islay.Title.en });
    expect(cover.getAttribute('src')).toBe(islay.Image);
    expect(cover.getAttribute('loading')).toBe('eager');
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getAllByText(islay.Host.Name.en).length).toBeGreaterThan(0);
    expect(screen.getByText(islay.Host.Bio.en)).toBeTruthy();
    expect(screen.getByText(islay.Location.Address.en)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open in maps/ }).getAttribute('href')).toBe(islay.Location.MapURL);
    expect(screen.getByText(/for persons aged 18 or over/)).toBeTruthy();
    expect(screen.getByText(islay.Remark.en)).toBeTruthy();

    expect(within(screen.getByRole('radiogroup')).getAllByRole('radio')).toHaveLength(islay.Variances.length);
    for (const v of islay.Variances) {
      const option = optionOf(v.Date);
      expect(option.textContent).toContain(`${v.Date} (${weekday(v.Date, 'en')}) ${v.TimeSlot}`);
      expect(option.textContent).toContain(`${v.SpacesLeft} spaces left`);
      expect(option.textContent).toContain('HK$680.00');
    }
    expect(document.title).toBe(`${islay.Title.en} · Sip & Gather`);
  });

  it('says a sold-out session is sold out, and it cannot be chosen', async () => {
    await renderApp(server, `/event/${SEED_EVENT_IDS.matchaWhisking}`);
    await screen.findByRole('heading', { level: 1, name: matcha.Title.en });
    const soldOut = matcha.Variances.find((v) => v.VarianceID === SEED_EVENT_SOLD_OUT_SESSION)!;
    expect(optionOf(soldOut.Date).textContent).toContain('Sold out');
    expect(sessionRadio(soldOut.Date).hasAttribute('disabled')).toBe(true);
    // The first session on sale is chosen instead.
    const firstOnSale = matcha.Variances.find((v) => v.SpacesLeft > 0 && v.SaleStatus === 'OnSale')!;
    expect((sessionRadio(firstOnSale.Date) as HTMLInputElement).checked).toBe(true);
  });

  it('holds the seats to the spaces left of a nearly full session, and to MAX_SEATS_PER_ORDER (6) seats per order otherwise', async () => {
    const user = userEvent.setup();
    await renderApp(server, `/event/${SEED_EVENT_IDS.islayWhisky}`);
    await screen.findByRole('heading', { level: 1, name: islay.Title.en });
    const nearlyFull = islay.Variances.find((v) => v.VarianceID === SEED_EVENT_NEARLY_FULL_SESSION)!;
    await user.click(sessionRadio(nearlyFull.Date));
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(more);
    const seats = screen.getByRole('spinbutton', { name: 'Number of seats' }) as HTMLInputElement;
    expect(seats.value).toBe(String(nearlyFull.SpacesLeft));
    expect(more.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(`Only ${nearlyFull.SpacesLeft} spaces left`)).toBeTruthy();

    // A roomy session: up to 10.
    const roomy = islay.Variances.find((v) => v.SpacesLeft > MAX_SEATS_PER_ORDER)!;
    await user.click(sessionRadio(roomy.Date));
    await user.clear(seats);
    await user.type(seats, '25');
    await user.tab();
    expect(seats.value).toBe(String(MAX_SEATS_PER_ORDER));
    expect(screen.getByText(`At most ${MAX_SEATS_PER_ORDER} seats per order`)).toBeTruthy();
  });

  it("takes a member's Join to the event checkout with the session and seats", async () => {
    const user = userEvent.setup();
    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const view = await renderApp(server, `/event/${SEED_EVENT_IDS.islayWhisky}`);
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
    await screen.findByRole('heading', { level: 1, name: islay.Title.en });
    const session = islay.Variances[0]!;
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkout_event'));
    expect(view.router.state.location.search).toEqual({ eventID: islay.EventID, varianceID: session.VarianceID, seats: 2 });
  });

  it("asks a visitor to log in, saying why, and once they have goes on to the checkout with what they chose", async () => {
    const user = userEvent.setup();
    const view = await renderApp(server, `/event/${SEED_EVENT_IDS.islayWhisky}`);
    await screen.findByRole('heading', { level: 1, name: islay.Title.en });
    const nearlyFull = islay.Variances.find((v) => v.VarianceID === SEED_EVENT_NEARLY_FULL_SESSION)!;
    await user.click(sessionRadio(nearlyFull.Date));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByText(`Log in to join ${islay.Title.en}.`)).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(`/event/${SEED_EVENT_IDS.islayWhisky}`);

    await user.type(within(login).getByLabelText('E-mail'), demoMember.email);
    await user.type(within(login).getByLabelText('Password'), demoMember.password);
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkout_event'));
    expect(view.router.state.location.search).toEqual({ eventID: islay.EventID, varianceID: nearlyFull.VarianceID, seats: 2 });
  });

  it('tells a member who joined a session so, with a link to their record', async () => {
    // Another event than the other tests read, so their seat counts stay as the seed made them.
    const sake = (await server.call(getEventDetail, { EventID: SEED_EVENT_IDS.sakePairing, Currency: 'HKD' })).eventDetail;
    const member = await eventMember(server);
    const joined = sake.Variances[0]!;
    await paidBooking(server, member, joined.VarianceID, 1);
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    await act(() => view.router.navigate({ to: '/event/$eventID', params: { eventID: sake.EventID } }));
    await screen.findByRole('heading', { level: 1, name: sake.Title.en });
    await waitFor(() => expect(optionOf(joined.Date).textContent).toContain('You have joined'));
    for (const v of sake.Variances.slice(1)) expect(optionOf(v.Date).textContent).not.toContain('You have joined');
    // The first session on sale is the one chosen: its record is a link away, and more seats can still be bought.
    expect(screen.getByRole('link', { name: 'See your booking and tickets' }).getAttribute('href')).toBe(`/event_record/${sake.EventID}/${joined.VarianceID}`);
    expect(screen.getByRole('button', { name: 'Buy more seats' })).toBeTruthy();
  });

  it('shows "Event not found" for an unknown event', async () => {
    await renderApp(server, '/event/evt-no-such-event');
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeTruthy();
  });

  it('in Chinese: the title, the weekday and the spaces left', async () => {
    await renderApp(server, `/event/${SEED_EVENT_IDS.islayWhisky}`, { locale: 'zh-Hant' });
    expect(await screen.findByRole('heading', { level: 1, name: islay.Title.zh })).toBeTruthy();
    const first = islay.Variances[0]!;
    const option = optionOf(first.Date);
    expect(option.textContent).toContain(`${first.Date} (${weekday(first.Date, 'zh-Hant')}) ${first.TimeSlot}`);
    expect(option.textContent).toContain(`尚餘 ${first.SpacesLeft} 個名額`);
    expect(screen.getByRole('button', { name: '參加' })).toBeTruthy();
  });
});

describe('events elsewhere', () => {
  it('the home page shows upcoming tastings as cards linking to their pages', async () => {
    const upcoming = (await server.call(getUpcomingEvents, { Currency: 'HKD', Size: 8 })).EventList;
    expect(upcoming.length).toBeGreaterThan(0);
    await renderApp(server, '/home');
    const row = await screen.findByRole('list', { name: 'Upcoming tastings' });
    const links = await within(row).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(upcoming.map((e) => `/event/${e.EventID}`));
    const first = upcoming[0]!;
    expect(links[0]!.textContent).toContain(first.Title.en);
    expect(links[0]!.textContent).toContain(`${first.NextSession!.Date} (${weekday(first.NextSession!.Date, 'en')}) ${first.NextSession!.TimeSlot}`);
  });

  it('search results show the events matching the keyword, and no events row when none match', async () => {
    const whisky = (await server.call(SearchAndFilterEvent, { Keyword: 'whisky', Currency: 'HKD' })).EventList;
    expect(whisky.map((e) => e.EventID)).toContain(SEED_EVENT_IDS.islayWhisky);
    const first = await renderApp(server, '/search_result/whisky');
    const row = await screen.findByRole('list', { name: 'Events matching “whisky”' });
    expect(within(row).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(whisky.map((e) => `/event/${e.EventID}`));
    first.unmount();

    expect((await server.call(SearchAndFilterEvent, { Keyword: 'jasmine', Currency: 'HKD' })).EventList.length).toBe(0);
    const second = await renderApp(server, '/search_result/jasmine');
    await screen.findAllByText('Jasmine Dragon Pearls');
    // Once the event search has answered (nothing), there is still no events row.
    await waitFor(() => expect(second.services.queryClient.getQueryState(['eventSearch', 'jasmine', 'HKD'])?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Events' })).toBeNull();
  });
});
