/**
 * SVIP early access on the event page (issue 18), against the real server app and its seed: a session in
 * its SVIP window shows the badge and when it opens to everyone; a visitor or a member without a box-set
 * subscription sees it disabled with the way to the box sets; a Subscribed member chooses it and joins.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventDetail, type EventDetail, type EventVariance } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS, SEED_EVENT_SVIP_SESSIONS } from '../../server/db/seed/event-data.ts';
import { hongKongDateTime } from '../../src/ui/event-dates.ts';
import { eventMember, fromSeed, signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let puer: EventDetail;
let svipSession: EventVariance;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  puer = (await server.call(getEventDetail, { EventID: SEED_EVENT_IDS.puerVertical, Currency: 'HKD' })).eventDetail;
  svipSession = puer.Variances.find((v) => v.VarianceID === SEED_EVENT_SVIP_SESSIONS[0])!;
});
afterAll(() => server.close());

const sessionRadio = (date: string) => screen.getByRole('radio', { name: new RegExp(`^${date}`) }) as HTMLInputElement;
const optionOf = (date: string) => sessionRadio(date).closest('label')!;

describe('a session in its SVIP window', () => {
  it('shows a visitor the badge and when it opens to everyone, disabled, with the way to the box sets', async () => {
    expect(svipSession).toMatchObject({ SaleStatus: 'NotOpen', SvipEarlyAccess: true });
    await renderApp(server, `/event/${SEED_EVENT_IDS.puerVertical}`);
    await screen.findByRole('heading', { level: 1, name: puer.Title.en });
    const option = optionOf(svipSession.Date);
    expect(within(option).getByText('SVIP early access')).toBeTruthy();
    expect(option.textContent).toContain(`Opens to everyone on ${hongKongDateTime(svipSession.SaleOpenAt).slice(0, 10)}`);
    expect(sessionRadio(svipSession.Date).disabled).toBe(true);
    expect(within(option).getByRole('link', { name: 'SVIP members can book now — see the box sets' }).getAttribute('href')).toBe('/subscription');
    // The session on sale to everyone is the one chosen.
    const onSale = puer.Variances.find((v) => v.SaleStatus === 'OnSale')!;
    expect(sessionRadio(onSale.Date).checked).toBe(true);
  });

  it('stays disabled for a member without a box-set subscription', async () => {
    const member = await eventMember(server);
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    await view.router.navigate({ to: '/event/$eventID', params: { eventID: puer.EventID } });
    await screen.findByRole('heading', { level: 1, name: puer.Title.en });
    await waitFor(() => expect(view.services.session.getSnapshot().context.checking).toBeDefined());
    expect(sessionRadio(svipSession.Date).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'SVIP members can book now — see the box sets' })).toBeTruthy();
  });

  it('lets a Subscribed member choose it and join', async () => {
    const user = userEvent.setup();
    const member = await eventMember(server);
    await server.db.update(users).set({ subscribed: true }).where(eq(users.id, member.userID));
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    await view.router.navigate({ to: '/event/$eventID', params: { eventID: puer.EventID } });
    await screen.findByRole('heading', { level: 1, name: puer.Title.en });
    await waitFor(() => expect(sessionRadio(svipSession.Date).disabled).toBe(false));
    const option = optionOf(svipSession.Date);
    expect(within(option).getByText('SVIP early access')).toBeTruthy();
    expect(option.textContent).toContain(`${svipSession.SpacesLeft} spaces left`);
    expect(within(option).queryByRole('link')).toBeNull();
    await user.click(sessionRadio(svipSession.Date));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkout_event'));
    expect(view.router.state.location.search).toEqual({ eventID: puer.EventID, varianceID: svipSession.VarianceID, seats: 1 });
    // The checkout takes the SVIP session as chosen: on to the seats, not back to choosing a session.
    await screen.findByRole('heading', { name: 'Number of seats' });
    expect(screen.queryByRole('heading', { name: 'Choose a session' })).toBeNull();
  });

  it('in the checkout, a member without a box-set subscription cannot choose it and is told why, as on the event page', async () => {
    const member = await eventMember(server);
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    // As a link naming the session would bring them (the event page itself does not offer it).
    await view.router.navigate({ to: '/checkout_event', search: { eventID: puer.EventID, varianceID: svipSession.VarianceID, seats: 1 } });
    await screen.findByRole('heading', { name: 'Choose a session' });
    expect(screen.queryByRole('heading', { name: 'Number of seats' })).toBeNull();
    const option = optionOf(svipSession.Date);
    expect(sessionRadio(svipSession.Date).disabled).toBe(true);
    expect(within(option).getByText('SVIP early access')).toBeTruthy();
    expect(option.textContent).toContain(`Opens to everyone on ${hongKongDateTime(svipSession.SaleOpenAt).slice(0, 10)}`);
    expect(option.textContent).not.toContain('spaces left');
    expect(within(option).getByRole('link', { name: 'SVIP members can book now — see the box sets' }).getAttribute('href')).toBe('/subscription');
    // The session on sale to everyone can still be chosen.
    const onSale = puer.Variances.find((v) => v.SaleStatus === 'OnSale')!;
    expect(sessionRadio(onSale.Date).disabled).toBe(false);
  });

  it('in the checkout, a Subscribed member can choose it among the sessions', async () => {
    const user = userEvent.setup();
    const member = await eventMember(server);
    await server.db.update(users).set({ subscribed: true }).where(eq(users.id, member.userID));
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    await view.router.navigate({ to: '/checkout_event', search: { eventID: puer.EventID } });
    await screen.findByRole('heading', { name: 'Choose a session' });
    const option = optionOf(svipSession.Date);
    expect(within(option).getByText('SVIP early access')).toBeTruthy();
    expect(option.textContent).toContain(`${svipSession.SpacesLeft} spaces left`);
    expect(within(option).queryByRole('link')).toBeNull();
    expect(sessionRadio(svipSession.Date).disabled).toBe(false);
    await user.click(sessionRadio(svipSession.Date));
    await screen.findByRole('heading', { name: 'Number of seats' });
  });

  it('in Chinese: the badge and the opening date', async () => {
    await renderApp(server, `/event/${SEED_EVENT_IDS.puerVertical}`, { locale: 'zh-Hant' });
    await screen.findByRole('heading', { level: 1, name: puer.Title.zh });
    const option = optionOf(svipSession.Date);
    expect(option.textContent).toContain('SVIP 優先預訂');
    expect(option.textContent).toContain(hongKongDateTime(svipSession.SaleOpenAt).slice(0, 10));
  });
});
