import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA, jobQueueIn, type JobQueue } from '../db/jobQueue.ts';
import { JobWorker, type Job, type JobOutcome, type JobPolicy } from '../db/jobWorker.ts';

/** The pg-boss queue of outgoing mail. */
export const MAIL_QUEUE = 'send-mail';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  db: Db;
  boss: JobQueue;
  log: FastifyBaseLogger;
  /** false on web-only nodes: queue mail here, leave the sending to the workers. */
  takesWork: boolean;
  /** First retry delay in seconds, doubled per attempt with jitter (default 10: retried over about a day). */
  retryDelaySeconds?: number;
  /** Attempts after the first (default 13). */
  retryLimit?: number;
  /** How often a worker looks for mail that is due (retries; mail queued on other nodes). */
  pollSeconds?: number;
}

/** The SMTP server refused this mail for good (a 5xx reply): retrying cannot help. */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** A request's idempotency key ('password_reset:<token hash>') as a pg-boss job id (a UUID): one job per request. */
export function mailJobId(key: string): string {
  const h = createHash('sha256').update(`parley-mail:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** SMTP_URL as Nodemailer options: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when offered. */
function transportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A stalled server fails the attempt (retried later) instead of holding the job past its expiry.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/**
 * Outgoing mail on the durable job queue. A mail is a pg-boss job, sent in the caller's
 * transaction (the token it carries and its mail commit together) under an id derived from the
 * request, so one request queues one mail however often it is retried. A worker sends it over
 * SMTP: a connection failure or a 4xx reply fails the attempt and pg-boss retries it with
 * exponential backoff; a 5xx reply is final (logged, not retried). Once sent or refused, the
 * job's copy of the body (which holds the link) is erased. The Message-ID is the job's, so a
 * mail re-sent after a crash between SMTP's "250" and the job's completion is the same message.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly domain: string;
  private readonly policy: JobPolicy;
  private readonly worker: JobWorker<OutgoingMail>;

  constructor(private readonly o: MailerOptions) {
    this.transport = nodemailer.createTransport(transportOptions(o.smtpUrl), { from: o.from });
    this.domain = /@([^>\s]+)/.exec(o.from)?.[1] ?? 'parley.invalid';
    this.policy = { retryLimit: o.retryLimit ?? 13, retryDelay: o.retryDelaySeconds ?? 10, retryBackoff: true, expireInSeconds: 120 };
    // One mail at a time per node: a burst of sign-ups does not open many SMTP connections at once.
    this.worker = new JobWorker<OutgoingMail>({
      boss: o.boss, queue: MAIL_QUEUE, policy: this.policy, log: o.log, takesWork: o.takesWork,
      concurrency: 1, pollMs: (o.pollSeconds ?? 2) * 1000, drainMs: 10_000,
      handle: (job) => this.deliver(job),
    });
  }

  /** Create the queue and, on worker nodes, start sending. Call after the job queue started. */
  async start(): Promise<void> {
    await this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport.close();
  }

  /**
   * Queue a mail inside the caller's transaction `tx` (committed with it). `key` names the request
   * ('password_reset:<token hash>'): the same key again queues nothing.
   */
  async enqueue(tx: Db, key: string, mail: OutgoingMail): Promise<void> {
    await this.o.boss.send(MAIL_QUEUE, mail, { ...this.policy, id: mailJobId(key), db: jobQueueIn(tx) });
  }

  /** Mail was committed: send it now if this process sends (otherwise the workers' next poll does). */
  queued(): void {
    this.worker.queued();
  }

  private async deliver(job: Job<OutgoingMail>): Promise<JobOutcome> {
    const { to, subject, text, html } = job.data;
    try {
      await this.transport.sendMail({ to, subject, text, html, messageId: `<${job.id}@${this.domain}>` });
    } catch (err) {
      if (isPermanentRefusal(err)) {
        this.o.log.error({ err, jobId: job.id }, 'mail refused by the SMTP server (5xx); not retried');
        await this.erase(job.id);
        return { output: { refused: err instanceof Error ? err.message : String(err) } };
      }
      const last = job.retryCount >= job.retryLimit;
      this.o.log.warn({ err, jobId: job.id, attempt: job.retryCount + 1 }, last ? 'mail could not be sent; giving up' : 'mail could not be sent; will retry');
      return { fail: { message: err instanceof Error ? err.message : String(err) } };
    }
    await this.erase(job.id);
    return { output: { sent: true } };
  }

  /** Keep who and what, drop the body: it holds a link that works until used or expired. */
  private async erase(jobId: string): Promise<void> {
    await sql`UPDATE ${sql.id(JOB_SCHEMA, 'job')} SET data = jsonb_build_object('to', data->'to', 'subject', data->'subject')
      WHERE name = ${MAIL_QUEUE} AND id = ${jobId}`.execute(this.o.db)
      .catch((err: unknown) => this.o.log.warn({ err, jobId }, 'could not erase a sent mail from its job'));
  }
}
