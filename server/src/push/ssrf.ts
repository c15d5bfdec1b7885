import { AppError } from '../http/errors.ts';
import { judgeOutboundUrl } from '../platform/outbound.ts';

export { isPublicAddress, parseAllowedOrigins } from '../platform/outbound.ts';

/**
 * Push endpoints against server-side request forgery: the server POSTs to whatever URL a browser registered, so
 * an endpoint must pass the outbound guard (platform/outbound.ts: https on public unicast addresses), unless its
 * origin is one the operator allowed (PUSH_ALLOWED_ORIGINS: a push service on their own network, a test's local
 * one). Checked here at registration and again at each connection (sender.ts dials through publicOnlyLookup).
 */

/** Refuse an endpoint this server must not call; resolves its host name (all its addresses must be public). */
export async function checkEndpoint(endpoint: string, allowed: ReadonlySet<string>, resolve?: (host: string) => Promise<string[]>): Promise<void> {
  const refusal = await judgeOutboundUrl(endpoint, { allowedOrigins: allowed, ...(resolve ? { resolve } : {}) });
  if (refusal === 'invalid') throw new AppError(400, 'push_endpoint_invalid', 'endpoint: a push endpoint must be an https URL');
  if (refusal === 'unresolvable') throw new AppError(400, 'push_endpoint_not_allowed', 'endpoint: the push service\'s host name does not resolve');
  if (refusal === 'not_public') throw new AppError(400, 'push_endpoint_not_allowed', 'endpoint: push endpoints must be on a public address');
}
