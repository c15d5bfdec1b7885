import { randomUUID } from 'node:crypto';
import { isLanguageCode, type LanguageCode, type RelationshipContext } from '@parley/common';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA, jobQueueIn, type JobQueue } from '../db/jobQueue.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import { presentMessage } from './presenters.ts';
import { pendingRowsToJobs, queueOrphans } from './translationOutbox.ts';
import { toTranslationUpdate, translationFailed, type TranslationUpdate } from './translationOutcome.ts';
import type { ChatTranslator, EventPublisher } from './types.ts';

/** The pg-boss queue of chat translations. */
export const TRANSLATION_QUEUE = 'translate-message';

/** One message to translate (a job's data): everything needed is in its row and its room. */
export interface TranslationJob {
  messageId: string;
  /** The conversation: its glossary applies to the translation. */
  roomId: string;
  /** Whose translation budget the engine call counts against (jobs queued before it existed have none). */
  senderId?: string | undefined;
  content: string;
  /** The sender's profile language at send time (the detection prior). */
  senderLanguage: LanguageCode | null;
  target: LanguageCode;
  context: RelationshipContext | null;
  /** Who hears message.translated: the room's participants. */
  audience: readonly string[];
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
  /** How often the outbox sweeper looks for pending messages without a live job. */
  sweepMs?: number;
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

type Fetched = PgBoss.JobWithMetadata<TranslationJob>;

/**
 * Durable translation of chat messages on pg-boss. A send inserts the message (`pending`) and
 * its job in one transaction, so neither exists without the other; the sending process then
 * fetches at once. Workers fetch with FOR UPDATE SKIP LOCKED (pg-boss), up to `concurrency` at a
 * time, and complete or fail each job on its own; pg-boss retries with exponential backoff and
 * expires attempts whose process died. The message row stays the truth: a result is applied
 * only while the row is `pending` (so a job run twice is applied once), and the sweeper queues a
 * pending message again whose job is gone, so every message reaches done, failed or not_needed.
 */
export class TranslationJobs {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly retryDelaySeconds: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly drainMs: number;
  private accepting = false;
  private timers: NodeJS.Timeout[] = [];
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  /** Jobs may be waiting beyond the last fetch (it filled every free slot). */
  private backlog = true;
  private sweeping: Promise<unknown> | undefined;
  /** The last depth seen is at maxQueue (refreshed every pollMs). */
  full = false;

  constructor(private readonly o: TranslationJobOptions) {
    this.leaseMs = o.leaseMs ?? 30_000;
    this.maxAttempts = o.maxAttempts ?? 5;
    this.retryDelaySeconds = o.retryDelaySeconds ?? 1;
    this.concurrency = o.concurrency ?? 16;
    this.pollMs = o.pollMs ?? 2_000;
    this.drainMs = o.drainMs ?? 10_000;
  }

  /** Start pg-boss (creating or upgrading its schema) and the queue; workers then fetch. */
  async start(): Promise<void> {
    const { boss } = this.o;
    await boss.start();
    await this.createQueue();
    const maxQueue = this.o.maxQueue ?? 10_000;
    this.every(this.pollMs, () => this.depth().then((n) => (this.full = n >= maxQueue), () => undefined));
    if (this.o.takesWork === false) return;
    if (this.o.exclusive) await this.takeBackAfterRestart();
    this.accepting = true;
    this.every(this.pollMs, () => this.kick());
    this.every(this.o.sweepMs ?? 30_000, () => void this.sweep().catch((err: unknown) => this.o.log.warn({ err }, 'translation outbox sweep failed')));
    this.kick();
  }

  /** Columns of a message row queued with a new job (the caller sends that job in the same transaction). */
  newJob(): { translation_job_id: string; translation_queued_at: ReturnType<typeof sql<Date>> } {
    return { translation_job_id: randomUUID(), translation_queued_at: sql<Date>`now()` };
  }

  /** Send a message's job inside the caller's transaction `tx`: committed (or not) with it. */
  async enqueue(tx: Db, jobId: string, job: TranslationJob): Promise<void> {
    const id = await this.o.boss.send(TRANSLATION_QUEUE, job, { ...this.jobOptions(), id: jobId, db: jobQueueIn(tx) });
    if (!id) throw new Error(`translation job ${jobId} was not queued`);
  }

  /** Jobs were committed: run them here now if this process has room, else wake the workers. */
  queued(): void {
    if (this.accepting && this.inFlight.size < this.concurrency) this.kick();
    else {
      this.backlog = true;
      this.o.wakeOthers?.();
    }
  }

  /**
   * Give these messages a new job each, if they are still pending (e.g. after they were reset to
   * pending for a new reader language). Returns how many were queued. Within a caller's
   * transaction use requeueIn and call queued() after the commit.
   */
  async requeue(messageIds: readonly string[]): Promise<number> {
    if (messageIds.length === 0) return 0;
    const n = await this.o.db.transaction().execute((tx) => this.requeueIn(tx, messageIds));
    if (n) this.queued();
    return n;
  }

