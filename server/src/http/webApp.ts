import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SESSION_ENDED_COOKIE, STORAGE_PREFIX } from '@parley/common';
import { errorBody } from './errors.ts';
import type { makeSignedInPage } from '../webPage.ts';

/** Files under assets/ carry a content hash in their name: they never change, so cache them for a year. */
export function webCacheControl(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The built SPA at /, with index.html for client-side routes (the 404 page is client-side), except
 * /auth: auth.html is the same page with the sign-in screen prerendered and its styles inlined (the
 * first thing a new visitor sees paints without waiting for scripts; web/scripts/prerender.mjs).
 * The build writes .br and .gz next to each text file; preCompressed picks one by Accept-Encoding
 * (with Vary: Accept-Encoding). The HTML pages, the service worker and the manifest are `no-cache`
 * (revalidated by ETag on every visit), so a deploy is picked up at once.
 */
export function serveWebApp(app: FastifyInstance, distDir: string, sendSignedInPage: ReturnType<typeof makeSignedInPage>, cookieName: string): void {
  const indexHtml = path.join(distDir, 'index.html');
  const authHtml = path.join(distDir, 'auth.html');
  if (existsSync(indexHtml)) {
    void app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      preCompressed: true,
      // / goes through the not-found handler below, like every client-side route (a signed-in visit gets its own
      // page; without this, `send` refused the directory with a 403 when no compression was accepted).
      index: false,
      allowedPath: (pathname) => pathname !== '/',
      // dist/.vite (the build manifest) and dist/.ssr (the server render) are the server's, not the browser's.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('cache-control', webCacheControl(distDir, filePath)),
    });
  }
  else app.log.warn(`web app not built (${indexHtml} missing): run npm run build`);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old chunk after a deploy) is a 404, never the page as JavaScript.
    const isApi = url.startsWith('/api/') || url.startsWith('/functions/') || url.startsWith(`${STORAGE_PREFIX}/`) || url.startsWith('/assets/');
    if (request.method === 'GET' && url === '/auth' && existsSync(authHtml)) return reply.sendFile('auth.html', distDir);
    // The list or a conversation opened with a live session: the page with its chunks and first data.
    if (request.method === 'GET' && (url === '/' || /^\/chat\/[^/]+$/.test(url)) && await sendSignedInPage(request, reply)) return reply;
    // / or a conversation with a session cookie that is no longer live (signed out elsewhere, expired): a cookie
    // the page can read tells the app to forget what it kept of that session before drawing anything
    // (web/src/features/auth/AuthProvider.tsx); the precached index.html, served offline, has no such signal.
    if (request.method === 'GET' && (url === '/' || /^\/chat\/[^/]+$/.test(url)) && request.cookies[cookieName] !== undefined) {
      void reply.setCookie(SESSION_ENDED_COOKIE, '1', { path: '/', sameSite: 'lax' });
    }
    if (request.method === 'GET' && !isApi && existsSync(indexHtml)) return reply.sendFile('index.html', distDir);
    return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${url}`));
  });
}
