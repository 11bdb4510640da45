/**
 * One main landmark per page (issue 29, 12): the layout's <main> holds every screen, so a screen that drew its
 * own <main> gave a screen reader two. The inspiration screens were the ones that did.
 */
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInspiration } from '../../contract/index.ts';
import { inspirationId } from '../../server/db/seed/inspiration-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('main landmarks', () => {
  it('a post page and the inspiration list have exactly one', async () => {
    const id = inspirationId(1, 1);
    const post = (await server.call(getUserInspiration, { InspirationID: id })).Inspiration;
    const view = await renderApp(server, `/inspiration/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: post.Title })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    view.unmount();

    await renderApp(server, '/inspiration');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
