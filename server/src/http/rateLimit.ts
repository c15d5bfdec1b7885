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
interface LimitOptions {
  name: string;
  points: number;
  durationSec: number;
  tooMany: (seconds: number) => string;
}

/** A rate-limiter-flexible limiter in Redis when shared (cluster), else in memory. */
export function makeLimiter(options: Pick<LimitOptions, 'name' | 'points' | 'durationSec'>): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points: options.points, duration: options.durationSec, keyPrefix: options.name });
  // While Redis is unreachable each node counts on its own (the insurance limiter) rather than failing requests.
  return shared
    ? new RateLimiterRedis({
      storeClient: shared.redis, useRedisPackage: false, points: options.points, duration: options.durationSec,
      keyPrefix: `${shared.prefix}rl:${options.name}`, insuranceLimiter: memory,
    })
    : memory;
}

export const tooManyError = (seconds: number, message: string) =>
  new AppError(429, 'rate_limited', message, { 'retry-after': String(seconds) });

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createRateLimit(options: LimitOptions): RateLimit {
  const limiter = makeLimiter(options);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const seconds = secondsOf(err.msBeforeNext);
        throw tooManyError(seconds, options.tooMany(seconds));
      }
    },
  };
}

/** Counts only what went wrong (failed sign-ins): checked before an attempt, added to after a failure. */
export interface FailureCount {
  /** Throws the 429 when `key` has `points` failures in the window. */
  check(key: string): Promise<void>;
  /** One more failure; resolves to the count in the window. */
  fail(key: string): Promise<number>;
  /** Forget the key's failures (a success). */
  reset(key: string): Promise<void>;
}

export function createFailureCount(options: LimitOptions): FailureCount {
  const limiter = makeLimiter(options);
  return {
    async check(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= options.points) {
        const seconds = secondsOf(res.msBeforeNext);
        throw tooManyError(seconds, options.tooMany(seconds));
      }
    },
    async fail(key) {
      // penalty() adds without refusing: the count may pass the limit, check() is what refuses.
      return (await limiter.penalty(key, 1)).consumedPoints;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
