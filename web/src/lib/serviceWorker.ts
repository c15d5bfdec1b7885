/** The service worker's cache of API answers for offline reading (vite.config.ts, runtimeCaching). */
export const OFFLINE_API_CACHE = 'parley-api';
/** Photos and recordings of conversations (vite.config.ts); deleted with the API cache at sign-out. */
export const OFFLINE_MEDIA_CACHE = 'parley-media';
/** Where earlier versions kept the signed-in / (never again: it is `no-store`); still deleted at sign-out. */
export const OFFLINE_PAGE_CACHE = 'parley-pages';

/** Run `task` once the page has loaded and the main thread is idle, so it never competes with the first paint. */
export function whenIdle(task: () => void, timeout = 3000): void {
  const schedule = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => task(), { timeout }) : setTimeout(task, 200);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/**
 * Register the generated service worker (precached app shell, offline reads, notification clicks).
 * Called once a user is signed in: a first visit to /auth downloads nothing beyond its own page.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Service worker not registered', error));
  });
}

/** Sign-out, or a session found ended: the next person on this device must not read the previous one's conversations. */
export function forgetOfflineData(): void {
  if (typeof caches !== 'undefined') {
    for (const name of [OFFLINE_API_CACHE, OFFLINE_MEDIA_CACHE, OFFLINE_PAGE_CACHE]) void caches.delete(name).catch(() => undefined);
  }
}

/**
 * Store `body` as the offline copy of GET `path` (what the service worker answers with no
 * network). Messages that came over the socket were never fetched, so the page writes them here.
 */
export function keepForOffline(path: string, body: unknown): void {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return;
  const url = new URL(path, window.location.origin).href;
  const json = JSON.stringify(body);
  // One write at a time, in order: a slow older write never lands after a newer one.
  writes = writes
    .then(async () => (await caches.open(OFFLINE_API_CACHE)).put(url, new Response(json, { headers: { 'content-type': 'application/json; charset=utf-8' } })))
    .catch(() => undefined);
}

let writes: Promise<void> = Promise.resolve();
