import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 32 random bytes, base64url (43 characters: fits a URL path segment). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of an incoming webhook's secret: its SHA-256 (hex). */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one `storedHash` was made from, in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An outgoing delivery's signature: hex HMAC-SHA256 of `<timestamp>.<body>` with the subscription's secret (as
 * Stripe and Slack sign: the timestamp inside the signed text, so a replayed body cannot carry a fresh one).
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** A deterministic job id (a UUID) from a key: the same delivery is queued once however often it is asked for. */
export function webhookJobId(key: string): string {
  const h = createHash('sha256').update(`parley-webhook:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
