import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// The Parley server (port 3000) serves the API, stored files and the sockets; in development
// Vite proxies those paths to it so the browser sees one origin, exactly as in production.
const target = process.env.PARLEY_SERVER_URL ?? 'http://localhost:3000';

/**
 * @parley/common builds its zod schemas at module level (`export const body = z.object(...)`). The
 * web needs almost none of them, but a bundler must keep any call it cannot prove pure, and with
 * them all of zod on the first page. Building a schema has no side effect: say so, and unused
 * schemas (and zod, unless Talk needs it) drop out.
 */
function pureZodSchemas(): Plugin {
  return {
    name: 'parley:pure-zod-schemas',
    transform(code, id) {
      if (!/[\\/]common[\\/]src[\\/].*\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
      // Every schema-building call, also those nested in another schema's fields.
      const annotated = code
        .replace(/(?<![\w.])z(?=\s*\.\s*\w+\s*\()/g, '/* @__PURE__ */ z')
        .replace(/(?<![\w.])(\w+(?:Schema|Field|Input|Body|Query|Event|Message|Status|Info))\.(?=(?:optional|nullable|extend|array|and|or)\()/g, '/* @__PURE__ */ $1.')
        // A field borrowed from another schema (`body.shape.content`): a read the bundler cannot prove harmless.
        .replace(/(?<![\w.])(\w+\.shape\.\w+)/g, '/* @__PURE__ */ (() => $1)()');
      return { code: annotated, map: null };
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    pureZodSchemas(),
    react(),
    tailwindcss(),
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
        navigateFallbackDenylist: [/^\/api\//, /^\/functions\//, /^\/storage\//],
        // Vite's hashes are 8 url-safe base64 characters: those URLs never need cache-busting.
        dontCacheBustURLsMatching: /-[\w-]{8}\./,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        importScripts: ['/sw-notify.js'],
        runtimeCaching: [
          {
            // The session, profile, conversation list and messages: the network when it answers,
            // the last copy when it does not (offline, read only). Never the socket. (Workbox copies
            // this function's source into the service worker: it must not use outer variables.)
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin && request.method === 'GET' && /^\/api\/(auth\/session|profile|chats)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'parley-api',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
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
    rolldownOptions: {
      output: {
        // React and the router change less often than the app and are needed on every page: one
        // chunk that stays cached. Everything else is split by the lazy screens that use it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // @parley/common's module-level schemas pull zod in; it changes rarely, so it caches apart.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Talk's socket protocol is the one place the browser parses with zod: keep it (and so
            // zod) off the first page, where the common index would otherwise place it.
            { name: 'voice-protocol', test: /common[\\/]src[\\/]voice\.ts$/ },
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
