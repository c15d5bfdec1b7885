import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

export interface RateLimit {
  /** Count one request for `key`; throws a 429 AppError with Retry-After when the budget is spent. */
  consume(key: string): Promise<void>;
}

let shared: { redis: Redis; prefix: string } | null = null;

/**
 * Cluster mode: limits created from now on count in Redis, so every node spends the same budget.
 * One Redis per process (buildApp sets it before registering routes; null: in memory).
 */
export function shareRateLimitsIn(redis: Redis | null, prefix = ''): void {
  shared = redis ? { redis, prefix } : null;
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
  const memory = new RateLimiterMemory({ points: options.points, duration: options.durationSec, keyPrefix: options.name });
  // While Redis is unreachable each node counts on its own (the insurance limiter) rather than failing requests.
  const limiter: RateLimiterAbstract = shared
    ? new RateLimiterRedis({
      storeClient: shared.redis, useRedisPackage: false, points: options.points, duration: options.durationSec,
      keyPrefix: `${shared.prefix}rl:${options.name}`, insuranceLimiter: memory,
    })
    : memory;
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
