import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeout, CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../src/app/lazy-screen.ts';
import { createPageHistory } from '../../src/app/page-history.ts';
import { createAppServices } from '../../src/app/services.ts';
import { getProduct } from '../../contract/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { renderApp } from '../support/render-app.tsx';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('the app shell', () => {
  it('sends / to /home and shows the landing view with data from the server', async () => {
    const { router } = await renderApp(server, '/');
    expect(await screen.findByRole('heading', { name: 'Shop by type' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getAllByRole('link', { name: /Long Jing/ }).length).toBeGreaterThan(0);
  });

  it('closes every open popup on navigation', async () => {
    const user = userEvent.setup();
    const { router, services } = await renderApp(server, '/home');
    await screen.findByRole('heading', { name: 'Shop by type' });
    await user.click(screen.getByRole('button', { name: 'Language' }));
    expect(await screen.findByRole('dialog', { name: 'Language' })).toBeTruthy();
    await act(() => router.navigate({ to: '/about' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.popups.get()).toEqual([]);
  });

  it('switches the language of both the interface and the server content', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/product/tea-tieguanyin');
    await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByText('繁體中文'));
    expect(await screen.findByRole('heading', { level: 1, name: '安溪鐵觀音' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-Hant');
  });

  it('shows the global loader while a request is pending', async () => {
    const { services } = await renderApp(server, '/home');
    await screen.findByRole('heading', { name: 'Shop by type' });
    const loader = document.querySelector('.global-loader')!;
    await waitFor(() => expect(loader.getAttribute('data-active')).toBe('false'));
    let pending!: Promise<unknown>;
    act(() => {
      pending = services.api.call(getProduct, { Currency: 'HKD', ProductID: 'tea-tieguanyin' });
    });
    expect(loader.getAttribute('data-active')).toBe('true');
    await act(() => pending);
    expect(loader.getAttribute('data-active')).toBe('false');
  });
});

describe('the central error handler', () => {
  const failing = (status: number, code: string) =>
    createAppServices({
      fetch: async () => new Response(JSON.stringify({ result: false, ErrorCode: code, message: `server says ${code}` }), { status }),
    });

  it('opens the error popup for a whitelisted code', async () => {
    const services = failing(400, 'OutOfStock');
    await services.queryClient.fetchQuery({ queryKey: ['x'], queryFn: () => services.api.call(getProduct, { Currency: 'HKD', ProductID: 'x' }) }).catch(() => {});
    expect(services.popups.get()).toMatchObject([{ name: 'error', props: { code: 'OutOfStock', reason: 'server says OutOfStock' } }]);
  });

  it('stays silent for other codes and for callers that handle errors themselves', async () => {
    const other = failing(400, 'ObjectNotFound');
    await other.queryClient.fetchQuery({ queryKey: ['x'], queryFn: () => other.api.call(getProduct, { Currency: 'HKD', ProductID: 'x' }) }).catch(() => {});
    expect(other.popups.get()).toEqual([]);
    const handled = failing(400, 'PaymentFail');
    await handled.queryClient
      .fetchQuery({ queryKey: ['x'], meta: { handlesErrors: true }, queryFn: () => handled.api.call(getProduct, { Currency: 'HKD', ProductID: 'x' }) })
      .catch(() => {});
    expect(handled.popups.get()).toEqual([]);
  });

  it('reads a response without a result flag as Unknown error', async () => {
    const services = createAppServices({ fetch: async () => new Response('{}', { status: 200 }) });
    await expect(services.api.call(getProduct, { Currency: 'HKD', ProductID: 'x' })).rejects.toMatchObject({ code: 'UnknownError' });
  });
});

describe('page history', () => {
  it('keeps the last 5 pages and returns to the newest one not flagged skip-from-redirect', () => {
    const history = createPageHistory();
    expect(history.redirectTarget()).toBe('/home');
    for (const href of ['/a', '/b', '/c', '/d', '/e', '/f']) history.record({ href, skipFromRedirect: false });
    history.record({ href: '/verify_success', skipFromRedirect: true });
    expect(history.get().map((p) => p.href)).toEqual(['/c', '/d', '/e', '/f', '/verify_success']);
    expect(history.redirectTarget()).toBe('/f');
  });
});

describe('screen chunks', () => {
  it('fail with a time-out after 120 seconds', async () => {
    vi.useFakeTimers();
    try {
      const never = withTimeout(new Promise(() => {}), CHUNK_LOAD_TIMEOUT_MS);
      const outcome = never.catch((e: unknown) => e);
      vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
      await Promise.resolve();
      vi.advanceTimersByTime(1);
      expect(await outcome).toBeInstanceOf(ChunkLoadTimeout);
    } finally {
      vi.useRealTimers();
    }
  });
});
