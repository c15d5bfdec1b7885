import { randomUUID } from 'node:crypto';
import { isLanguageCode, type GroupRegister, type LanguageCode, type RelationshipContext, type RoomKind } from '@parley/common';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA, JobCloser, jobQueueIn, type JobQueue } from '../db/jobQueue.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import { registerContext } from './groupRegister.ts';
import type { TranslationRow } from './presenters.ts';
import { messageAndReaders, publishViews } from './readers.ts';
import { queueOrphans, type QueuedTranslation } from './translationOutbox.ts';
import { toTranslationUpdate, translationFailed, type TranslationUpdate } from './translationOutcome.ts';
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
  /** Completions batched per tick; a completion or failure that meets a dropped connection is retried at once. */
  private readonly closer: JobCloser;

  constructor(private readonly o: TranslationJobOptions) {
    this.closer = new JobCloser(o.boss, TRANSLATION_QUEUE);
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

  /**
   * A new message's translation rows, one per language, each `pending` with its job, inside the
   * caller's transaction `tx` (committed, or not, with the message).
   */
  async addTranslations(tx: Db, messageId: string, languages: readonly string[]): Promise<TranslationRow[]> {
    if (languages.length === 0) return [];
    const rows = await tx
      .insertInto('message_translations')
      .values(languages.map((language) => ({ message_id: messageId, language, status: 'pending' as const, job_id: randomUUID(), queued_at: sql<Date>`now()` })))
      .onConflict((oc) => oc.columns(['message_id', 'language']).doNothing())
      .returningAll()
      .execute();
    await this.insertJobs(tx, rows.map((r) => ({ message_id: String(r.message_id), language: r.language, job_id: String(r.job_id) })));
    return rows;
  }

  /** Jobs were committed: run them here now if this process has room, else wake the workers. */
  queued(): void {
    if (this.accepting && this.inFlight.size < this.concurrency) this.kick();
    else {
      this.backlog = true;
      this.o.wakeOthers?.();
    }
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
      await this.closer.failAll(left).catch((err: unknown) => this.o.log.warn({ err }, 'could not hand back translation jobs; they will expire'));
    }
    await this.o.boss.stop({ graceful: false, close: false, wait: true });
  }

  get inFlightCount(): number {
    return this.inFlight.size;
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

  /** The jobs of translation rows just queued (job ids set), in the caller's transaction. */
  async insertJobs(tx: Db, rows: readonly QueuedTranslation[]): Promise<number> {
    if (rows.length === 0) return 0;
    const options = this.jobOptions();
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
    let work: Awaited<ReturnType<TranslationJobs['load']>>;
    try {
      work = await this.load(data, job.id);
      // Settled already (another job, a correction), or the message is gone: nothing to do.
      if (!work) {
        await this.announceStored(job);
        await this.closer.complete(job.id);
        return;
      }
    } catch (err) {
      // The database went away while reading: this attempt fails now and is retried with backoff,
      // instead of the job waiting out its lease.
      this.o.log.warn({ err, messageId: data.messageId, language: data.language }, 'could not read the translation to make; will retry');
      return this.failAttempt(job, err);
    }
    const lastAttempt = job.retryCount >= job.retryLimit;
    const started = performance.now();
    let update: TranslationUpdate;
    if (this.waitsForCheck(work.senderLanguage, work.target)) return this.postpone(job);
    try {
      const { budget } = this.o;
      const senderId = work.senderId;
      const spend = budget && senderId ? (chars: number) => budget.charge(senderId, chars) : undefined;
      const result = await this.o.translator.translate({ text: work.content, sourceHint: work.senderLanguage, target: work.target, context: work.context, roomId: work.roomId, messageId: data.messageId, spend });
      this.o.observe?.engine((performance.now() - started) / 1000, result.ok);
      // The text was in another language than the sender's, whose direction is still being checked.
      if (!result.ok && result.reason === 'engine_failed' && this.waitsForCheck(result.detectedLanguage ?? null, work.target)) return this.postpone(job);
      update = toTranslationUpdate(result, work.content, work.senderLanguage, work.target);
    } catch (err) {
      this.o.observe?.engine((performance.now() - started) / 1000, false);
      this.o.log.warn({ err, messageId: data.messageId, language: data.language, attempt: job.retryCount + 1 }, lastAttempt ? 'message translation failed; giving up' : 'message translation failed; will retry');
      if (lastAttempt) return this.finish(job, translationFailed(work.senderLanguage), 'gave_up', err);
      this.o.observe?.outcome('retry');
      return this.failAttempt(job, err);
    }
    return this.finish(job, update, update.translation_status);
  }

  /**
   * The message, its room's tone and the row of this job, if that row still waits for this job: an
   * edit (chat/messageLife.ts) gives every row a new job, and the old text's job then has nothing to do.
   */
  private async load(data: TranslationJob, jobId: string) {
    const row = await this.o.db
      .selectFrom('message_translations as t')
      .innerJoin('messages as m', 'm.id', 't.message_id')
      .innerJoin('chat_rooms as r', 'r.id', 'm.chat_room_id')
      .leftJoin('chat_room_participants as p', (j) => j.onRef('p.chat_room_id', '=', 'm.chat_room_id').onRef('p.user_id', '=', 'm.sender_id'))
      .select(['m.content', 'm.original_language', 'm.chat_room_id', 'r.kind', 'r.register', 'p.relationship_context', 'm.sender_id'])
      .where('t.message_id', '=', data.messageId)
      .where('t.language', '=', data.language)
      .where('t.status', '=', 'pending')
      .where('t.job_id', '=', jobId)
      .executeTakeFirst();
    if (!row || !isLanguageCode(data.language)) return undefined;
    const kind: RoomKind = row.kind;
    const context: RelationshipContext | null = kind === 'group' ? registerContext(row.register as GroupRegister | null) : row.relationship_context;
    const senderLanguage: LanguageCode | null = isLanguageCode(row.original_language) ? row.original_language : null;
    return { content: row.content, roomId: row.chat_room_id, senderId: row.sender_id, senderLanguage, target: data.language, context };
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
        const row = await tx.updateTable('message_translations').set({ job_id: jobId, queued_at: sql<Date>`now()` })
          .where('message_id', '=', job.data.messageId).where('language', '=', job.data.language).where('status', '=', 'pending')
          .returning('message_id').executeTakeFirst();
        if (row) await this.o.boss.send(TRANSLATION_QUEUE, job.data, { ...this.jobOptions(), id: jobId, startAfter: this.o.postponeSeconds ?? 2, db: jobQueueIn(tx) });
      });
      this.o.observe?.outcome('postponed');
      await this.closer.complete(job.id);
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
      if (err === undefined) await this.closer.complete(job.id);
      else await this.failAttempt(job, err);
    } catch (storeErr) {
      this.o.log.warn({ err: storeErr, messageId: job.data.messageId }, 'could not store message translation; will retry');
      await this.failAttempt(job, storeErr);
    }
  }

  private async failAttempt(job: Fetched, err: unknown): Promise<void> {
    await this.closer
      .fail(job.id, { message: err instanceof Error ? err.message : String(err) })
      .catch((failErr: unknown) => this.o.log.warn({ err: failErr, messageId: job.data.messageId }, 'could not fail translation job, even on a fresh connection; it will expire'));
  }

  /**
   * Store the outcome once: a row already settled (by another job or process, or a correction),
   * deleted, or given another job since this one read it (the message was edited: this result is the
   * old text's) is left alone. Then that language's readers (and the sender, when it is their view)
   * hear it, the audience read now: a member removed meanwhile hears nothing.
   */
  private async apply(job: Fetched, update: TranslationUpdate): Promise<void> {
    const { data } = job;
    const { original_language: detected, translated_content, translation_status, translation_error, unknown_spans, engine = null, via = null } = update;
    const row = await this.o.db
      .updateTable('message_translations')
      .set({ content: translated_content, status: translation_status, error: translation_error, unknown_spans, attempts: job.retryCount + 1, engine, via })
      .where('message_id', '=', data.messageId)
      .where('language', '=', data.language)
      .where('status', '=', 'pending')
      .where('job_id', '=', job.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return this.announceStored(job);
    const [found, rows] = await Promise.all([
      messageAndReaders(this.o.db, data.messageId),
      this.o.db.selectFrom('message_translations').selectAll().where('message_id', '=', data.messageId as never).execute(),
    ]);
    if (!found) return;
    const { message, readers } = found;
    // Detection may find the original in another language than the sender's profile says.
    if (detected && detected !== message.original_language && translation_status !== 'failed') {
      await this.o.db.updateTable('messages').set({ original_language: detected }).where('id', '=', message.id).execute();
      message.original_language = detected;
    }
    publishViews(this.o.events, 'message.translated', message, rows, readers, data.language);
  }

  /**
   * A retry that finds its row settled: the attempt before may have died between storing the result
   * and announcing it (kill -9; its job came back through the heartbeat), so announce what is stored.
   */
  private async announceStored(job: Fetched): Promise<void> {
    if (job.retryCount === 0) return;
    const [found, rows] = await Promise.all([
      messageAndReaders(this.o.db, job.data.messageId),
      this.o.db.selectFrom('message_translations').selectAll().where('message_id', '=', job.data.messageId as never).execute(),
    ]);
    if (!found) return;
    const { message, readers } = found;
    if (rows.some((r) => r.language === job.data.language && r.status !== 'pending')) publishViews(this.o.events, 'message.translated', message, rows, readers, job.data.language);
  }
}
