import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { parseRetryAfter } from '../platform/http.ts';
import { publicOnlyLookup } from '../platform/outbound.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message with the same topic (at most 32 base64url characters); none: kept apart. */
  topic?: string | undefined;
}

export type PushResult =
  | { kind: 'sent'; status: number }
  /** 404/410: the subscription is gone for good. */
  | { kind: 'gone'; status: number }
  /** 429/5xx or the network: try again, not before retryAfterMs when the service said. */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | undefined; reason: string }
  /** Another 4xx (bad request, a VAPID key the service refuses, too large): retrying cannot help. */
  | { kind: 'refused'; status: number; reason: string };

/**
 * One push (RFC 8030) with an aes128gcm-encrypted payload (RFC 8291) and a VAPID signature (RFC 8292),
 * built by the web-push package; sent here over node:http(s) so that the address dialled is checked
 * (public only, unless the endpoint's origin is allowed: a name cannot be re-pointed at a private
 * address after it was registered) and the answer (Retry-After) is ours to read.
 */
export async function sendPush(
  target: PushTarget, payload: string, options: PushOptions, vapid: VapidKeys,
  o: { allowedOrigins: ReadonlySet<string>; timeoutMs?: number | undefined; deadline?: number | undefined },
): Promise<PushResult> {
  // A fan-out's pushes wait for a connection to their push service; past the deadline they are left to retry alone.
  if (o.deadline !== undefined && Date.now() >= o.deadline) return { kind: 'retry', status: null, retryAfterMs: undefined, reason: 'deadline passed' };
  const endpoint = new URL(target.endpoint);
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      // The VAPID header is signed once per push service and reused (vapidAuthorization), not per push (no
      // vapidDetails here: nothing sets web-push's global ones either, so it signs nothing itself).
      headers: { Authorization: vapidAuthorization(endpoint.origin, vapid) },
      TTL: options.ttl, urgency: options.urgency, topic: options.topic, contentEncoding: 'aes128gcm',
    },
  );
  const url = new URL(details.endpoint);
  const allowed = o.allowedOrigins.has(url.origin);
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' && allowed ? http : undefined;
  const agent = url.protocol === 'https:' ? (allowed ? agents.httpsAllowed : agents.httpsPublic) : agents.httpAllowed;
  if (!client) return { kind: 'refused', status: 0, reason: 'endpoint is not https' };
  const headers: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details.headers)) if (v !== undefined) headers[k] = v as string | number;
  const body = details.body ?? Buffer.alloc(0);
  headers['Content-Length'] = body.length;
  return new Promise<PushResult>((resolve) => {
    const req = client.request(url, {
      method: 'POST', headers, timeout: o.timeoutMs ?? 10_000, agent,
    }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      const retryAfter = res.headers['retry-after'];
      const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : null);
      res.on('end', () => {
        if (status >= 200 && status < 300) resolve({ kind: 'sent', status });
        else if (status === 404 || status === 410) resolve({ kind: 'gone', status });
        else if (status === 429 || status >= 500) resolve({ kind: 'retry', status, retryAfterMs, reason: `HTTP ${status}` });
        else resolve({ kind: 'refused', status, reason: `HTTP ${status}` });
      });
      res.on('error', (err) => resolve({ kind: 'retry', status, retryAfterMs, reason: err.message }));
    });
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    // The socket timeout starts once a connection is free; the deadline also ends a wait for one (nothing sent yet).
    const late = o.deadline === undefined ? undefined : setTimeout(() => req.destroy(new Error('deadline passed')), o.deadline - Date.now());
    req.on('close', () => clearTimeout(late));
    req.on('error', (err) => resolve({ kind: 'retry', status: null, retryAfterMs: undefined, reason: err.message }));
    req.end(body);
  });
}

/** A VAPID token is valid 12 hours (web-push's default); a new one is signed an hour before that. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_RENEW_BEFORE_MS = 3600_000;
const vapidTokens = new Map<string, { authorization: string; renewAt: number }>();

/**
 * The Authorization header (RFC 8292: a JWT signed with ES256 for the push service's origin) of pushes to `origin`:
 * one signature per push service reused for most of its life, instead of one per push (an ES256 signature is most of
 * a push's CPU). Keyed by the public key too: new keys sign anew.
 */
export function vapidAuthorization(origin: string, vapid: VapidKeys, now = Date.now()): string {
  const key = `${origin} ${vapid.publicKey} ${vapid.subject}`;
  const hit = vapidTokens.get(key);
  if (hit && now < hit.renewAt) return hit.authorization;
  const expiration = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
  const headers = webpush.getVapidHeaders(origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration) as { Authorization: string };
  if (vapidTokens.size >= 1_000) vapidTokens.clear();
  vapidTokens.set(key, { authorization: headers.Authorization, renewAt: expiration * 1000 - VAPID_RENEW_BEFORE_MS });
  return headers.Authorization;
}

/**
 * Kept-alive connections to the push services (a fan-out sends many pushes to the same few hosts). The
 * public agent dials only addresses publicOnlyLookup accepts; the allowed ones serve PUSH_ALLOWED_ORIGINS.
 */
const agents = {
  httpsPublic: new https.Agent({ keepAlive: true, maxSockets: 32, lookup: publicOnlyLookup as never }),
  httpsAllowed: new https.Agent({ keepAlive: true, maxSockets: 32 }),
  httpAllowed: new http.Agent({ keepAlive: true, maxSockets: 32 }),
};
