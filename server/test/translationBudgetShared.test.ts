import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { shareRateLimitsIn } from '../src/http/rateLimit.ts';
import { createTranslationBudget } from '../src/http/translationBudget.ts';
import { startRedis, type RedisProcess } from './redisProcess.ts';

/**
 * The translation budget on its own: the day window, and two nodes of a cluster (two budgets made while the
 * app shares its limits in Redis) spending one budget. A redis-server of the test's own.
 */
let redis: RedisProcess;
let client: Redis;
beforeAll(async () => {
  redis = await startRedis(Number(process.env.BUDGET_REDIS_PORT ?? 3410));
  client = new Redis(redis.url, { lazyConnect: true });
  await client.connect();
});
afterAll(async () => {
  shareRateLimitsIn(null);
  client.disconnect();
  await redis.stop();
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('translation budget', () => {
  it('refuses past the day window as well as the minute one, and charge() counts without refusing', async () => {
    shareRateLimitsIn(null);
    const budget = createTranslationBudget({ charsPerMinute: 1_000, charsPerDay: 150 });
    await budget.spend('u1', 100);
    await budget.charge('u1', 60); // a sent message's translation: counted though it passes the budget
    const err = await refusal(budget.spend('u1', 10));
    expect(err.status).toBe(429);
    expect(err.code).toBe('translation_budget');
    // The day window decides the wait: far more than a minute.
    expect(Number(err.headers['retry-after'])).toBeGreaterThan(3_600);
    await budget.spend('u2', 100);
  });

  it('is one budget across nodes when the limits are shared in Redis', async () => {
    shareRateLimitsIn(client, `budget${Date.now()}:`);
    const nodeA = createTranslationBudget({ charsPerMinute: 100, charsPerDay: 10_000 });
    const nodeB = createTranslationBudget({ charsPerMinute: 100, charsPerDay: 10_000 });
    await nodeA.spend('u1', 60);
    await nodeB.spend('u1', 60);
    expect((await refusal(nodeA.spend('u1', 1))).code).toBe('translation_budget');
    expect((await refusal(nodeB.check('u1'))).code).toBe('translation_budget');
    await nodeB.spend('u2', 60);
  });
});
