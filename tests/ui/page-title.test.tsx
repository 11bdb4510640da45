/**
 * Every page has its own document title (WCAG 2.4.2), in the active language, and the new title is
 * announced after each navigation of the single-page app.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { renderApp } from '../support/render-app.tsx';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const announcer = () => screen.getByTestId('page-title-announcer');

describe('page titles', () => {
  it('names each page, from its data where it has some, and announces the new title on navigation only', async () => {
    const { router } = await renderApp(server, '/home');
    await screen.findByRole('heading', { name: 'Shop by type' });
    await waitFor(() => expect(document.title).toBe('Tea, coffee, incense and spirits · Sip & Gather'));
    expect(announcer().textContent).toBe('');

    await act(() => router.navigate({ to: '/product/$productID', params: { productID: 'tea-tieguanyin' } }));
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
    await waitFor(() => expect(document.title).toBe('Anxi Tieguanyin · Sip & Gather'));
    expect(announcer().textContent).toBe('Anxi Tieguanyin · Sip & Gather');

    await act(() => router.navigate({ to: '/search_result/{-$keyword}', params: { keyword: 'oolong' } }));
    await waitFor(() => expect(document.title).toBe('Search results for “oolong” · Sip & Gather'));

    await act(() => router.navigate({ to: '/about' }));
    await waitFor(() => expect(document.title).not.toMatch(/^Search/));
    expect(document.title).toMatch(/^.+ · Sip & Gather$/);
    expect(announcer().textContent).toBe(document.title);

    await act(() => router.navigate({ to: '/new_in/{-$productTypeID}', params: { productTypeID: undefined } }));
    await waitFor(() => expect(document.title).toBe('New in · Sip & Gather'));

    await act(() => router.navigate({ href: '/no/such/page' }));
    await waitFor(() => expect(document.title).toBe('Page not found · Sip & Gather'));
  });

  it('follows the language', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/product/tea-tieguanyin');
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByText('繁體中文'));
    await waitFor(() => expect(document.title).toBe('安溪鐵觀音 · Sip & Gather'));
  });
});
