/** The service worker's cache of API answers for offline reading (vite.config.ts, runtimeCaching). */
export const OFFLINE_API_CACHE = 'parley-api';
/** Photos and recordings of conversations (vite.config.ts); deleted with the API cache at sign-out. */
export const OFFLINE_MEDIA_CACHE = 'parley-media';
/** The signed-in / as the server drew it (vite.config.ts): opening the app paints it at once. */
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
    // The visit that installed the worker came from the network: keep its page for the next opening.
    void navigator.serviceWorker.ready.then(keepListPage).catch((error: unknown) => console.warn('The list page is not kept for offline', error));
  });
}

/** Sign-out: the next person on this device must not read the previous one's conversations offline. */
export function forgetOfflineData(): void {
  if (typeof caches !== 'undefined') {
    for (const name of [OFFLINE_API_CACHE, OFFLINE_MEDIA_CACHE, OFFLINE_PAGE_CACHE]) void caches.delete(name).catch(() => undefined);
  }
}

/** Put the signed-in / in the worker's page cache when it has none yet (every later opening refreshes it). */
async function keepListPage(registration: ServiceWorkerRegistration): Promise<void> {
  // An activating worker empties this cache (public/sw-notify.js): add only once it is done.
  const worker = registration.active;
  if (worker && worker.state !== 'activated') {
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  }
  const cache = await caches.open(OFFLINE_PAGE_CACHE);
  if (!(await cache.match('/', { ignoreVary: true }))) await cache.add('/');
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
