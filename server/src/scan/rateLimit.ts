import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SCAN_LIMITS } from '@parley/common';
import { AppError } from '../http/errors.ts';

export interface ScanLimiter {
  /** Count one scan for the user; throws AppError 429 with Retry-After when the budget is spent. */
  consume(userId: string): Promise<void>;
}

/** Scans per user per window (default 20 a minute): OCR is the most expensive call of the API. */
export function createScanLimiter(points: number = SCAN_LIMITS.perMinute, windowSeconds = 60): ScanLimiter {
  const limiter = new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix: 'scan' });
  return {
    async consume(userId) {
      try {
        await limiter.consume(userId);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AppError(429, 'rate_limited', `Too many scans. Try again in ${seconds} seconds.`, {
          'retry-after': String(seconds),
        });
      }
    },
  };
}
