import { randomUUID } from 'node:crypto';
import { isLanguageCode, type LanguageCode, type RelationshipContext } from '@parley/common';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { presentMessage } from './presenters.ts';
import { toTranslationUpdate, type TranslationUpdate } from './translationOutcome.ts';
import type { ChatTranslator, EventPublisher } from './types.ts';

/** One message to translate; everything needed is in its row and its room. */
export interface TranslationJob {
  id: string;
  content: string;
  /** The sender's profile language at send time (the detection prior). */
  senderLanguage: LanguageCode | null;
  target: LanguageCode;
  context: RelationshipContext | null;
  /** Who hears message.translated: the room's participants. */
  audience: readonly string[];
  /** Claims so far, this one included. */
  attempts: number;
}

export interface TranslationJobOptions {
  db: Db;
  translator: ChatTranslator;
  events: EventPublisher;
  log: FastifyBaseLogger;
  /**
   * This process is the database's only user (PGlite): at start every pending row is ours,
   * whatever lease a dead predecessor left on it.
   */
  exclusive: boolean;
  /** How long a claim lasts without renewal (renewed every third of it while in flight). */
  leaseMs?: number;
  /** Claims before a message is given up as `failed`. */
  maxAttempts?: number;
  /** Translations in flight in this process at most. */
  concurrency?: number;
  /** How often to look for unclaimed pending rows (work left by others, retries due). */
  pollMs?: number;
  /** On shutdown, how long to let in-flight translations finish before handing them back. */
  drainMs?: number;
  /** Waiting messages beyond which new sends are refused (503, retry later): a bounded queue. */
  maxQueue?: number;
  /** false on web-only nodes: never translate here, leave every job to the workers. */
  takesWork?: boolean;
  /** Tell the other nodes that unclaimed jobs are waiting (cluster mode). */
  wakeOthers?: () => void;
  /** Observations for metrics: a job's outcome, an engine call's duration. */
  observe?: {
    outcome(outcome: 'done' | 'not_needed' | 'failed' | 'retry' | 'gave_up'): void;
    engine(seconds: number, ok: boolean): void;
  };
}

interface ClaimedRow {
  id: string;
  chat_room_id: string;
  sender_id: string | null;
  content: string;
  original_language: string | null;
  target_language: string | null;
  translation_attempts: number;
}

/**
 * Durable translation of chat messages. The message row is the job: inserted `pending` in the
 * same statement as the message (nothing to keep consistent with a second store), leased to one
 * process at a time, applied at most once (`WHERE translation_status = 'pending'`), retried with
 * backoff, given up as `failed` after maxAttempts claims. A send on this process runs its job
 * at once (the insert takes the lease); everything else — work of a crashed or stopped process,
 * retries — is claimed by polling with FOR UPDATE SKIP LOCKED, so any number of processes can
 * share the table.
 */
export class TranslationJobs {
  readonly owner = randomUUID();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly drainMs: number;
  private accepting = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  /** Claimable rows may be waiting (a full poll, a send this process had no room for). */
  private backlog = true;
  private depthTimer: NodeJS.Timeout | undefined;
  /** The last depth seen is at maxQueue (refreshed every pollMs). */
  full = false;

  constructor(private readonly o: TranslationJobOptions) {
    this.leaseMs = o.leaseMs ?? 30_000;
    this.maxAttempts = o.maxAttempts ?? 5;
    this.concurrency = o.concurrency ?? 16;
    this.pollMs = o.pollMs ?? 2_000;
    this.drainMs = o.drainMs ?? 10_000;
  }

