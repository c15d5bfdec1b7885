import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { retryOnConnectionLoss } from './availability.ts';
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
    /** Check the cron schedules (db/schedules.ts) this often, in seconds (default 30; tests go faster). */
    cronMonitorIntervalSeconds?: number | undefined;
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
    // Cron schedules (db/schedules.ts) are queued by the nodes that do background work; the
    // timekeeper's tick is debounced in the database, so the cluster queues each slot once.
    schedule: options.supervise,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.min(5, options.cronMonitorIntervalSeconds ?? 5),
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    // A job's row matters while it can still run; an hour of history is plenty to look into.
    archiveCompletedAfterSeconds: 3_600,
    archiveFailedAfterSeconds: 24 * 3_600,
    deleteAfterDays: 2,
  });
  // An EventEmitter without an 'error' listener would throw: maintenance errors are logged.
  boss.on('error', options.onError);
  if (database.kind === 'postgres') {
    const start = boss.start.bind(boss);
    boss.start = () => startAlone(database.db, start);
  }
  return boss;
}

/** Session advisory lock held while one node creates or upgrades pg-boss's schema. */
const START_LOCK = 4_607_291_835;

/**
 * Nodes starting together on a new database race in pg-boss's install: its own transaction-level
 * advisory lock serialises the scripts, but the second node's catalog cache has not seen the first
 * one's schema after the wait, and its CREATE SCHEMA IF NOT EXISTS fails on the unique index (and a
 * failed PgBoss.start() cannot be retried: the instance stays "starting"). So one node at a time
 * runs start() while holding this lock on a connection of its own; the next one then begins in a
 * fresh transaction that sees the installed schema. (PGlite has a single owner: no race there.)
 */
async function startAlone(db: Db, start: () => Promise<PgBoss>): Promise<PgBoss> {
  return db.connection().execute(async (lockHolder) => {
    await sql`SELECT pg_advisory_lock(${START_LOCK})`.execute(lockHolder);
    try {
      return await start();
    } finally {
      await sql`SELECT pg_advisory_unlock(${START_LOCK})`.execute(lockHolder).catch(() => undefined);
    }
  });
}

/** The caller's transaction as pg-boss's database: a job sent through it commits with the transaction. */
export function jobQueueIn(tx: Db): PgBoss.Db {
  return { executeSql: (text, values) => tx.executeQuery(CompiledQuery.raw(text, values ?? [])) };
}

/**
 * Start-up step (main.ts): install or upgrade pg-boss's schema with an instance of its own, so a
 * failure (the database went away meanwhile) can be retried — a PgBoss whose start() failed stays
 * "starting" for good. The app's own queue then starts on an installed schema, in a few queries.
 */
export async function prepareJobQueue(database: DbHandle): Promise<void> {
  const boss = createJobQueue(database, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined });
  try {
    await boss.start();
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
  }
}

/** A completion or failure that meets a dropped connection is tried again at once on a fresh one, then a little later. */
const CLOSE_RETRY_DELAYS_MS = [0, 50, 200, 800] as const;

/**
 * Closes the jobs of one queue for a hand-written worker (chat/translationJobs.ts, push/jobs.ts): the completions
 * asked for in the same tick go to the database as one statement (four translations of one message finish together),
 * and a completion or failure that meets a dropped database connection (a restart, pg_terminate_backend) is retried
 * at once on a fresh connection of the pool instead of leaving the job active until its lease expires.
 */
export class JobCloser {
  private batch: { id: string; settle: (err?: unknown) => void }[] = [];

  constructor(private readonly boss: JobQueue, private readonly queue: string) {}

  /** Complete a job (with output `data`: a statement of its own). */
  complete(id: string, data?: object): Promise<void> {
    if (data !== undefined) return closeRetried(() => this.boss.complete(this.queue, id, data));
    return new Promise<void>((resolve, reject) => {
      if (this.batch.length === 0) setImmediate(() => void this.flush());
      this.batch.push({ id, settle: (err) => (err === undefined ? resolve() : reject(err)) });
    });
  }

  /** Fail an attempt (pg-boss retries it after its backoff, or gives up after the last). */
  fail(id: string, data?: object): Promise<void> {
    return closeRetried(() => (data === undefined ? this.boss.fail(this.queue, id) : this.boss.fail(this.queue, id, data)));
  }

  /** Fail several attempts at once (a node handing back what it still holds). */
  failAll(ids: string[]): Promise<void> {
    return closeRetried(() => this.boss.fail(this.queue, ids));
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    try {
      await closeRetried(() => this.boss.complete(this.queue, batch.map((b) => b.id)));
      for (const b of batch) b.settle();
    } catch (err) {
      for (const b of batch) b.settle(err);
    }
  }
}

async function closeRetried(work: () => Promise<unknown>): Promise<void> {
  await retryOnConnectionLoss(work, { delaysMs: CLOSE_RETRY_DELAYS_MS });
}
