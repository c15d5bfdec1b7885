import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { VAD_ASSET_BASE, vadAssets } from './vadAssets.ts';

// The Parley server (port 3000) serves the API, stored files and the sockets; in development
// Vite proxies those paths to it so the browser sees one origin, exactly as in production.
const target = process.env.PARLEY_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    vadAssets(),
    VitePWA({
      // Registered from the app (lib/serviceWorker.ts) once the page is idle, not by an injected script.
      injectRegister: null,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Parley',
        short_name: 'Parley',
        description: 'Chat, scan and talk with anyone, each in their own language.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole app shell, lazily loaded screens included, so the app opens with no network.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // '/' is not index.html here: fetching / (lib/serviceWorker.ts keeps the signed-in page) must reach the server.
        directoryIndex: '',
        // / is answered below: the list as the server last drew it for this user, at once.
        navigateFallbackDenylist: [/^\/api\//, /^\/functions\//, /^\/storage\//, /^\/(\?.*)?$/],
        // Vite's hashes are 8 url-safe base64 characters: those URLs never need cache-busting.
        dontCacheBustURLsMatching: /-[\w-]{8}\./,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        importScripts: ['/sw-notify.js'],
        runtimeCaching: [
          {
            // Opening the app (/): the server's page, never a copy (it is personal and `no-store`: a copy drew the
            // previous user's name after a sign-out elsewhere). Offline: the precached app shell, which draws
            // this device's last list (lib/lastSeen.ts) until the network is back.
            urlPattern: ({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && url.pathname === '/',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
          {
            // The profile, conversation list and messages: the network when it answers, the last copy when it
            // does not (offline, read only), deleted when the session ends. Never /api/auth (the session's
            // answer must be the server's), never the socket. (Workbox copies this function's source into the
            // service worker: it must not use outer variables.)
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin && request.method === 'GET' && /^\/api\/(profile|chats)(\/|$)/.test(url.pathname) && !/\/media\//.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'parley-api',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Photos and recordings of a conversation never change under their id: kept once seen
            // (readable offline), answered in ranges for <audio>; deleted at sign-out like the above.
            urlPattern: ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && /^\/api\/chats\/[^/]+\/media\//.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'parley-media', rangeRequests: true, expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 }, cacheableResponse: { statuses: [200] } },
          },
          {
            // Calls' voice activity detector (model and WebAssembly, ~12 MB; vadAssets.ts): not precached, kept once a
            // first call has loaded it. The folder's name carries the versions, so a copy is never stale.
            // (Same-origin: Workbox matches a RegExp anywhere in the URL.)
            urlPattern: new RegExp(`${VAD_ASSET_BASE.replace(/[.]/g, '\\.')}[^/]+\\.(onnx|wasm|mjs)$`),
            handler: 'CacheFirst',
            options: { cacheName: 'parley-vad', expiration: { maxEntries: 8 }, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/storage/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'parley-files', expiration: { maxEntries: 100 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server reads the signed-in chunks' names from it (modulepreload on a signed-in visit).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app and are needed on every page: one
        // chunk that stays cached. Everything else is split by the lazy screens that use it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // Only Talk imports the @parley/common index (and with it zod); it changes rarely, so it caches apart.
            // (The sign-in screen and the signed-in app import common's light entry points, without zod.)
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false, ws: true },
      '/storage': { target, changeOrigin: false },
      '/functions': { target, changeOrigin: false, ws: true },
    },
  },
});
