import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createJobQueue, JOB_SCHEMA } from '../src/db/jobQueue.ts';
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
