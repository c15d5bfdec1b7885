import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createJobQueue, JOB_SCHEMA, JobCloser, type JobQueue } from '../src/db/jobQueue.ts';
import type { DbHandle } from '../src/db/connect.ts';
import { createTestDatabase, useTestDatabase } from './helpers.ts';

/**
 * pg-boss's scripts (several statements, their own BEGIN ... COMMIT, no parameters) run through
 * DbHandle.runScript on both databases: on one connection, never inside another caller's open
 * transaction (PGlite is one session), and a failed script leaves no transaction open behind it.
 */
const database = useTestDatabase();

describe('runScript', () => {
  it('runs several statements and answers the last one’s rows', async () => {
    const { rows } = await database().runScript(`
      CREATE TABLE script_a (n int);
      INSERT INTO script_a VALUES (1), (2);
      SELECT sum(n)::int AS total FROM script_a`);
    expect(rows).toEqual([{ total: 3 }]);
  });

  it('a script that fails inside its transaction is rolled back and the connection stays usable', async () => {
    await database().runScript('CREATE TABLE script_b (n int)');
    await expect(database().runScript(`
      BEGIN;
      INSERT INTO script_b VALUES (1);
      SELECT 1 / 0;
      COMMIT;`)).rejects.toThrow(/division by zero/);
    // Whatever connection ran it is healthy again: nothing committed, nothing left open.
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM script_b`.execute(database().db);
      expect(rows[0]?.n).toBe(0);
    }
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const { db, runScript } = database();
    await runScript('CREATE TABLE script_c (n int)');
    let script: Promise<{ rows: unknown[] }> | undefined;
    await expect(db.transaction().execute(async (tx) => {
      await sql`INSERT INTO script_c VALUES (1)`.execute(tx);
      script = runScript('INSERT INTO script_c VALUES (2); SELECT count(*)::int AS n FROM script_c');
      await sql`INSERT INTO script_c VALUES (3)`.execute(tx);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    // The script saw none of the transaction's rows, and its own row outlived the rollback.
    expect((await script)?.rows).toEqual([{ n: 1 }]);
    const { rows } = await sql<{ n: number }>`SELECT n FROM script_c`.execute(db);
    expect(rows).toEqual([{ n: 2 }]);
  });
});

describe('pg-boss on a new database', () => {
  it('four nodes starting at once all start, and the schema is installed once', async () => {
    // Always on the PostgreSQL server (in both suite runs): a PGlite directory has one owner, so
    // only a server database can have nodes racing.
    const testDb = await createTestDatabase('postgres', { fresh: true });
    const handles = await Promise.all([1, 2, 3, 4].map(() => testDb.open()));
    const queues = handles.map((h) => createJobQueue(h, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined }));
    try {
      const started = await Promise.allSettled(queues.map((q) => q.start()));
      expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${JOB_SCHEMA}`.execute(handles[0]!.db);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await Promise.allSettled(queues.map((q) => q.stop({ graceful: false, wait: true })));
      await Promise.allSettled(handles.map((h) => h.close()));
      await testDb.drop();
    }
  });
});

describe('closing jobs (JobCloser)', () => {
  async function queueOn(handle: DbHandle, name: string): Promise<JobQueue> {
    const boss = createJobQueue(handle, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined });
    await boss.start();
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name });
    return boss;
  }
  const states = async (db: DbHandle['db'], ids: string[]) =>
    (await sql<{ state: string }>`SELECT state FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE id = ANY(${ids}::uuid[]) ORDER BY state`.execute(db)).rows.map((r) => r.state);

  it('completions asked for together are all stored; a failure is an attempt pg-boss retries', async () => {
    const boss = await queueOn(database(), 'closer-batch');
    try {
      const ids = await Promise.all([1, 2, 3, 4].map((n) => boss.send('closer-batch', { n }, { retryLimit: 2 }) as Promise<string>));
      const jobs = await boss.fetch('closer-batch', { batchSize: 4 });
      expect(jobs.map((j) => j.id).sort()).toEqual([...ids].sort());
      const closer = new JobCloser(boss, 'closer-batch');
      await Promise.all([closer.complete(ids[0]!), closer.complete(ids[1]!), closer.complete(ids[2]!), closer.fail(ids[3]!, { reason: 'test' })]);
      expect(await states(database().db, ids.slice(0, 3))).toEqual(['completed', 'completed', 'completed']);
      expect(await states(database().db, [ids[3]!])).toEqual(['retry']);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('a completion whose connection is terminated under it is retried at once on a fresh one (never left to expire)', async () => {
    // Always on the PostgreSQL server: PGlite has no connection to lose.
    const testDb = await createTestDatabase('postgres');
    const handle = await testDb.open();
    const boss = await queueOn(handle, 'closer-lost');
    const url = (testDb.serverEnv as { DATABASE_URL: string }).DATABASE_URL;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      const id = (await boss.send('closer-lost', {}, { expireInSeconds: 3600 })) as string;
      expect(await boss.fetch('closer-lost')).toHaveLength(1);
      // Hold the job's row: the completion waits on it, and its backend is terminated while it waits.
      await locker.query('BEGIN');
      await locker.query(`SELECT id FROM ${JOB_SCHEMA}.job WHERE id = $1 FOR UPDATE`, [id]);
      const done = new JobCloser(boss, 'closer-lost').complete(id);
      const waiting = async () => (await locker.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`)).rows as { pid: number }[];
      let blocked = await waiting();
      for (let i = 0; blocked.length === 0 && i < 300; i++) {
        await new Promise((r) => setTimeout(r, 50));
        blocked = await waiting();
      }
      expect(blocked).toHaveLength(1);
      await locker.query('SELECT pg_terminate_backend($1)', [blocked[0]!.pid]);
      // The retry runs on another connection and waits on the same row: let it have it.
      for (let i = 0; i < 300 && (await waiting()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await locker.query('COMMIT');
      await done;
      expect(await states(handle.db, [id])).toEqual(['completed']);
    } finally {
      await locker.end();
      await boss.stop({ graceful: false, wait: true });
      await handle.close();
      await testDb.drop();
    }
  });
});