  /** Take back what a previous run of this process left (exclusive mode), then poll. */
  async start(): Promise<void> {
    const maxQueue = this.o.maxQueue ?? 10_000;
    this.depthTimer = setInterval(() => {
      this.depth().then((n) => (this.full = n >= maxQueue), () => undefined);
    }, this.pollMs);
    this.depthTimer.unref();
    if (this.o.takesWork === false) return;
    if (this.o.exclusive) {
      await this.o.db
        .updateTable('messages')
        .set({ translation_lease_until: null, translation_lease_owner: null })
        .where('translation_status', '=', 'pending')
        .execute();
    }
    this.accepting = true;
    this.pollTimer = setInterval(() => this.kick(), this.pollMs);
    this.pollTimer.unref();
    this.renewTimer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
    this.kick();
  }

  /**
   * Columns for a new message's insert: leased to this process when it has room for the job
   * (the caller then calls run()), or left for whoever claims it first.
   */
  leaseForInsert(): { translation_attempts: number; translation_lease_until: ReturnType<typeof sql<Date>> | null; translation_lease_owner: string | null } | null {
    if (!this.accepting || this.inFlight.size >= this.concurrency) {
      this.backlog = true;
      return null;
    }
    return { translation_attempts: 1, translation_lease_until: this.leaseExpiry(), translation_lease_owner: this.owner };
  }

  /** Run a job this process holds the lease of. */
  run(job: TranslationJob): void {
    if (this.inFlight.has(job.id)) return;
    const done = this.process(job).finally(() => {
      this.inFlight.delete(job.id);
      // A freed slot polls only when work may be waiting: no extra query per message otherwise.
      if (this.backlog) this.kick();
    });
    this.inFlight.set(job.id, done);
  }

  /** A job was left unclaimed (no room here, a web-only node, a resent pending message). */
  waiting(): void {
    this.o.wakeOthers?.();
    this.kick();
  }

