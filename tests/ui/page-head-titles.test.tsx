/**
 * The title the server writes into a page's HTML before any script runs (server/http/page-head.ts)
 * is the one the SPA then gives the page itself (src/app/page-title.tsx), in English: the server's
 * route table mirrors src/routes, and this keeps the two from drifting apart.
 */
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHead } from '../../server/http/page-head.ts';
import { createPageFacts } from '../../server/services/page-facts.ts';
import { renderApp } from '../support/render-app.tsx';
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
  '/faq',
  '/privacy_policy',
  '/payment_fail',
  '/reset_password',
  '/verify_sign_up',
  '/verify_success',
  '/no-such-page',
  '/testing',
];

describe('the server’s page titles', () => {
  it.each(PAGES)('%s: the SPA gives the page the title the server wrote', async (path) => {
    const facts = createPageFacts(server.deps);
    const { head } = await pageHead(path, facts, { publicUrl: 'http://shop.test', flowTools: true });
    const view = await renderApp(server, path);
    await waitFor(() => expect(document.title).toBe(head.title));
    // The status follows the SPA's not-found page.
    const notFound = view.router.state.matches.some((m) => m.status === 'notFound' || m._notFound);
    expect(head.status).toBe(notFound ? 404 : 200);
  });
});
