import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewingRegistry } from '../src/push/viewing.ts';
import { startRedis, type RedisProcess } from './redisProcess.ts';

/**
 * Cluster mode: which conversation each device shows is shared through Redis, so the node running a
 * push's fan-out knows about sockets held by another node; a node that dies leaves nothing behind
 * once its entries' TTL passes. A redis-server of the test's own.
 */
let redis: RedisProcess;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis(Number(process.env.PUSH_REDIS_PORT ?? 3187));
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redis.stop();
});

const node = (name: string, ttlMs: number) => {
  const client = new Redis(redis.url);
  clients.push(client);
  return new ViewingRegistry({ redis: client, prefix: 'ptest:', node: name, ttlMs });
};

const until = async (check: () => Promise<boolean>) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('viewing across nodes', () => {
  it('another node sees what a socket shows, its end, and forgets a dead node\'s entries after the TTL', async () => {
    const a = node('a', 1_500);
    const b = node('b', 1_500);
    a.set('session-1', '1', 'room-x');
    a.set('session-2', '1', 'room-y');
    await until(async () => (await b.viewing(['session-1', 'session-2', 'session-3'], 'room-x')).has('session-1'));
    expect([...(await b.viewing(['session-1', 'session-2', 'session-3'], 'room-x'))]).toEqual(['session-1']);
    // Renewed while node a lives: still there after several TTLs.
    await new Promise((r) => setTimeout(r, 3_500));
    expect((await b.viewing(['session-1'], 'room-x')).has('session-1')).toBe(true);
    // The page hid (null), or the socket closed: gone at once.
    a.set('session-1', '1', null);
    a.drop('session-2', '1');
    await until(async () => (await b.viewing(['session-1', 'session-2'], 'room-y')).size === 0 && (await b.viewing(['session-1'], 'room-x')).size === 0);
    // Node a dies without a word: its entry lapses within the TTL.
    a.set('session-4', '7', 'room-z');
    await until(async () => (await b.viewing(['session-4'], 'room-z')).has('session-4'));
    a.close();
    await until(async () => (await b.viewing(['session-4'], 'room-z')).size === 0);
    b.close();
  });
});