  /** Look for claimable work soon (a pending message was resent, a slot freed, a wake-up). */
  kick(): void {
    if (!this.accepting) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.poll()
      .catch((err: unknown) => this.o.log.warn({ err }, 'translation job poll failed'))
      .finally(() => {
        this.polling = undefined;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.kick();
        }
      });
  }

  /** Stop taking work; let in-flight jobs finish for up to drainMs, then hand the rest back. */
  async drain(): Promise<void> {
    this.accepting = false;
    clearInterval(this.pollTimer);
    clearInterval(this.depthTimer);
    await this.polling;
    const all = Promise.allSettled([...this.inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, this.drainMs)))]);
    clearTimeout(timer);
    clearInterval(this.renewTimer);
    // Whatever is still ours goes back at once (not after the lease runs out); a late result of
    // a job handed back is still applied at most once by the conditional update.
    try {
      await this.o.db
        .updateTable('messages')
        .set({ translation_lease_until: null, translation_lease_owner: null, translation_attempts: sql`greatest(translation_attempts - 1, 0)` })
        .where('translation_lease_owner', '=', this.owner)
        .where('translation_status', '=', 'pending')
        .execute();
    } catch (err) {
      this.o.log.warn({ err }, 'could not hand back translation jobs; their leases will run out');
    }
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

  private leaseExpiry() {
    return sql<Date>`now() + ${this.leaseMs} * interval '1 millisecond'`;
  }

  private async poll(): Promise<void> {
    for (;;) {
      const room = this.concurrency - this.inFlight.size;
      if (room <= 0 || !this.accepting) return;
      const claimed = await sql<ClaimedRow>`
        UPDATE messages SET
          translation_attempts = translation_attempts + 1,
          translation_lease_until = ${this.leaseExpiry()},
          translation_lease_owner = ${this.owner}
        WHERE id IN (
          SELECT id FROM messages
          WHERE translation_status = 'pending'
            AND (translation_lease_until IS NULL OR translation_lease_until <= now())
          ORDER BY id
          LIMIT ${room}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, chat_room_id, sender_id, content, original_language, target_language, translation_attempts`.execute(this.o.db);
      for (const row of claimed.rows) this.run(await this.jobFromRow(row));
      if (claimed.rows.length < room) {
        this.backlog = false;
        return;
      }
      this.backlog = true;
    }
  }

  private async jobFromRow(row: ClaimedRow): Promise<TranslationJob> {
    const participants = await this.o.db
      .selectFrom('chat_room_participants')
      .select(['user_id', 'relationship_context'])
      .where('chat_room_id', '=', row.chat_room_id)
      .execute();
    const sender = participants.find((p) => p.user_id === row.sender_id);
    const senderLanguage = isLanguageCode(row.original_language) ? row.original_language : null;
    return {
      id: String(row.id),
      content: row.content,
      senderLanguage,
      target: isLanguageCode(row.target_language) ? row.target_language : (senderLanguage ?? 'en'),
      context: sender?.relationship_context ?? null,
      audience: participants.map((p) => p.user_id),
      attempts: row.translation_attempts,
    };
  }

  private async process(job: TranslationJob): Promise<void> {
    if (job.attempts > this.maxAttempts) {
      this.o.observe?.outcome('gave_up');
      return this.apply(job, { translated_content: null, translation_status: 'failed', original_language: job.senderLanguage });
    }
    let update: TranslationUpdate;
    const started = performance.now();
    try {
      const result = await this.o.translator.translate({ text: job.content, sourceHint: job.senderLanguage, target: job.target, context: job.context });
      this.o.observe?.engine((performance.now() - started) / 1000, result.ok);
      update = toTranslationUpdate(result, job.content, job.senderLanguage, job.target);
    } catch (err) {
      this.o.observe?.engine((performance.now() - started) / 1000, false);
      this.o.log.warn({ err, messageId: job.id, attempt: job.attempts }, 'message translation failed; will retry');
      return this.retryLater(job);
    }
    try {
      await this.apply(job, update);
      this.o.observe?.outcome(update.translation_status);
    } catch (err) {
      this.o.log.warn({ err, messageId: job.id }, 'could not store message translation; will retry');
      await this.retryLater(job).catch(() => undefined);
    }
  }

  /** Store the outcome once: a row already settled (by another process) or deleted is left alone. */
  private async apply(job: TranslationJob, update: TranslationUpdate): Promise<void> {
    const row = await this.o.db
      .updateTable('messages')
      .set({ ...update, translation_lease_until: null, translation_lease_owner: null })
      .where('id', '=', job.id as never)
      .where('translation_status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (row) this.o.events.publish(job.audience, { v: 1, type: 'message.translated', message: presentMessage(row) });
  }

  /** Hand the job back with a due time (exponential backoff), or give up after maxAttempts. */
  private async retryLater(job: TranslationJob): Promise<void> {
    if (job.attempts >= this.maxAttempts) {
      this.o.observe?.outcome('gave_up');
      return this.apply(job, { translated_content: null, translation_status: 'failed', original_language: job.senderLanguage });
    }
    this.o.observe?.outcome('retry');
    const delayMs = Math.min(60_000, 1_000 * 2 ** (job.attempts - 1)) * (0.75 + Math.random() / 2);
    try {
      await this.o.db
        .updateTable('messages')
        .set({ translation_lease_until: sql<Date>`now() + ${Math.round(delayMs)} * interval '1 millisecond'`, translation_lease_owner: null })
        .where('id', '=', job.id as never)
        .where('translation_status', '=', 'pending')
        .where('translation_lease_owner', '=', this.owner)
        .execute();
    } catch (err) {
      // The lease runs out by itself: the job comes back either way.
      this.o.log.warn({ err, messageId: job.id }, 'could not reschedule translation job');
    }
  }

  /** Keep the leases of jobs in flight from running out while an engine is slow. */
  private async renew(): Promise<void> {
    if (this.inFlight.size === 0) return;
    try {
      await this.o.db
        .updateTable('messages')
        .set({ translation_lease_until: this.leaseExpiry() })
        .where('id', 'in', [...this.inFlight.keys()] as never[])
        .where('translation_lease_owner', '=', this.owner)
        .where('translation_status', '=', 'pending')
        .execute();
    } catch (err) {
      this.o.log.warn({ err }, 'could not renew translation leases');
    }
  }
}
