import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { JobCloser, type JobQueue } from './jobQueue.ts';

export type Job<T> = PgBoss.JobWithMetadata<T>;

/** A queue's retry policy and lease (pg-boss's queue and job options). */
export interface JobPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

/**
 * What a handler decided: nothing (complete the job), complete with an output kept on the job, or fail
 * this attempt (pg-boss retries it by the queue's policy, or gives up after the last); `after` runs
 * once the job is closed (not named `then`: an async handler's result must not be a thenable). A handler that throws fails the attempt too.
 */
export type JobOutcome = void | { output: object } | { fail: object; after?: () => Promise<unknown> };

export interface JobWorkerOptions<T> {
  boss: JobQueue;
  queue: string;
  policy: JobPolicy;
  log: FastifyBaseLogger;
  /** false on web-only nodes: the queue is created, jobs are sent from here, never run here. */
  takesWork: boolean;
  /** Jobs in flight in this process at most. */
  concurrency: number;
  /** How often to look for jobs nobody woke this process for (retries due, other nodes' jobs). */
  pollMs: number;
  /** On stop, how long to let in-flight jobs finish before handing them back (failed attempts). */
  drainMs: number;
  handle: (job: Job<T>) => Promise<JobOutcome>;
}

/**
 * The one pg-boss worker loop of the server (translations, pushes, mail): a fetch at once when this
 * process queued work (`kick`), a poll as the fallback, batch fetches of the free slots (FOR UPDATE
 * SKIP LOCKED in pg-boss), each job completed or failed on its own — completions of one tick in one
 * statement, and a completion or failure that meets a dropped connection retried at once on a fresh
 * one (JobCloser) rather than left active until its lease expires.
 */
export class JobWorker<T extends object> {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly closer: JobCloser;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private accepting = false;
  /** The last fetch filled every free slot: more may be waiting. */
  private backlog = true;

  constructor(private readonly o: JobWorkerOptions<T>) {
    this.closer = new JobCloser(o.boss, o.queue);
  }

  /** Create the queue (once per installation); on worker nodes, run `prepare` and start fetching. */
  async start(prepare?: () => Promise<void>): Promise<void> {
    await this.createQueue();
    if (!this.o.takesWork) return;
    await prepare?.();
    this.accepting = true;
    this.timer = setInterval(() => this.kick(), this.o.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stop fetching; let in-flight jobs finish for up to drainMs, then hand the rest back. */
  async stop(): Promise<void> {
    this.accepting = false;
    clearInterval(this.timer);
    await this.polling;
    const all = Promise.allSettled([...this.inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, this.o.drainMs)))]);
    clearTimeout(timer);
    // Still running: back to the queue now (a failed attempt, retried after the backoff) rather
    // than when its lease expires; a late result must be idempotent (the handlers' job).
    const left = [...this.inFlight.keys()];
    if (left.length) await this.closer.failAll(left).catch((err: unknown) => this.o.log.warn({ err, queue: this.o.queue }, 'could not hand back jobs; they will expire'));
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Work was committed: run it here now if there is room (true), else note a backlog (false: wake others). */
  queued(): boolean {
    if (this.accepting && this.inFlight.size < this.o.concurrency) {
      this.kick();
      return true;
    }
    this.backlog = true;
    return false;
  }

  /** Fetch waiting jobs soon (work queued here, a wake-up from another node, a poll tick). */
  kick(): void {
    if (!this.accepting) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.poll()
      .catch((err: unknown) => this.o.log.warn({ err, queue: this.o.queue }, 'job fetch failed'))
      .finally(() => {
        this.polling = undefined;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.kick();
        }
      });
  }

  /** Nodes starting together on a new database race in pg-boss's create_queue (deadlock): retried. */
  private async createQueue(): Promise<void> {
    const { boss, queue, policy } = this.o;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { name: queue, ...policy });
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  private async poll(): Promise<void> {
    for (;;) {
      const room = this.o.concurrency - this.inFlight.size;
      if (room <= 0 || !this.accepting) return;
      const jobs = await this.o.boss.fetch<T>(this.o.queue, { batchSize: room, includeMetadata: true });
      for (const job of jobs) this.run(job);
      this.backlog = jobs.length === room;
      if (!this.backlog) return;
    }
  }

  private run(job: Job<T>): void {
    if (this.inFlight.has(job.id)) return;
    const done = this.settle(job).finally(() => {
      this.inFlight.delete(job.id);
      // More may be waiting: fetch in batches once half the slots are free (not a query per job).
      if (this.backlog && this.inFlight.size <= this.o.concurrency / 2) this.kick();
    });
    this.inFlight.set(job.id, done);
  }

  private async settle(job: Job<T>): Promise<void> {
    let outcome: JobOutcome;
    try {
      outcome = await this.o.handle(job);
    } catch (err) {
      this.o.log.warn({ err, queue: this.o.queue, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed; will retry');
      outcome = { fail: { message: err instanceof Error ? err.message : String(err) } };
    }
    try {
      if (outcome && 'fail' in outcome) {
        await this.closer.fail(job.id, outcome.fail);
        await outcome.after?.();
      } else {
        await this.closer.complete(job.id, outcome?.output);
      }
    } catch (err) {
      this.o.log.warn({ err, queue: this.o.queue, jobId: job.id }, 'could not close a job, even on a fresh connection; it will expire');
    }
  }
}
