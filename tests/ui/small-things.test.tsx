/**
 * Small things a customer met (issue 29, 5, 10 and 12), against the real server app in-process: the member home
 * welcomes a brand-new member ("Welcome, …") and welcomes back one who has been here ("Welcome back, …"), its
 * shortcuts share one type size; a search card with spaces left never shows the date of a full session; a tag's
 * page on a first visit asks for its product once, in the visitor's currency.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchAndFilterEvent, userLogin } from '../../contract/index.ts';
import { SEED_EVENT_IDS, SEED_EVENT_SOLD_OUT_SESSION } from '../../server/db/seed/event-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { NFC_TAGS } from '../../server/db/seed/nfc-data.ts';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.ts';
import { createAppServices } from '../../src/app/services.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { sessionWhen } from '../../src/ui/event-dates.ts';
import { eventMember, fromSeed, signIn } from '../support/event-bookings.ts';
import { freshClientAddress } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

describe('the member home’s greeting', () => {
  it('welcomes a brand-new member, not back', async () => {
    const member = await eventMember(server, { given_name: 'Wing Sze' });
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome, Wing Sze' })).toBeTruthy();
    // Still so once the guide and the tastings have loaded.
    await screen.findByText(/\d of \d done/);
    await screen.findByText('No tasting booked yet.');
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Wing Sze' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('welcomes back the demo member, who has shopped and tasted here', async () => {
    const demo = await server.call(userLogin, { email: demoMember.email, password: demoMember.password }, { 'x-forwarded-for': freshClientAddress() });
    const view = await renderApp(server, '/home');
    await signIn(view, demo);
    expect(await screen.findByRole('heading', { level: 2, name: `Welcome back, ${demoMember.name}` })).toBeTruthy();
  });
});

describe('the member home’s shortcuts', () => {
  /** The font-size a rule for exactly this selector sets in the stylesheet, if any. */
  const fontSizeRules = (css: string, selector: RegExp) =>
    [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, sel]) => selector.test(sel!.trim())).map(([, , body]) => /font(-size)?\s*:/.test(body!));

  it('are one type size: the button chips take the chips’ size, as the link chips do', () => {
    // The row mixes <button class="chip"> (Wishlist, My events) and <a class="chip"> (Drinks, …): no rule may size
    // the buttons apart from .chip (a `font: inherit` on button.chip set them in the body's size).
    const memberHome = readFileSync('src/features/shop/member-home.css', 'utf8');
    expect(fontSizeRules(memberHome, /(^|,\s*)(button\.chip|\.quick-actions button|nav\.quick-actions \.chip)\s*$/)).not.toContain(true);
  });
});

describe('a search card', () => {
  it('with spaces left shows no date of a full session', async () => {
    const { EventList } = await server.call(SearchAndFilterEvent, { Keyword: 'matcha', Currency: 'HKD', Size: 12 });
    const card = EventList.find((e) => e.EventID === SEED_EVENT_IDS.matchaWhisking)!;
    // The case the customer met: the next session full, later ones with spaces.
    expect(card.NextSession?.VarianceID).toBe(SEED_EVENT_SOLD_OUT_SESSION);
    expect(card.NextSession?.SpacesLeft).toBe(0);
    expect(card.SpacesLeft).toBeGreaterThan(0);

    await renderApp(server, '/search_result/matcha');
    const rail = await screen.findByRole('list', { name: 'Events matching “matcha”' });
    const item = within(rail).getByText(card.Title.en).closest('li')!;
    expect(item.textContent).toContain(`${card.SpacesLeft} spaces left`);
    expect(item.textContent).not.toContain(card.NextSession!.Date);
    expect(item.textContent).not.toContain(sessionWhen(card.NextSession!, 'en'));
    expect(item.textContent).toContain('Next date full · later dates have spaces');
  });
});

describe('a tag’s page on a first visit', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="sg-currency"]').forEach((m) => m.remove()));

  it('asks for its product once, in the visitor’s currency', async () => {
    // A visitor from abroad: the server wrote their default currency into the page; nothing chosen yet.
    const meta = Object.assign(document.createElement('meta'), { name: 'sg-currency', content: 'USD' });
    document.head.append(meta);
    const asked: string[] = [];
    const services = createAppServices({
      fetch: async (input, init) => {
        if (String(input).endsWith('/api/getNFC')) asked.push(String(init?.body));
        return server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
      },
    });
    await activateLocale('en');
    const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [`/nfc/${NFC_TAGS[0]!.id}`] }) });
    render(<App services={services} router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^From US\$/)).toBeTruthy());
    expect(asked.map((body) => JSON.parse(body))).toEqual([{ ID: NFC_TAGS[0]!.id, Currency: 'USD' }]);
  });
});
