import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.ts';
import { createAppServices } from '../../src/app/services.ts';
import { activateLocale, type Locale } from '../../src/i18n/i18n.ts';
import type { TestApp } from './test-app.ts';

/** Renders the whole SPA at a path, talking to a real server app in the same process (no network, no mocks). */
export async function renderApp(
  server: TestApp,
  path: string,
  options: { locale?: Locale; wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch } = {},
) {
  const fetch: typeof globalThis.fetch = async (input, init) =>
    server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
  const services = createAppServices({ fetch: options.wrapFetch ? options.wrapFetch(fetch) : fetch });
  services.preferences.setCurrency('HKD');
  if (options.locale) services.preferences.setLocale(options.locale);
  await activateLocale(options.locale ?? 'en');
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App services={services} router={router} />);
  return { ...view, services, router };
}
