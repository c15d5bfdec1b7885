import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { jobQueueIn, type JobQueue } from '../db/jobQueue.ts';
import type { JobPolicy } from '../db/jobWorker.ts';
import type { DomainEvent, DomainEventType, EventIntent } from './types.ts';

/** One job a consumer wants for an event: on its own queue, run by its own JobWorker (db/jobWorker.ts). */
export interface ConsumerJob {
  /** A UUID; the same id twice is one job (pg-boss keeps the first). Default: a new one. */
  id?: string;
  data: object;
}

/**
 * A subscriber to domain events: push, outgoing webhooks, and whatever comes next. Its work is a job on its
 * queue, written in the transaction that records the event (so it exists exactly when the change does), and run
 * once, on whichever node fetches it, retried by pg-boss when it throws.
 */
export interface EventConsumer {
  readonly queue: string;
  readonly policy: JobPolicy;
  readonly types: readonly DomainEventType[];
  /** Cheap and synchronous (no I/O): whether this event (or a send about to be stored) needs a job here. */
  wants(event: EventIntent): boolean;
  /** The job for this event, or none after all. */
  job(event: DomainEvent): ConsumerJob | undefined;
  /** Jobs were committed: fetch them now if this node works (a worker's kick). */
  queued?(): void;
}

/**
 * Every consumer by name: a required field each, so a new one is wired in app.ts or the build fails (none is an
 * optional parameter that a call site can forget).
 */
export interface EventConsumers {
  push: EventConsumer;
  /** Outgoing webhooks (webhooks/deliveries.ts): events of rooms with a subscription (and every group's, server-wide). */
  webhooks: EventConsumer;
  /** Link previews (linkPreviews/jobs.ts): sends whose text has a link, while previews are on. */
  linkPreviews: EventConsumer;
}

/**
 * The one way a change tells the rest of the system: `record(tx, events)` in the transaction that makes the change.
 * It writes, in one statement, one job per (event, consumer that wants it); nothing when nobody does. Live socket
 * frames are not recorded here: they go after the commit (realtime/), and a client that missed one resumes from
 * the rows (changed_at).
 */
export class EventLog {
  private readonly list: EventConsumer[];

  constructor(private readonly boss: JobQueue, consumers: EventConsumers) {
    this.list = Object.values(consumers);
  }

  /** Whether any consumer wants an event like this (asked before a send's insert: no job, no transaction). */
  wanted(intent: EventIntent): boolean {
    return this.list.some((c) => c.types.includes(intent.type) && c.wants(intent));
  }

  /**
   * A one-statement change that records events: in a transaction with its events when some consumer wants events like
   * `intent`, else on `db` alone (no transaction, no job: what nobody consumes costs nothing).
   */
  async apply<T>(db: Db, intent: EventIntent, change: (db: Db) => Promise<{ result: T; events: DomainEvent[] }>): Promise<T> {
    if (!this.wanted(intent)) return (await change(db)).result;
    const { result, recorded } = await db.transaction().execute(async (tx) => {
      const { result, events } = await change(tx);
      return { result, recorded: await this.record(tx, events) };
    });
    recorded.wake();
    return result;
  }

  /** Write the consumers' jobs for these events in `tx` (the caller's transaction). Returns the consumers to wake after commit. */
  async record(tx: Db, events: readonly DomainEvent[]): Promise<Committed> {
    const jobs: Parameters<JobQueue['insert']>[0] = [];
    const woken = new Set<EventConsumer>();
    for (const event of events) {
      for (const c of this.list) {
        if (!c.types.includes(event.type) || !c.wants(event)) continue;
        const job = c.job(event);
        if (!job) continue;
        jobs.push({ name: c.queue, id: job.id ?? randomUUID(), data: job.data, ...c.policy });
        woken.add(c);
      }
    }
    if (jobs.length) await this.boss.insert(jobs, { db: jobQueueIn(tx) });
    return new Committed([...woken]);
  }
}

/** Call `wake()` once the recording transaction has committed: the consumers' workers fetch at once. */
export class Committed {
  constructor(private readonly consumers: EventConsumer[]) {}

  wake(): void {
    for (const c of this.consumers) c.queued?.();
  }
}
