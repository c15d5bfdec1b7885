import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db, DbHandle } from './connect.ts';

/** The PostgreSQL schema pg-boss keeps its tables in (created and upgraded by pg-boss itself). */
export const JOB_SCHEMA = 'pgboss';

export type JobQueue = PgBoss;

/**
 * pg-boss over Parley's own Kysely instance, on PGlite and on PostgreSQL alike: no second pool,
 * and on PGlite (one session) a pg-boss query waits for its turn instead of running inside
 * someone else's transaction. Parameterless SQL may be several statements (pg-boss's schema and
 * maintenance scripts), so it goes through runScript.
 */
export function createJobQueue(
  database: DbHandle,
  options: {
    /** Run maintenance (expire stuck jobs, archive, delete old ones): worker nodes. */
    supervise: boolean;
    maintenanceIntervalSeconds: number;
    onError: (err: unknown) => void;
  },
): JobQueue {
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        values?.length ? database.db.executeQuery(CompiledQuery.raw(text, values)) : database.runScript(text),
    },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: options.supervise,
    // No cron schedules: nothing here uses them, and they would poll a queue of their own.
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    // A job's row matters while it can still run; an hour of history is plenty to look into.
    archiveCompletedAfterSeconds: 3_600,
    archiveFailedAfterSeconds: 24 * 3_600,
    deleteAfterDays: 2,
  });
  // An EventEmitter without an 'error' listener would throw: maintenance errors are logged.
  boss.on('error', options.onError);
  return boss;
}

/** The caller's transaction as pg-boss's database: a job sent through it commits with the transaction. */
export function jobQueueIn(tx: Db): PgBoss.Db {
  return { executeSql: (text, values) => tx.executeQuery(CompiledQuery.raw(text, values ?? [])) };
}
