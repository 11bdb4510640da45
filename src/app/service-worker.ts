import type { Store } from './store.ts';

/**
 * The service worker (src/sw/sw.ts, served as /sw.js: Workbox precaching, offline pages, Web Push) and
 * its updates (spec §4 "A service worker update triggers a refresh event"): a new build's worker installs
 * and waits; `updated` then turns true and the refresh notice shows (features/layout/VersionNotice.tsx).
 * Its Refresh calls refreshToNewVersion: the waiting worker takes over, and the page reloads once it has.
 * A worker that takes over without this page asking (another tab refreshed) also turns `updated` true.
 * Does nothing without service workers.
 */

/** The message src/sw/sw.ts answers with skipWaiting(). */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** How often an open page asks for a new worker (browsers check on navigations, which an SPA seldom makes). */
const UPDATE_CHECK_MS = 60 * 60_000;
/** How long Refresh waits for a new worker still installing before reloading anyway. */
const INSTALL_WAIT_MS = 10_000;

let refreshing = false;

export function registerServiceWorker(
  updated: Store<boolean>,
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
) {
  if (!container) return;
  let hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    // A page without a worker before (the first one's install) is not running an older version.
    if (!refreshing && hadController) updated.set(true);
    hadController = true;
  });
  container
    .register('/sw.js')
    .then((registration) => {
      // A worker waits to replace the one in control: a newer build is live.
      const offer = () => {
        if (registration.waiting && container.controller) updated.set(true);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer();
        });
      });
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch(() => {
      // Without a worker the shop works as before, only without offline pages and notifications.
    });
}

/** Resolves with the registration's waiting worker once `worker` has installed (or undefined if it does not). */
function installed(registration: ServiceWorkerRegistration, worker: ServiceWorker): Promise<ServiceWorker | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(registration.waiting ?? undefined), INSTALL_WAIT_MS);
    const done = () => {
      if (worker.state === 'installing') return;
      clearTimeout(timer);
      resolve(registration.waiting ?? undefined);
    };
    worker.addEventListener('statechange', done);
    done();
  });
}

/**
 * Refresh to the new version: the waiting worker (looked for once more, in case the server's version
 * changed before the browser noticed the new worker) is told to take over and the page reloads on
 * controllerchange; without one, the page reloads at once. Everything a member keeps on the server (the
 * bag) or in this browser's storage (the session, taste-card drafts, survey answers) is there after it.
 */
export async function refreshToNewVersion(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const registration = await container?.getRegistration().catch(() => undefined);
  if (!container || !registration || !container.controller) return reload();
  let waiting = registration.waiting;
  if (!waiting) {
    await registration.update().catch(() => undefined);
    const installing = registration.installing;
    waiting = installing ? ((await installed(registration, installing)) ?? null) : registration.waiting;
  }
  if (!waiting) return reload();
  refreshing = true;
  container.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage(SKIP_WAITING);
}
