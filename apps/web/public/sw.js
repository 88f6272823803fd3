/*
 * Substytut's service worker (issue 32): shows the board's Web Push alerts and opens the request
 * when one is clicked. It handles no fetches, so it never caches or serves a page. Registered at
 * the root scope from the dashboard's alerts page only (features/alerts/lib/push.ts); the server
 * sends this file with `Cache-Control: no-cache` so a new version is picked up at once.
 * A push message carries BoardPushPayload { title, body, url } (packages/shared contract/board.ts).
 */

const FALLBACK_URL = '/dashboard/board';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only a path of this site: a payload must never send the user elsewhere. */
function sameSitePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return FALLBACK_URL;
  return url;
}

function payloadOf(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Substytut';
  const url = sameSitePath(payload.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/favicon.svg',
      // One notification per request: a repeated alert replaces the earlier one.
      tag: url,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    sameSitePath(event.notification.data && event.notification.data.url),
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target.href);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    }),
  );
});
