import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A slot held longer than this without renewal (its node died) no longer counts. */
const SLOT_TTL_MS = 120_000;

// Drop expired slots, then take one if fewer than max are held: one atomic step in Redis.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/**
 * Per-user connection slots counted across every node (the voice socket cap): a sorted set per
 * user of slot ids scored by expiry, renewed while the socket is open, removed when it closes.
 */
export function redisSlots(redis: Redis, prefix: string) {
  return {
    async acquire(userId: string, max: number): Promise<(() => void) | null> {
      const key = `${prefix}voice-slots:${userId}`;
      const id = randomUUID();
      const now = Date.now();
      const ok = await redis.eval(ACQUIRE, 1, key, now, now + SLOT_TTL_MS, max, id, SLOT_TTL_MS);
      if (ok !== 1) return null;
      const renew = setInterval(() => {
        void redis.zadd(key, 'XX', Date.now() + SLOT_TTL_MS, id).catch(() => undefined);
        void redis.pexpire(key, SLOT_TTL_MS).catch(() => undefined);
      }, SLOT_TTL_MS / 3);
      renew.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        void redis.zrem(key, id).catch(() => undefined);
      };
    },
  };
}