  async requeueIn(tx: Db, messageIds: readonly string[]): Promise<number> {
    if (messageIds.length === 0) return 0;
    const rows = await tx
      .updateTable('messages')
      // A job id per row (one newJob() for the whole statement would give every row the same job).
      .set({ translation_job_id: sql<string>`gen_random_uuid()`, translation_queued_at: sql<Date>`now()` })
      .where('id', 'in', messageIds as never[])
      .where('translation_status', '=', 'pending')
      .returning(['id', 'chat_room_id', 'sender_id', 'content', 'original_language', 'target_language', 'translation_job_id'])
      .execute();
    return this.insertJobs(tx, await pendingRowsToJobs(tx, rows));
  }

  /**
   * The outbox sweeper: pending messages queued more than sweepAfterMs ago whose job is no
   * longer live (lost, archived, failed at the pg-boss level) get a new job.
   */
  async sweep(olderThanMs = this.o.sweepAfterMs ?? 60_000): Promise<number> {
    if (this.sweeping) return 0;
    const run = this.o.db.transaction().execute(async (tx) => {
      const rows = await queueOrphans(tx, TRANSLATION_QUEUE, olderThanMs);
      return this.insertJobs(tx, await pendingRowsToJobs(tx, rows));
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

  /** Fetch waiting jobs soon (a send, a freed slot, a wake-up from another node, a poll tick). */
  kick(): void {
    if (!this.accepting) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.poll()
      .catch((err: unknown) => this.o.log.warn({ err }, 'translation job fetch failed'))
      .finally(() => {
        this.polling = undefined;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.kick();
        }
      });
  }

  /** Stop fetching; let in-flight jobs finish for up to drainMs, then hand the rest back. */
  async drain(): Promise<void> {
    this.accepting = false;
    for (const t of this.timers) clearInterval(t);
    await this.polling;
    await this.sweeping?.catch(() => undefined);
    const all = Promise.allSettled([...this.inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, this.drainMs)))]);
    clearTimeout(timer);
    // Whatever is still running goes back at once (as a failed attempt: retried after the
    // backoff) rather than after it expires; a late result is still applied at most once.
    const left = [...this.inFlight.keys()];
    if (left.length) {
      await this.o.boss.fail(TRANSLATION_QUEUE, left).catch((err: unknown) => this.o.log.warn({ err }, 'could not hand back translation jobs; they will expire'));
    }
    await this.o.boss.stop({ graceful: false, close: false, wait: true });
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Messages waiting for a translation, on every node (metrics, back-pressure). */
  async depth(): Promise<number> {
    const row = await this.o.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('translation_status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private jobOptions() {
    return {
      retryLimit: this.maxAttempts - 1,
      retryDelay: this.retryDelaySeconds,
      retryBackoff: this.retryDelaySeconds > 0,
      expireInSeconds: Math.max(1, Math.ceil(this.leaseMs / 1000)),
    };
  }

  /** Once per installation. Nodes starting together on a new database race in pg-boss's create_queue (deadlock): retry. */
  private async createQueue(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await this.o.boss.getQueue(TRANSLATION_QUEUE))) await this.o.boss.createQueue(TRANSLATION_QUEUE, { name: TRANSLATION_QUEUE, ...this.jobOptions() });
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  private every(ms: number, fn: () => unknown): void {
    const t = setInterval(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  private async insertJobs(tx: Db, jobs: { jobId: string; job: TranslationJob }[]): Promise<number> {
    if (jobs.length === 0) return 0;
    const options = this.jobOptions();
    await this.o.boss.insert(jobs.map(({ jobId, job }) => ({ name: TRANSLATION_QUEUE, id: jobId, data: job, ...options })), { db: jobQueueIn(tx) });
    return jobs.length;
  }

  /** PGlite: jobs active in the database belong to a dead predecessor (this process just started). */
  private async takeBackAfterRestart(): Promise<void> {
    const active = await sql<{ id: string }>`SELECT id FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE name = ${TRANSLATION_QUEUE} AND state = 'active'`.execute(this.o.db);
    if (active.rows.length) await this.o.boss.fail(TRANSLATION_QUEUE, active.rows.map((r) => r.id));
    await this.sweep(0);
  }

  private async poll(): Promise<void> {
    for (;;) {
      const room = this.concurrency - this.inFlight.size;
      if (room <= 0 || !this.accepting) return;
      const jobs = await this.o.boss.fetch<TranslationJob>(TRANSLATION_QUEUE, { batchSize: room, includeMetadata: true });
      for (const job of jobs) this.run(job);
      if (jobs.length < room) {
        this.backlog = false;
        return;
      }
      this.backlog = true;
    }
  }

  private run(job: Fetched): void {
    if (this.inFlight.has(job.id)) return;
    const done = this.process(job).finally(() => {
      this.inFlight.delete(job.id);
      // A freed slot fetches only when work may be waiting: no extra query per message otherwise.
      if (this.backlog) this.kick();
    });
    this.inFlight.set(job.id, done);
  }

  private async process(job: Fetched): Promise<void> {
    const { data } = job;
    const lastAttempt = job.retryCount >= job.retryLimit;
    const started = performance.now();
    let update: TranslationUpdate;
    if (this.waitsForCheck(data.senderLanguage, data.target)) return this.postpone(job);
    try {
      const { budget } = this.o;
      const { senderId } = data;
      const spend = budget && senderId ? (chars: number) => budget.charge(senderId, chars) : undefined;
      const result = await this.o.translator.translate({ text: data.content, sourceHint: data.senderLanguage, target: data.target, context: data.context, roomId: data.roomId, spend });
      this.o.observe?.engine((performance.now() - started) / 1000, result.ok);
      // The text was in another language than the sender's, whose direction is still being checked.
      if (!result.ok && result.reason === 'engine_failed' && this.waitsForCheck(result.detectedLanguage ?? null, data.target)) return this.postpone(job);
      update = toTranslationUpdate(result, data.content, data.senderLanguage, data.target);
    } catch (err) {
      this.o.observe?.engine((performance.now() - started) / 1000, false);
      this.o.log.warn({ err, messageId: data.messageId, attempt: job.retryCount + 1 }, lastAttempt ? 'message translation failed; giving up' : 'message translation failed; will retry');
      if (lastAttempt) return this.finish(job, translationFailed(data.senderLanguage), 'gave_up', err);
      this.o.observe?.outcome('retry');
      return this.failAttempt(job, err);
    }
    return this.finish(job, update, update.translation_status);
  }

  private waitsForCheck(source: string | null, target: LanguageCode): boolean {
    return !!source && source !== target && isLanguageCode(source) && (this.o.isDirectionBeingChecked?.(source, target) ?? false);
  }

  /**
   * The direction is still being checked (start-up self-check): the message stays pending and gets
   * a new job that starts a little later; this one completes (a postponement is not a failed attempt).
   */
  private async postpone(job: Fetched): Promise<void> {
    const jobId = randomUUID();
    try {
      await this.o.db.transaction().execute(async (tx) => {
        const row = await tx.updateTable('messages').set({ translation_job_id: jobId, translation_queued_at: sql<Date>`now()` })
          .where('id', '=', job.data.messageId as never).where('translation_status', '=', 'pending')
          .returning('id').executeTakeFirst();
        if (row) await this.o.boss.send(TRANSLATION_QUEUE, job.data, { ...this.jobOptions(), id: jobId, startAfter: this.o.postponeSeconds ?? 2, db: jobQueueIn(tx) });
      });
      this.o.observe?.outcome('postponed');
      await this.o.boss.complete(TRANSLATION_QUEUE, job.id);
    } catch (err) {
      this.o.log.warn({ err, messageId: job.data.messageId }, 'could not postpone translation job; will retry');
      await this.failAttempt(job, err);
    }
  }

  /** Store the outcome, then close the job (completed, or failed for good when it gave up). */
  private async finish(job: Fetched, update: TranslationUpdate, outcome: 'done' | 'not_needed' | 'failed' | 'gave_up', err?: unknown): Promise<void> {
    try {
      await this.apply(job, update);
      this.o.observe?.outcome(outcome);
      if (err === undefined) await this.o.boss.complete(TRANSLATION_QUEUE, job.id);
      else await this.failAttempt(job, err);
    } catch (storeErr) {
      this.o.log.warn({ err: storeErr, messageId: job.data.messageId }, 'could not store message translation; will retry');
      await this.failAttempt(job, storeErr);
    }
  }

  private async failAttempt(job: Fetched, err: unknown): Promise<void> {
    await this.o.boss
      .fail(TRANSLATION_QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) })
      .catch((failErr: unknown) => this.o.log.warn({ err: failErr, messageId: job.data.messageId }, 'could not fail translation job; it will expire'));
  }

  /**
   * Store the outcome once: a row already settled (by another job or process), deleted, or now
   * meant for another reader language is left alone.
   */
  private async apply(job: Fetched, update: TranslationUpdate): Promise<void> {
    const { data } = job;
    const row = await this.o.db
      .updateTable('messages')
      .set({ ...update, translation_attempts: job.retryCount + 1 })
      .where('id', '=', data.messageId as never)
      .where('translation_status', '=', 'pending')
      .where((eb) => eb.or([eb('target_language', '=', data.target), eb('target_language', 'is', null)]))
      .returningAll()
      .executeTakeFirst();
    if (row) return this.o.events.publish(data.audience, { v: 1, type: 'message.translated', message: presentMessage(row) });
    // A retry that finds the result stored: the attempt before may have died between storing it and
    // announcing it (kill -9; its job came back through the heartbeat), so announce what is stored.
    if (job.retryCount > 0) {
      const stored = await this.o.db.selectFrom('messages').selectAll().where('id', '=', data.messageId as never)
        .where('translation_status', '!=', 'pending').where('target_language', '=', data.target).executeTakeFirst();
      if (stored) this.o.events.publish(data.audience, { v: 1, type: 'message.translated', message: presentMessage(stored) });
    }
  }
}
