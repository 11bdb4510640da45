import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.ts';
import type { KeptAnswers } from '../../src/app/kept-answers.ts';
import { createAppServices } from '../../src/app/services.ts';
import { activateLocale, type Locale } from '../../src/i18n/i18n.ts';
import type { TestApp } from './test-app.ts';

/** A Storage kept in memory, to share between two apps of one test (see renderApp's `storage`). */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** Renders the whole SPA at a path, talking to a real server app in the same process (no network, no mocks). */
export async function renderApp(
  server: TestApp,
  path: string,
  options: {
    locale?: Locale;
    wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
    /**
     * The browser's local and session storage, to hand to a second app as a page load that comes
     * back (from a third-party login) would find them; each app has fresh memory storage otherwise.
     */
    storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
    sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
    /** Answers kept for offline, as the browser's app has (src/main.tsx); none otherwise. */
    keptAnswers?: KeptAnswers;
  } = {},
) {
  const fetch: typeof globalThis.fetch = async (input, init) =>
    server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
  const services = createAppServices({
    fetch: options.wrapFetch ? options.wrapFetch(fetch) : fetch,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.sessionStorage ? { sessionStorage: options.sessionStorage } : {}),
    ...(options.keptAnswers ? { keptAnswers: () => Promise.resolve(options.keptAnswers) } : {}),
  });
  services.preferences.setCurrency('HKD');
  if (options.locale) services.preferences.setLocale(options.locale);
  await activateLocale(options.locale ?? 'en');
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App services={services} router={router} />);
  return { ...view, services, router };
}
