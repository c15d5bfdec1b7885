import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA, jobQueueIn, type JobQueue } from '../db/jobQueue.ts';
import { JobWorker, type Job, type JobOutcome, type JobPolicy } from '../db/jobWorker.ts';
import type { DomainEvent, EventConsumer } from '../events/index.ts';
import { composeForReaders, composePush, type PushSubject } from './payload.ts';
import { sendPush, type PushOptions, type PushResult, type PushTarget } from './sender.ts';
import type { VapidKeys } from './vapid.ts';
import type { ViewingRegistry } from './viewing.ts';
import { withoutThoseWhoBlocked } from '../safety/reach.ts';
import { mentionsUser, type MessageMention } from '@parley/common';

/** The pg-boss queue of web pushes: fan-out jobs (one per message or call, pushing to all its devices) and deliveries (one device's retry). */
export const PUSH_QUEUE = 'web-push';

type PushJob =
  | { step: 'fanout'; subject: PushSubject }
  | { step: 'deliver'; subject: PushSubject; sessionId: string; userId: string };

/** A deterministic job id (a UUID) from a key: the same push is queued once however often it is asked for. */
export function pushJobId(key: string): string {
  const h = createHash('sha256').update(`parley-push:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const subjectKey = (s: PushSubject) =>
  s.kind === 'message' ? `message:${s.messageId}` : s.kind === 'message_changed' ? `changed:${s.messageId}:${s.version}` : `${s.kind}:${s.callId}:${s.calleeId}`;

export interface PushJobsOptions {
  db: Db;
  boss: JobQueue;
  log: FastifyBaseLogger;
  vapid: () => VapidKeys | undefined;
  viewing: ViewingRegistry;
  allowedOrigins: ReadonlySet<string>;
  /** false on web-only nodes: queue here, send from the workers. */
  takesWork: boolean;
  /** A session unused this long is over (SESSION_IDLE_HOURS): its device gets nothing. */
  sessionIdleMs: number;
  /** How long a message's push waits for its translation into the reader's language (default 3 s). */
  translationWaitMs?: number;
  /** How often a worker looks for due pushes (default 500 ms). */
  pollMs?: number;
  concurrency?: number;
  /** First retry delay (seconds) and whether it doubles per attempt (default 2, true: about 17 minutes over 9 attempts). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  retryLimit?: number;
  /** Time limit of one request to a push service. */
  timeoutMs?: number;
  observe?: (outcome: PushResult['kind'] | 'skipped') => void;
}

type Fetched = Job<PushJob>;

/** A device a fan-out tells: its subscription, and what composing needs of its reader. */
interface Device extends PushTarget {
  session_id: string;
  user_id: string;
  language: string | null;
  push_hide_text: boolean;
  translation_first: boolean;
}

/**
 * Durable web pushes on pg-boss. The send transaction (or the group change, or the calls code)
 * queues one fan-out job under an id derived from what it announces, so it commits with it and is
 * queued once. A worker runs the fan-out: who gets it (the other members, not muted; for a group
 * line, whom it invites), their live sessions' subscriptions, minus the devices showing that room
 * now; a message first waits up to translationWaitMs for the translations those readers need. Then the
 * same job pushes to all of them (deliverAll): the text read when it runs (nothing of the message is
 * kept in jobs), once per (message, language), each device's copy encrypted and POSTed: 2xx done;
 * 404/410 deletes that subscription; other 4xx are given up; a 429/5xx or network error becomes a
 * delivery job for that device alone (id from message + session), retried by pg-boss, not before the
 * service's Retry-After. A job per device only for the devices that need another attempt: the rows,
 * fetches, reads and completions of one job per device were most of a push's cost (issue 33).
 */
export class PushJobs {
  private readonly policy: JobPolicy;
  private readonly worker: JobWorker<PushJob>;

  constructor(private readonly o: PushJobsOptions) {
    this.policy = { retryLimit: o.retryLimit ?? 8, retryDelay: o.retryDelaySeconds ?? 2, retryBackoff: o.retryBackoff ?? true, expireInSeconds: 60 };
    this.worker = new JobWorker<PushJob>({
      boss: o.boss, queue: PUSH_QUEUE, policy: this.policy, log: o.log, takesWork: o.takesWork,
      concurrency: o.concurrency ?? 48, pollMs: o.pollMs ?? 500, drainMs: 10_000,
      handle: (job) => this.run(job),
    });
  }

  async start(): Promise<void> {
    await this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
  }

  /**
   * Push as a domain-event consumer (events/): a message that may need telling (a send whose readers have a device
   * away from the room, a group line that invites) and every edit and deletion (a notification still showing the
   * message is rewritten) become one fan-out job each, under an id derived from what it announces.
   */
  consumer(): EventConsumer {
    const fanOut = (subject: PushSubject) => ({ id: pushJobId(subjectKey(subject)), data: { step: 'fanout', subject } satisfies PushJob });
    return {
      queue: PUSH_QUEUE,
      policy: this.policy,
      types: ['message.sent', 'message.edited', 'message.deleted'],
      wants: (e) => e.type !== 'message.sent' || e.notify === true,
      job: (e: DomainEvent) => {
        if (e.type === 'message.sent') return fanOut({ kind: 'message', messageId: e.messageId });
        if (e.type === 'message.edited' || e.type === 'message.deleted') return fanOut({ kind: 'message_changed', messageId: e.messageId, version: e.at });
        return undefined;
      },
    };
  }

  /** Queue a call's push to the callee (ringing, or missed), in the caller's transaction (or on the database). */
  async queueCall(tx: Db, input: Extract<PushSubject, { callId: string }>): Promise<void> {
    await this.queue(tx, input);
  }

  private async queue(tx: Db, subject: PushSubject): Promise<void> {
    await this.o.boss.send(PUSH_QUEUE, { step: 'fanout', subject } satisfies PushJob, { ...this.policy, id: pushJobId(subjectKey(subject)), db: jobQueueIn(tx) });
  }

  private async run(job: Fetched): Promise<JobOutcome> {
    if (job.data.step === 'fanout') {
      // Its pushes end well within its lease (else pg-boss would run it again: its devices told twice); the ones
      // still waiting for a connection then are left to delivery jobs of their own.
      const deadline = Date.now() + (this.policy.expireInSeconds - 15) * 1000;
      const devices = await this.fanOut(job);
      if (devices.length) await this.deliverAll(job.data.subject, devices, deadline);
      return;
    }
    const result = await this.deliver(job.data);
    this.o.observe?.(result.kind);
    if (result.kind === 'retry') {
      this.o.log.warn({ jobId: job.id, reason: result.reason, attempt: job.retryCount + 1 }, 'push not accepted; will retry');
      const { retryAfterMs } = result;
      // pg-boss sets the next attempt by its backoff; the push service's Retry-After comes first.
      const after = retryAfterMs
        ? () => sql`UPDATE ${sql.id(JOB_SCHEMA, 'job')} SET start_after = GREATEST(start_after, now() + ${retryAfterMs / 1000} * interval '1 second')
            WHERE name = ${PUSH_QUEUE} AND id = ${job.id} AND state = 'retry'`.execute(this.o.db)
        : undefined;
      return { fail: { reason: result.reason }, after };
    }
    if (result.kind === 'refused') this.o.log.warn({ jobId: job.id, reason: result.reason }, 'push refused by the push service; not retried');
  }

  /** The devices to tell (see the class comment), with their subscriptions and readers: one statement for all. */
  private async fanOut(job: Fetched): Promise<Device[]> {
    const { subject } = job.data;
    const { db } = this.o;
    let roomId: string;
    let recipients: string[];
    let message: { id: string; created_at: Date; hasText: boolean } | undefined;
    let mentions: readonly MessageMention[] | null = null;
    if (subject.kind === 'missed_call' || subject.kind === 'incoming_call') {
      roomId = subject.roomId;
      recipients = [subject.calleeId];
    } else {
      const changed = subject.kind === 'message_changed';
      let find = db.selectFrom('messages').select(['id', 'chat_room_id', 'sender_id', 'content', 'system_event', 'created_at', 'deleted_at', 'mentions'])
        .where('id', '=', subject.messageId as never);
      // Deleted for everyone before its push went out: nothing to tell (a change push is about that very deletion).
      if (!changed) find = find.where('deleted_at', 'is', null);
      const row = await find.executeTakeFirst();
      if (!row) return [];
      // A change is told only within the day a notification of the message can still be showing (its TTL).
      if (changed && Date.now() - new Date(row.created_at).getTime() > 24 * 3_600_000) return [];
      roomId = row.chat_room_id;
      mentions = row.mentions;
      // The wait for translations counts from this job's creation: the send's or the edit's transaction, in the
      // database's clock (an edit's version is the app's clock, which need not be the one Date.now() reads).
      const since = new Date(job.createdOn ?? row.created_at);
      message = { id: String(row.id), created_at: since, hasText: !row.deleted_at && row.content.trim() !== '' };
      const e = row.system_event;
      if (e && !(e.kind === 'created' || e.kind === 'member_added')) return [];
      const members = await db.selectFrom('chat_room_participants').select('user_id').where('chat_room_id', '=', roomId).execute();
      recipients = members.map((m) => m.user_id).filter((id) => id !== row.sender_id && (e?.kind !== 'member_added' || id === e.target?.id));
      // Nobody is notified of someone they blocked (safety/reach.ts: the one rule).
      if (row.sender_id) recipients = await withoutThoseWhoBlocked(db, row.sender_id, recipients);
    }
    if (recipients.length === 0) return [];
    const idleCutoff = new Date(Date.now() - this.o.sessionIdleMs);
    // Muted members (until a time in the future) are left out; a mute does not silence an invitation.
    const devices = await db
      .selectFrom('push_subscriptions as ps')
      .innerJoin('sessions as s', 's.id', 'ps.session_id')
      .innerJoin('chat_room_participants as p', (j) => j.onRef('p.user_id', '=', 'ps.user_id').on('p.chat_room_id', '=', roomId))
      .innerJoin('profiles as pr', 'pr.id', 'ps.user_id')
      .select(['ps.session_id', 'ps.user_id', 'ps.endpoint', 'ps.p256dh', 'ps.auth', 'pr.language', 'pr.push_hide_text', 'pr.translation_first', 'p.muted_until', 'p.mute_mentions'])
      .where('ps.user_id', 'in', recipients)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('s.last_seen_at', '>', idleCutoff)
      .execute();
    const now = Date.now();
    // A call rings through a mute (as on a phone); its missed-call line does not. A mention does, unless the member
    // muted mentions too ("Mute everything").
    const wanted = devices.filter((d) => subject.kind === 'incoming_call' || !d.muted_until || new Date(d.muted_until).getTime() <= now
      || (!d.mute_mentions && mentionsUser(mentions, d.user_id)));
    if (wanted.length === 0) return [];
    if (message?.hasText) await this.waitForTranslations(message, [...new Set(wanted.map((d) => d.language ?? ''))]);
    const looking = await this.o.viewing.viewing(wanted.map((d) => d.session_id), roomId);
    return wanted.filter((d) => !looking.has(d.session_id));
  }

  /**
   * A fan-out's pushes, all at once: the text composed once per (message, language), then one encryption and one
   * request per device. Each device's answer is its own: a 404/410 deletes that subscription; a 429/5xx or network
   * error queues a delivery job for that device alone (id from message + session: queued once), due after the retry
   * delay or the service's Retry-After, with the attempts left; the others are done and are not pushed again.
   */
  private async deliverAll(subject: PushSubject, devices: Device[], deadline: number): Promise<void> {
    const { db, log } = this.o;
    const vapid = this.o.vapid();
    if (!vapid) throw new Error('VAPID keys not loaded yet');
    const readers = new Map(devices.map((d) => [d.user_id, { id: d.user_id, language: d.language, push_hide_text: d.push_hide_text, translation_first: d.translation_first }]));
    // A failure up to here throws: the fan-out is run again by pg-boss, nothing was pushed yet.
    const pushes = await composeForReaders(db, subject, [...readers.values()]);
    const results = await Promise.all(devices.map(async (d) => {
      const push = pushes.get(d.user_id);
      return { d, result: push ? await this.send(d, JSON.stringify(push.payload), push.options, vapid, deadline) : ({ kind: 'skipped' } as const) };
    }));
    for (const { d, result } of results) {
      this.o.observe?.(result.kind);
      if (result.kind === 'refused') log.warn({ sessionId: d.session_id, reason: result.reason }, 'push refused by the push service; not retried');
    }
    const retries = results.flatMap(({ d, result }) => (result.kind === 'retry' ? [{ d, result }] : []));
    try {
      if (retries.length) {
        log.warn({ devices: retries.length, reason: retries[0]!.result.reason }, 'pushes not accepted; each will retry');
        const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = this.policy;
        await this.o.boss.insert(retries.map(({ d, result }) => ({
          name: PUSH_QUEUE, id: pushJobId(`${subjectKey(subject)}:${d.session_id}`),
          data: { step: 'deliver', subject, sessionId: d.session_id, userId: d.user_id } satisfies PushJob,
          // That was its first attempt: the job has the rest, the first after the retry delay (or the Retry-After).
          startAfter: String(Math.max(retryDelay, Math.ceil((result.retryAfterMs ?? 0) / 1000))),
          retryLimit: Math.max(0, retryLimit - 1), retryDelay: retryBackoff ? retryDelay * 2 : retryDelay, retryBackoff, expireInSeconds,
        })));
      }
      for (const { d, result } of results) if (result.kind === 'gone') await this.forget(d.session_id, d.endpoint);
    } catch (err) {
      // Not thrown: the fan-out must not run again (the devices told would be told twice).
      log.error({ err, retries: retries.length }, 'could not queue the retries of pushes');
    }
  }

  /** One device's push; an error before the request (a key web-push cannot use) is a refusal, never a throw. */
  private async send(target: PushTarget, payload: string, options: PushOptions, vapid: VapidKeys, deadline?: number): Promise<PushResult> {
    try {
      return await sendPush(target, payload, options, vapid, { allowedOrigins: this.o.allowedOrigins, timeoutMs: this.o.timeoutMs, deadline });
    } catch (err) {
      return { kind: 'refused', status: 0, reason: err instanceof Error ? err.message : String(err) };
    }
  }

  /** The push service says this subscription is gone (404/410): forget it (unless the session subscribed anew since). */
  private async forget(sessionId: string, endpoint: string): Promise<void> {
    await this.o.db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).where('endpoint', '=', endpoint).execute();
  }

  /** Until the rows these readers need are settled, or translationWaitMs after the message was made. */
  private async waitForTranslations(message: { id: string; created_at: Date }, languages: string[]): Promise<void> {
    const deadline = message.created_at.getTime() + (this.o.translationWaitMs ?? 3_000);
    while (Date.now() < deadline) {
      const pending = await this.o.db.selectFrom('message_translations').select('language')
        .where('message_id', '=', message.id as never).where('language', 'in', languages).where('status', '=', 'pending').executeTakeFirst();
      if (!pending) return;
      await new Promise((r) => setTimeout(r, Math.min(200, Math.max(1, deadline - Date.now()))));
    }
  }

  private async deliver(job: Extract<PushJob, { step: 'deliver' }>): Promise<PushResult | { kind: 'skipped' }> {
    const vapid = this.o.vapid();
    if (!vapid) throw new Error('VAPID keys not loaded yet');
    const sub = await this.o.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth', 'user_id'])
      .where('session_id', '=', job.sessionId).executeTakeFirst();
    // Signed out (the subscription went with the session), or the device subscribed for someone else since.
    if (!sub || sub.user_id !== job.userId) return { kind: 'skipped' };
    const push = await composePush(this.o.db, job.subject, job.userId);
    if (!push) return { kind: 'skipped' };
    const result = await this.send(sub, JSON.stringify(push.payload), push.options, vapid);
    if (result.kind === 'gone') await this.forget(job.sessionId, sub.endpoint);
    return result;
  }
}
