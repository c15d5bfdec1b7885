import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../src/db/jobQueue.ts';
import { NodeHeartbeats } from '../src/db/nodeHeartbeats.ts';
import { useTestDatabase } from './helpers.ts';

/**
 * A node writes the jobs it holds after every fetch (db/nodeHeartbeats.ts). Two writes in flight on two connections
 * could land in the wrong order and leave the older set as the last word: a node killed then would leave the newer
 * jobs to their lease. So the writes go one at a time, and each fetch's jobs are in a write that starts after it.
 */
const handle = useTestDatabase();

describe('node heartbeat writes', () => {
  it('fetches at once: one write at a time, and every fetched job is in the row afterwards', async () => {
    let inFlight = 0;
    let most = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        most = Math.max(most, ++inFlight);
        return args.node;
      },
      transformResult: async (args) => {
        inFlight -= 1;
        return args.result;
      },
    };
    const db = handle().db.withPlugin(counting);
    const fetched = Array.from({ length: 6 }, () => randomUUID());
    let next = 0;
    const boss = {
      fetch: async () => [{ id: fetched[next++]! }],
      complete: async () => undefined,
      fail: async () => undefined,
    } as unknown as JobQueue;
    const node = new NodeHeartbeats({ db, boss, intervalMs: 60_000, alone: false, warn: (err) => { throw err; } });
    await node.start();
    most = 0;
    await Promise.all(fetched.map(() => boss.fetch('translate-message')));

    expect(most).toBe(1);
    const row = await handle().db.selectFrom('node_heartbeats').select('job_ids').where('node_id', '=', node.nodeId).executeTakeFirstOrThrow();
    expect([...row.job_ids].sort()).toEqual([...fetched].sort());
    await node.stop();
  });
});
