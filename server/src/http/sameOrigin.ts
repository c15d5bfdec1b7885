import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-authenticated APIs (OWASP's CSRF cheat sheet: verify
 * the source origin with standard headers). A state-changing request must come from our own
 * origin: browsers send Sec-Fetch-Site and/or Origin on every such request, so one that carries
 * the session cookie but neither header is refused too; it cannot be checked, and only a
 * non-browser client (which can send `Origin`) or an old or privacy-stripped browser sends it.
 * Requests without the session cookie carry no ambient authority and are left alone; so are bearer calls (API
 * tokens) without it.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (publicUrl) return origin !== publicUrl;
  const host = request.headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function installSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined, sessionCookieName: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // An API token in the Authorization header is never sent by a browser on its own (no ambient authority), so a
    // bearer call without the session cookie has no CSRF surface: any origin may make it (issue 35 item 2).
    const bearer = /^Bearer /i.test(request.headers.authorization ?? '');
    if (bearer && request.cookies[sessionCookieName] === undefined) return;
    // An incoming webhook's URL (webhooks/): its secret is its credential, nothing ambient rides on it.
    if (request.url.startsWith('/api/hooks/')) return;
    if (isCrossSite(request, publicUrl)) {
      throw new AppError(403, 'forbidden_origin', 'Cross-site request refused');
    }
    const unverifiable = !request.headers.origin && !request.headers['sec-fetch-site'];
    if (unverifiable && request.cookies[sessionCookieName] !== undefined) {
      throw new AppError(403, 'forbidden_origin', 'Requests with a session cookie must send an Origin header');
    }
  });
}
