/* global self, caches */
// A new version of the app is taking over: the page kept for opening / (vite.config.ts, parley-pages)
// names the old version's files, so it goes; the next visit fetches and keeps a new one.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete('parley-pages'));
});

// Web push (server/src/push): the payload is {v, kind, roomId, title, body, tag, messageId?}, already in the
// reader's language. One notification per conversation (tag): a newer one replaces it and rings again.
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    return;
  }
  if (!data || typeof data.title !== 'string') return;
  // An edit or a delete for everyone: rewrite the notification only while it still shows that message, quietly.
  if (data.kind === 'message_changed') {
    event.waitUntil(
      self.registration.getNotifications({ tag: data.tag }).then((shown) => {
        const current = shown.find((n) => n.data && n.data.messageId === data.messageId);
        if (!current) return undefined;
        return self.registration.showNotification(data.title, {
          body: typeof data.body === 'string' ? data.body : '',
          tag: data.tag,
          renotify: false,
          silent: true,
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          data: { ...current.data },
        });
      }),
    );
    return;
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      renotify: typeof data.tag === 'string',
      // A ringing call stays on screen until answered from the app or dismissed (the missed-call push replaces it).
      requireInteraction: data.kind === 'incoming_call',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { roomId: typeof data.roomId === 'string' ? data.roomId : null, kind: data.kind, messageId: data.messageId },
    }),
  );
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
      await tab.focus().catch(() => undefined);
      tab.postMessage({ type: 'parley:open-chat', roomId });
      return tab;
    }),
  );
});
