/* Sip & Gather service worker: Web Push notifications (spec §3) and updates (spec §4). */

// A new version takes over at once; the page hears `controllerchange` and offers a refresh.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Sip & Gather';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : undefined,
      data: { url: typeof data.url === 'string' && data.url ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === url) ?? windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (same) {
        await same.focus();
        if (same.url !== url && 'navigate' in same) await same.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
