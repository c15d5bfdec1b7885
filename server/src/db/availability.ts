/**
 * Telling "the database went away" apart from other database errors, and retrying work that is
 * safe to repeat. A restart, failover or pg_terminate_backend ends connections mid-query; such a
 * request is answered 503 `database_unavailable` (see http/errors.ts) unless it was retried here.
 */

/** SQLSTATE classes and codes meaning the connection (not the statement) failed. */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
]);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = /Connection terminated|not queryable|Connection ended|timeout exceeded when trying to connect|Client was closed|terminating connection/i;

export function isConnectionLoss(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_ERRNOS.has(code)) return true;
  return typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message);
}

export interface RetryOptions {
  /** Waits before each retry; their number is the number of retries. */
  delaysMs?: readonly number[];
}

const DEFAULT_DELAYS = [50, 200, 800] as const;

/**
 * Run `work` again when the connection was lost. Only for work that is safe to repeat: reads,
 * and writes made idempotent by a key (a send with its client id).
 */
export async function retryOnConnectionLoss<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delays = options.delaysMs ?? DEFAULT_DELAYS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      const delay = delays[attempt];
      if (delay === undefined || !isConnectionLoss(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
