/* global self, caches */
// A new version of the app is taking over: the page kept for opening / (vite.config.ts, parley-pages)
// names the old version's files, so it goes; the next visit fetches and keeps a new one.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete('parley-pages'));
});

// Imported by the generated service worker (vite-plugin-pwa, importScripts): a click on a
// new-message notification focuses an open Parley tab and opens that conversation, or opens a
// new window on /chat/:roomId when none is open.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const roomId = event.notification.data && event.notification.data.roomId;
  const url = roomId ? `/chat/${encodeURIComponent(roomId)}` : '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const tab = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!tab) return self.clients.openWindow(url);
      await tab.focus();
      tab.postMessage({ type: 'parley:open-chat', roomId });
      return tab;
    }),
  );
});
