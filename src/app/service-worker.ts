import type { Store } from './store.ts';

/**
 * Registers public/sw.js (push notifications) and watches for updates: `updated` turns true when a
 * new worker takes control of the page, i.e. a newer build is live (spec §4). Does nothing without
 * service workers.
 */
export function registerServiceWorker(
  updated: Store<boolean>,
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
) {
  if (!container) return;
  // The first worker also claims the page; only a replacement means a new version.
  const hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (hadController) updated.set(true);
  });
  container.register('/sw.js').catch(() => {
    // Without a worker the shop works as before, only without notifications.
  });
}
