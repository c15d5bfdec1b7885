import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

export interface RateLimit {
  /** Count one request for `key`; throws a 429 AppError with Retry-After when the budget is spent. */
  consume(key: string): Promise<void>;
}

/**
 * A fixed-window limit per key (user id, e-mail, address), answered as 429 rate_limited with
 * Retry-After and `tooMany(seconds)` as the message.
 */
export function createRateLimit(options: {
  name: string;
  points: number;
  durationSec: number;
  tooMany: (seconds: number) => string;
}): RateLimit {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.durationSec, keyPrefix: options.name });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AppError(429, 'rate_limited', options.tooMany(seconds), { 'retry-after': String(seconds) });
      }
    },
  };
}
