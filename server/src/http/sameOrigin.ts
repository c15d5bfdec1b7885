import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-authenticated APIs: a state-changing request must
 * come from our own origin. Browsers send Sec-Fetch-Site and Origin on such requests; a
 * request with neither is not from a browser (curl, tests) and carries no ambient cookie risk.
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

export function installSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request, publicUrl)) {
      throw new AppError(403, 'forbidden_origin', 'Cross-site request refused');
    }
  });
}
