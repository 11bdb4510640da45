/// <reference lib="webworker" />
/**
 * The shop's service worker, served as /sw.js (no-cache: a new build is found at once) and bundled with
 * Workbox at build time (build/service-worker.ts), which also writes the precache list into it.
 *
 * - Precached (cache-first): the build's hashed /assets/* (flow tools aside), the offline page, the icons and
 *   the web app manifest. Old builds' entries are removed once a new worker takes over.
 * - Static routing where the browser has it: /assets/* from the caches without this script (below).
 * - Navigations: network first (with navigation preload), each page kept as it came (for a visited page offline); without network
 *   and without a kept copy, the offline page. The page that installs the first worker is not taken over:
 *   pages opened from then on are.
 * - /api/* never goes through a cache (no route matches it: the browser fetches it as usual). What a page showed
 *   is kept by the page itself, sealed, for offline (src/app/kept-answers.ts).
 * - /media/* (artwork, product and post pictures): stale-while-revalidate, a bounded cache.
 * - Updates (spec §4): a new worker waits; the page's refresh notice asks it to take over (SKIP_WAITING),
 *   then reloads on controllerchange (src/app/service-worker.ts).
 * - Web Push (spec §3): shows the notification; a click focuses a window of the shop on the notification's
 *   page, or opens one.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The page shown for a navigation that neither the network nor the pages cache can answer. */
const OFFLINE_PAGE = '/offline.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const pages = new NetworkFirst({
  cacheName: 'sg-pages',
  plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * 24 * 3600 })],
});
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }, { denylist: [/^\/api\//, /^\/media\//] }),
);

/** InstallEvent.addRoutes (ServiceWorker static routing: Chromium 123 and later; not in TypeScript's lib yet). */
type StaticRoutes = (rules: Array<{ condition: { urlPattern: string }; source: 'cache' | 'network' }>) => Promise<void>;

self.addEventListener('install', (event) => {
  // The build's files from the caches without running this script: a page opened with this worker in control
  // asks for 30-40 of them, and each went through the fetch handler below and Workbox's precache lookup on the
  // worker's one thread. On the bench's phone a page then took 80-180 ms longer to its heading than with no worker
  // (issue 30). A file not in the caches (another build's, the flow tools') goes to the network. Browsers
  // without static routing keep the routes below.
  const addRoutes = (event as ExtendableEvent & { addRoutes?: StaticRoutes }).addRoutes;
  if (typeof addRoutes === 'function') {
    event.waitUntil(addRoutes.call(event, [{ condition: { urlPattern: '/assets/*' }, source: 'cache' }]).catch(() => undefined));
  }
});

self.addEventListener('activate', (event) => {
  // Navigations are network first: the browser asks for the page while the worker starts, and the
  // strategy takes that answer (Workbox reads event.preloadResponse).
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable().catch(() => undefined));
});

// Hashed build files that are not precached (the flow tools' chunks): kept once fetched, where the browser
// has no static routing.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'sg-assets', plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * 24 * 3600 })] }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/media/') && request.method === 'GET',
  new StaleWhileRevalidate({ cacheName: 'sg-media', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// No clients.claim(): the page that installed the first worker stays as it loaded (its requests go
// straight to the network), and the next page it opens is the worker's. A replacement waits (above).

interface PushData {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  lang?: unknown;
  tag?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

self.addEventListener('push', (event) => {
  let data: PushData = {};
  try {
    data = (event.data?.json() as PushData | null) ?? {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const options: NotificationOptions = {
    body: text(data.body),
    data: { url: text(data.url) ?? '/' },
    icon: '/icons/icon-192.png',
  };
  const lang = text(data.lang);
  if (lang) options.lang = lang;
  const tag = text(data.tag);
  if (tag) options.tag = tag;
  event.waitUntil(self.registration.showNotification(text(data.title) ?? 'Sip & Gather', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = text((event.notification.data as { url?: unknown } | null)?.url) ?? '/';
  const target = new URL(path, self.location.origin);
  // Only the shop's own pages.
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === url) ?? windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (same) {
        const focused = await same.focus();
        if (focused.url === url) return;
        // navigate() works for the windows this worker controls; another is left as it is and the page opens anew.
        if (await focused.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
