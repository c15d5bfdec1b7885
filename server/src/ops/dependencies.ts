import { Redis } from 'ioredis';
import pg from 'pg';
import { describe } from './startup.ts';

/**
 * One connection attempt to each outside dependency, for the start-up sequence (ops/startup.ts),
 * and the verdict on a failure: slow (retry: refused, reset, timed out, starting up, too many
 * connections) or wrong (stop, naming the variable: wrong password, unknown user, database or host).
 */

/** Connect once and run SELECT 1; throws the driver's error. */
export async function probePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** SQLSTATEs no wait will cure. */
const WRONG_POSTGRES: Record<string, string> = {
  '28P01': 'PostgreSQL refused the password',
  '28000': 'PostgreSQL refused the user',
  '3D000': 'the database does not exist',
  '42501': 'the user may not connect to this database',
};

/** The message for a PostgreSQL error that waiting cannot cure; undefined for one worth a retry. */
export function wrongPostgres(err: unknown): string | undefined {
  const code = codeOf(err);
  const known = WRONG_POSTGRES[code];
  if (known) return `DATABASE_URL: ${known} (${describe(err)}). Fix DATABASE_URL and start again.`;
  if (code === 'ENOTFOUND') return `DATABASE_URL: unknown host (${describe(err)}). Fix DATABASE_URL and start again.`;
  // A password the server wants but the URL lacks, a URL pg cannot read.
  if (err instanceof Error && /SASL|password must be a string|Invalid URL/i.test(err.message)) {
    return `DATABASE_URL: ${err.message}. Fix DATABASE_URL and start again.`;
  }
  return undefined;
}

/** Connect once (no reconnecting) and PING; throws the client's error. */
export async function probeRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 5_000 });
  let lastError: unknown;
  redis.on('error', (err: unknown) => (lastError = err));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    // A closed connection reports "Connection is closed": the cause is the last 'error'.
    throw lastError ?? err;
  } finally {
    redis.disconnect();
  }
}

export function wrongRedis(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : String(err);
  if (/WRONGPASS|NOAUTH|invalid password|invalid username-password/i.test(message)) return `REDIS_URL: Redis refused the credentials (${message}). Fix REDIS_URL and start again.`;
  if (codeOf(err) === 'ENOTFOUND') return `REDIS_URL: unknown host (${describe(err)}). Fix REDIS_URL and start again.`;
  return undefined;
}

function codeOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return codeOf(err.errors[0]);
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}
