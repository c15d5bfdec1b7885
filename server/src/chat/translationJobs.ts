import { randomUUID } from 'node:crypto';
import type { LanguageCode } from '@parley/common';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA, jobQueueIn, type JobQueue } from '../db/jobQueue.ts';
import { JobWorker, type JobPolicy } from '../db/jobWorker.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import type { TranslationRow } from './presenters.ts';
import { queueOrphans, type QueuedTranslation } from './translationOutbox.ts';
import { runTranslation } from './translationRun.ts';
import type { ChatTranslator, EventPublisher } from './types.ts';

/** The pg-boss queue of chat translations. */
export const TRANSLATION_QUEUE = 'translate-message';

/**
 * One translation to make (a job's data): ids only. The worker reads the message, its room's tone
 * and the (message, language) row when it runs, and asks who reads that language when it publishes.
 */
export interface TranslationJob {
  messageId: string;
  language: string;
}

export interface TranslationJobOptions {
  db: Db;
  boss: JobQueue;
  translator: ChatTranslator;
  /** Sent messages' translations count for the sender (charged, never refused: the send was accepted). */
  budget?: TranslationBudget | undefined;
  events: EventPublisher;
  log: FastifyBaseLogger;
  /**
   * This process is the database's only user (PGlite): at start, jobs a dead predecessor left
   * active are taken back at once, and pending messages without a job are queued.
   */
  exclusive: boolean;
  /** How long one attempt may run before pg-boss gives its job to another worker. */
  leaseMs?: number;
  /** Attempts before a message is given up as `failed`. */
  maxAttempts?: number;
  /** First retry delay in seconds, doubled per attempt (with jitter); 0 retries at once. */
  retryDelaySeconds?: number;
  /** Translations in flight in this process at most. */
  concurrency?: number;
  /** How often to fetch jobs nobody started (retries due, work of stopped processes). */
  pollMs?: number;
  /** On shutdown, how long to let in-flight translations finish before handing them back. */
  drainMs?: number;
  /** Waiting messages beyond which new sends are refused (503, retry later): a bounded queue. */
  maxQueue?: number;
  /** How long after its job was queued a pending message without a live job is queued again. */
  sweepAfterMs?: number;
  /** false on web-only nodes: never translate here, leave every job to the workers. */
  takesWork?: boolean;
  /** Tell the other nodes that jobs are waiting (cluster mode). */
  wakeOthers?: () => void;
  /**
   * The engine is still checking this direction at start-up (translation's isDirectionBeingChecked):
   * the message waits (its job runs again after `postponeSeconds`) instead of failing.
   */
  isDirectionBeingChecked?: (source: LanguageCode, target: LanguageCode) => boolean;
  /** How long a job waiting for a direction's check is put off (default 2 s). */
  postponeSeconds?: number;
  /** Observations for metrics: a job's outcome, an engine call's duration. */
  observe?: {
    outcome(outcome: 'done' | 'not_needed' | 'failed' | 'retry' | 'gave_up' | 'postponed'): void;
    engine(seconds: number, ok: boolean): void;
  };
}

/**
 * Durable translation of chat messages on pg-boss. A send inserts the message (`pending`) and
 * its job in one transaction, so neither exists without the other; the sending process then
 * fetches at once. The server's one worker loop (platform/jobs/worker.ts) runs up to `concurrency`
 * attempts (chat/translationRun.ts) and closes each job; pg-boss retries with exponential backoff and
 * expires attempts whose process died. The message row stays the truth: a result is applied
 * only while the row is `pending` (so a job run twice is applied once), and the sweeper queues a
 * pending message again whose job is gone, so every message reaches done, failed or not_needed.
 */
export class TranslationJobs {
  private readonly policy: JobPolicy;
  private readonly worker: JobWorker<TranslationJob>;
  private timers: NodeJS.Timeout[] = [];
  private sweeping: Promise<unknown> | undefined;
  /** The last depth seen is at maxQueue (refreshed every pollMs). */
  full = false;

  constructor(private readonly o: TranslationJobOptions) {
    const retryDelaySeconds = o.retryDelaySeconds ?? 1;
    this.policy = {
      retryLimit: (o.maxAttempts ?? 5) - 1,
      retryDelay: retryDelaySeconds,
      retryBackoff: retryDelaySeconds > 0,
      expireInSeconds: Math.max(1, Math.ceil((o.leaseMs ?? 30_000) / 1000)),
    };
    this.worker = new JobWorker<TranslationJob>({
      boss: o.boss, queue: TRANSLATION_QUEUE, policy: this.policy, log: o.log,
      takesWork: o.takesWork !== false,
      concurrency: o.concurrency ?? 16,
      pollMs: o.pollMs ?? 2_000,
      drainMs: o.drainMs ?? 10_000,
      handle: (job) => runTranslation(this.o, this.policy, job),
    });
  }

  /** Start pg-boss (creating or upgrading its schema) and the queue; workers then fetch. */
  async start(): Promise<void> {
    await this.o.boss.start();
    const maxQueue = this.o.maxQueue ?? 10_000;
    this.every(this.o.pollMs ?? 2_000, () => this.depth().then((n) => (this.full = n >= maxQueue), () => undefined));
    // The outbox sweep runs once a minute for the whole cluster (app.ts, a pg-boss schedule), not on a timer per node.
    await this.worker.start(async () => {
      if (this.o.exclusive) await this.takeBackAfterRestart();
    });
  }

