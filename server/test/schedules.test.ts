import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../src/db/jobQueue.ts';
import { createTestDatabase, getTestServer, type TestDatabase, type TestServer } from './helpers.ts';
import { until } from './support/poll.ts';

/**
 * Periodic work (db/schedules.ts) runs once per slot for the cluster, not once per node: two app
 * instances on one PostgreSQL database both state the schedule and both tick the cron (every
 * second here), and each minute's slot still runs once.
 */
let testDb: TestDatabase;
const nodes: TestServer[] = [];
const runs: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  for (const node of ['a', 'b']) {
    nodes.push(await getTestServer({
      testDb, heartbeat: { alone: false },
      schedules: { pollMs: 200, cronMonitorIntervalSeconds: 1, tasks: [{ name: 'test-once', cron: '* * * * *', run: async () => runs.push(node) }] },
    }));
  }
});

afterAll(async () => {
  for (const node of nodes) await node.close();
  await testDb?.drop();
});

describe('periodic work on two nodes of one database', () => {
  it('a scheduled task runs once per slot, whichever node ticks', async () => {
    const db = nodes[0]!.database.db;
    await until('a scheduled run', () => runs.length > 0);
    // Let each node tick again and again within the slot (the tick is debounced through pgboss.version.cron_on).
    for (let round = 0; round < 4; round++) {
      await sql`UPDATE ${sql.id(JOB_SCHEMA, 'version')} SET cron_on = NULL`.execute(db);
      await until('the next tick armed', async () => (await sql<{ on: Date | null }>`SELECT cron_on AS on FROM ${sql.id(JOB_SCHEMA, 'version')}`.execute(db)).rows[0]?.on != null);
    }
    // Nothing of it left to run: every slot queued was moved to the task's queue and run.
    await until('nothing of it left to run', async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(JOB_SCHEMA, 'job')}
      WHERE name IN ('periodic-test-once', '__pgboss__send-it') AND state IN ('created', 'retry', 'active')`.execute(db)).rows[0]?.n === 0);
    const { rows: [slots] } = await sql<{ n: number }>`SELECT count(DISTINCT singleton_on)::int AS n FROM ${sql.id(JOB_SCHEMA, 'job')}
      WHERE name = '__pgboss__send-it' AND singleton_key = 'periodic-test-once'`.execute(db);
    // One run per minute slot (a minute may turn during the test: then two slots, two runs).
    expect(slots!.n).toBeGreaterThanOrEqual(1);
    expect(slots!.n).toBeLessThanOrEqual(2);
    expect(runs).toHaveLength(slots!.n);
  });

  it('a node removes the periodic schedules its version no longer names (an older version\'s), and keeps its own', async () => {
    const db = nodes[0]!.database.db;
    const names = async () => (await sql<{ name: string }>`SELECT name FROM ${sql.id(JOB_SCHEMA, 'schedule')} ORDER BY name`.execute(db)).rows.map((r) => r.name);
    const older = await getTestServer({ testDb, heartbeat: { alone: false }, schedules: { tasks: [{ name: 'retired-task', cron: '0 4 * * *', run: async () => undefined }] } });
    await older.close();
    expect(await names()).toContain('periodic-retired-task');
    const newer = await getTestServer({ testDb, heartbeat: { alone: false }, schedules: { tasks: [] } });
    try {
      const now = await names();
      expect(now).not.toContain('periodic-retired-task');
      expect(now).toEqual(expect.arrayContaining(['periodic-prune-sessions', 'periodic-prune-audit', 'periodic-sweep-translations']));
    } finally {
      await newer.close();
    }
  });
});
