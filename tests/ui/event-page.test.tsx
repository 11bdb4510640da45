/**
 * The event page (issue 15) against the real server app and its seed: an event's sessions in Hong Kong
 * time with what is left of each, the seats stepper held to min(10, spaces left), Join for a member
 * and for a visitor (the login popup says why; once signed in, on to the checkout), not found.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventDetail, MAX_SEATS_PER_ORDER, userLogin, type EventDetail } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { SEED_EVENT_IDS, SEED_EVENT_NEARLY_FULL_SESSION, SEED_EVENT_SOLD_OUT_SESSION } from '../../server/db/seed/event-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { fromSeed } from '../support/event-bookings.ts';
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
    expect(sessionRadio(firstOnSale.Date).getAttribute('aria-checked')).toBe('true');
  });

  it('holds the seats to the spaces left of a nearly full session, and to 10 seats per order otherwise', async () => {
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
