import { EngineError } from './errors.ts';

export interface RetryPolicy {
  /** Extra attempts for retryable errors (default 2). */
  retries?: number | undefined;
  /** First backoff delay, doubled per attempt, plus up to 50% jitter (default 250 ms). */
  baseDelayMs?: number | undefined;
  /** A longer Retry-After gives up at once instead of waiting (default 5 s). */
  maxRetryAfterMs?: number | undefined;
}

export interface RetryOptions extends RetryPolicy {
  /** Stops waiting between attempts; the last error is thrown. */
  signal?: AbortSignal | undefined;
  onRetry?: ((error: EngineError, attempt: number, delayMs: number) => void) | undefined;
}

/** Delay before retry number `attempt` (0-based): exponential backoff with jitter, never below Retry-After. */
export function retryDelay(attempt: number, baseDelayMs: number, retryAfterMs: number | undefined): number {
  const backoff = baseDelayMs * 2 ** attempt;
  return Math.max(retryAfterMs ?? 0, backoff + Math.random() * backoff * 0.5);
}

/**
 * Calls `call` until it succeeds, throws something other than a retryable EngineError (429, 5xx,
 * timeouts, network errors, dead pipelines), asks for a Retry-After above the limit, or has used
 * its retries.
 */
export async function withRetries<T>(call: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? 2;
  const maxRetryAfter = options.maxRetryAfterMs ?? 5_000;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call(attempt);
    } catch (error) {
      if (!(error instanceof EngineError) || !error.retryable || attempt >= retries || options.signal?.aborted) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfter) throw error;
      const delay = retryDelay(attempt, options.baseDelayMs ?? 250, error.retryAfterMs);
      options.onRetry?.(error, attempt + 1, delay);
      await sleep(delay, options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal, unref = false): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    if (unref) timer.unref();
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