  /**
   * A new message's translation rows, one per language, each `pending` with its job, inside the
   * caller's transaction `tx` (committed, or not, with the message).
   */
  async addTranslations(tx: Db, messageId: string, languages: readonly string[]): Promise<TranslationRow[]> {
    return this.addTranslationsOf(tx, languages.map((language) => ({ messageId, language })));
  }

  /** The same for several messages at once (the sends of one turn): one insert of rows, one of jobs. */
  async addTranslationsOf(tx: Db, wanted: readonly { messageId: string; language: string }[]): Promise<TranslationRow[]> {
    if (wanted.length === 0) return [];
    // SQL rather than the query builder: it runs for every send that is translated (see translationRun.ts loadMany).
    const values = sql.join(wanted.map(({ messageId, language }) => sql`(${messageId}::bigint, ${language}::text, ${randomUUID()}::uuid)`));
    const { rows } = await sql<TranslationRow>`INSERT INTO message_translations (message_id, language, status, job_id, queued_at)
      SELECT v.message_id, v.language, 'pending', v.job_id, now() FROM (VALUES ${values}) AS v(message_id, language, job_id)
      ON CONFLICT (message_id, language) DO NOTHING
      RETURNING *`.execute(tx);
    await this.insertJobs(tx, rows.map((r) => ({ message_id: String(r.message_id), language: r.language, job_id: String(r.job_id) })));
    return rows;
  }

  /** Jobs were committed: run them here now if this process has room, else wake the workers. */
  queued(): void {
    if (!this.worker.queued()) this.o.wakeOthers?.();
  }

  /** Another node queued jobs: fetch now. */
  kick(): void {
    this.worker.kick();
  }

  /** requeueIn in a transaction of its own, then wake the workers. */
  async requeue(keys: readonly { messageId: string; language: string }[]): Promise<number> {
    const n = await this.o.db.transaction().execute((tx) => this.requeueIn(tx, keys));
    if (n) this.queued();
    return n;
  }

  /**
   * Give these translation rows a new job each, if they are still pending (e.g. a failed one put
   * back by Retry). Returns how many were queued. Call queued() after the caller's commit.
   */
  async requeueIn(tx: Db, keys: readonly { messageId: string; language: string }[]): Promise<number> {
    let n = 0;
    for (const key of keys) {
      const row = await tx
        .updateTable('message_translations')
        .set({ job_id: sql<string>`gen_random_uuid()`, queued_at: sql<Date>`now()` })
        .where('message_id', '=', key.messageId)
        .where('language', '=', key.language)
        .where('status', '=', 'pending')
        .returning(['message_id', 'language', 'job_id'])
        .executeTakeFirst();
      if (row) n += await this.insertJobs(tx, [{ message_id: String(row.message_id), language: row.language, job_id: String(row.job_id) }]);
    }
    return n;
  }

  /**
   * The outbox sweeper: pending messages queued more than sweepAfterMs ago whose job is no
   * longer live (lost, archived, failed at the pg-boss level) get a new job.
   */
  async sweep(olderThanMs = this.o.sweepAfterMs ?? 60_000): Promise<number> {
    if (this.sweeping) return 0;
    const run = this.o.db.transaction().execute(async (tx) => {
      return this.insertJobs(tx, await queueOrphans(tx, TRANSLATION_QUEUE, olderThanMs));
    });
    this.sweeping = run;
    try {
      const n = await run;
      if (n) {
        this.o.log.info({ messages: n }, 'queued pending messages whose translation job was gone');
        this.queued();
      }
      return n;
    } finally {
      this.sweeping = undefined;
    }
  }

  /** Stop fetching; let in-flight jobs finish for up to drainMs, then hand the rest back. */
  async drain(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.sweeping?.catch(() => undefined);
    await this.worker.stop();
    await this.o.boss.stop({ graceful: false, close: false, wait: true });
  }

  get inFlightCount(): number {
    return this.worker.inFlightCount;
  }

  /** Translations waiting, on every node (metrics, back-pressure). */
  async depth(): Promise<number> {
    const row = await this.o.db
      .selectFrom('message_translations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private every(ms: number, fn: () => unknown): void {
    const t = setInterval(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  /** The jobs of translation rows just queued (job ids set), in the caller's transaction. */
  async insertJobs(tx: Db, rows: readonly QueuedTranslation[]): Promise<number> {
    if (rows.length === 0) return 0;
    const options = this.policy;
    const data = (r: QueuedTranslation): TranslationJob => ({ messageId: r.message_id, language: r.language });
    await this.o.boss.insert(rows.map((r) => ({ name: TRANSLATION_QUEUE, id: r.job_id, data: data(r), ...options })), { db: jobQueueIn(tx) });
    return rows.length;
  }

  /** PGlite: jobs active in the database belong to a dead predecessor (this process just started). */
  private async takeBackAfterRestart(): Promise<void> {
    const active = await sql<{ id: string }>`SELECT id FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE name = ${TRANSLATION_QUEUE} AND state = 'active'`.execute(this.o.db);
    if (active.rows.length) await this.o.boss.fail(TRANSLATION_QUEUE, active.rows.map((r) => r.id));
    await this.sweep(0);
  }
}
