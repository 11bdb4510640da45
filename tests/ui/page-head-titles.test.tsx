/**
 * The title the server writes into a page's HTML before any script runs (server/http/page-head.ts)
 * is the one the SPA then gives the page itself (src/app/page-title.tsx), in English: the server's
 * route table mirrors src/routes, and this keeps the two from drifting apart.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { act, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { pageHead } from '../../server/http/page-head.ts';
import { createPageFacts } from '../../server/services/page-facts.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

/** Pages a visitor reaches as they are (member-only pages send a visitor home first). */
const PAGES = [
  '/home',
  '/product/tea-tieguanyin',
  '/product/no-such-tea',
  '/event/evt-islay-whisky',
  '/event/evt-no-such-event',
  '/new_in',
  '/new_in/coffee',
  '/new_in/no-such-type',
  '/search_result/oolong',
  '/search_result/%E7%83%8F%E9%BE%8D',
  '/search_result',
  '/about',
  '/daily_sip/select_product',
  '/faq',
  '/privacy_policy',
  '/payment_fail',
  '/reset_password',
  '/verify_sign_up',
  '/verify_success',
  '/b2b_enquiry',
  '/nfc/nfc_g2trzncetv',
  '/nfc/nfc_nosuchtag',
  '/newsletter/confirm?token=no-such-token-0123456789',
  '/newsletter/unsubscribe',
  '/no-such-page',
  '/testing',
];

describe('the server’s page titles', () => {
  it.each(PAGES)('%s: the SPA gives the page the title the server wrote', async (path) => {
    const facts = createPageFacts(server.deps);
    const { head } = await pageHead(path.split('?')[0]!, facts, { publicUrl: 'http://shop.test', flowTools: true });
    const view = await renderApp(server, path);
    await waitFor(() => expect(document.title).toBe(head.title));
    // The status follows the SPA's not-found page.
    const notFound = view.router.state.matches.some((m) => m.status === 'notFound' || m._notFound);
    expect(head.status).toBe(notFound ? 404 : 200);
  });
});

/** Member pages (the taste card flow), reached signed in. */
const MEMBER_PAGES = ['/taste_card/select_product', '/taste_card/steps?productID=tea-tieguanyin', '/new_tastecard/tea-tieguanyin', '/taste_card/success?cardID=no-such-card'];

describe('the server’s titles of the taste card pages', () => {
  async function signedIn() {
    const m = await shopper(server, { address: false });
    await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, m.userId));
    const view = await renderApp(server, '/home');
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens: m }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeDefined());
    return view;
  }

  it.each(MEMBER_PAGES)('%s: the SPA gives the page the title the server wrote', async (path) => {
    const { head } = await pageHead(path.split('?')[0]!, createPageFacts(server.deps), { publicUrl: 'http://shop.test', flowTools: true });
    expect(head.status).toBe(200);
    const view = await signedIn();
    await act(() => view.router.history.push(path));
    await waitFor(() => expect(document.title).toBe(head.title));
  });

  it('/new_tastecard: the server writes its route’s title (the SPA goes on to choosing the drink at once)', async () => {
    const { head } = await pageHead('/new_tastecard', createPageFacts(server.deps), { publicUrl: 'http://shop.test', flowTools: true });
    const view = await signedIn();
    const title = view.router.routesById['/new_tastecard/{-$productID}'].options.staticData?.title as MessageDescriptor;
    expect(head).toMatchObject({ status: 200, title: `${i18n._(title)} · Sip & Gather` });
  });
});

/** Results pages: the server paints what the SPA then renders first (no layout shift at the swap). */
const SEARCH_PAGES = ['/search_result/oolong', '/search_result/%E7%83%8F%E9%BE%8D', '/search_result', '/search_result/zzqxvwk'];

describe('the server’s first paint of search results', () => {
  it.each(SEARCH_PAGES)('%s: heading, count, first row of cards (names, prices, links) or empty state as the SPA renders them', async (path) => {
    const facts = createPageFacts(server.deps);
    const { head } = await pageHead(path, facts, { publicUrl: 'http://shop.test', flowTools: true }, { currency: 'HKD' });
    const shell = document.createElement('div');
    shell.innerHTML = head.shell;
    const view = await renderApp(server, path);
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    const page = view.container.querySelector('.search-results')!;
    await waitFor(() => expect(page.querySelector('.toolbar p')?.textContent).toBeTruthy(), { timeout: 10_000 });
    expect(shell.querySelector('h1')?.textContent).toBe(heading.textContent);
    expect(shell.querySelector('.toolbar p')?.textContent).toBe(page.querySelector('.toolbar p')?.textContent);
    const cards = (root: Element) =>
      [...root.querySelectorAll('.product-card')].slice(0, 4).map((card) => ({
        href: card.querySelector('a')?.getAttribute('href'),
        name: card.querySelector('.product-card-name')?.textContent,
        meta: card.querySelector('.product-card-meta')?.textContent,
        src: card.querySelector('img')?.getAttribute('src'),
        priority: card.querySelector('img')?.getAttribute('fetchpriority') ?? null,
        loading: card.querySelector('img')?.getAttribute('loading'),
      }));
    expect(cards(shell).length > 0).toBe(!path.endsWith('zzqxvwk'));
    expect(cards(shell)).toEqual(cards(page));
    expect(shell.querySelector('.empty-state')?.textContent).toBe(page.querySelector('.empty-state')?.textContent);
    view.unmount();
  });
});
