import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent, WebhookPayload } from '@parley/common';
import { WEBHOOK_LIMITS } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { JobQueue } from '../db/jobQueue.ts';
import { JobWorker, type Job, type JobOutcome, type JobPolicy } from '../db/jobWorker.ts';
import type { DomainEvent, EventConsumer } from '../events/index.ts';
import type { SubscriptionIndex } from './outgoing.ts';
import { buildPayload, type PayloadDeps } from './payload.ts';
import { postJson } from './post.ts';
import { signature, webhookJobId } from './secrets.ts';
import type { WebhookAudit } from './types.ts';

/** The pg-boss queue of outgoing webhooks: one fan-out job per event, then one delivery per subscription. */
export const WEBHOOK_QUEUE = 'webhooks';

type WebhookJob =
  | { step: 'fanout'; event: DomainEvent }
  | { step: 'deliver'; event: DomainEvent; subscriptionId: string; deliveryId: string };

/** The webhook event a domain event is (message.sent is a message's creation). */
const EVENT_NAMES: Partial<Record<DomainEvent['type'], WebhookEvent>> = {
  'message.sent': 'message.created', 'message.edited': 'message.edited', 'message.deleted': 'message.deleted',
  'member.joined': 'member.joined', 'member.left': 'member.left',
};

export interface DeliveryOptions extends PayloadDeps {
  db: Db;
  boss: JobQueue;
  log: FastifyBaseLogger;
  index: SubscriptionIndex;
  allowedOrigins: ReadonlySet<string>;
  integrationsAllowed: () => Promise<boolean>;
  audit: WebhookAudit;
  /** A subscription was paused: tell its owner (a system line in its room: app.ts) and every node's index. */
  onPaused: (sub: { id: string; roomId: string | null; ownerId: string | null; url: string }) => Promise<void>;
  takesWork: boolean;
  tuning?: WebhookTuning | undefined;
}

/** Tests shorten these. */
export interface WebhookTuning {
  retryDelaySeconds?: number;
  retryLimit?: number;
  pollMs?: number;
  timeoutMs?: number;
  /** Failed attempts in a row before a subscription is paused (default 10), or failing for this long (24 h). */
  pauseAfterFailures?: number;
  pauseAfterMs?: number;
  /** Posts an incoming webhook accepts per minute (default 30). */
  postsPerMinute?: number;
  /** How long a delivery that asks for a language waits for the room's own translation row (default 10 s). */
  translationWaitMs?: number;
}

/**
 * Outgoing webhooks as the event log's second consumer. `wants` is a set lookup (SubscriptionIndex); the job is one
 * fan-out per event, which finds the active subscriptions of the room (and the server-wide ones, for groups) that
 * asked for this event and whose owner may read it, and queues one delivery each under an id derived from the
 * fan-out job's own id (a fan-out run twice adds nothing). A delivery reads the rows when it runs, builds the
 * payload, signs it and POSTs it through the outgoing-request guard; pg-boss retries a failure with backoff, and a
 * subscription whose attempts keep failing is paused.
 */
export class WebhookDeliveries {
  readonly policy: JobPolicy;
  private readonly worker: JobWorker<WebhookJob>;

  constructor(private readonly o: DeliveryOptions) {
    const t = o.tuning ?? {};
    this.policy = { retryLimit: t.retryLimit ?? 8, retryDelay: t.retryDelaySeconds ?? 4, retryBackoff: true, expireInSeconds: 120 };
    this.worker = new JobWorker<WebhookJob>({
      boss: o.boss, queue: WEBHOOK_QUEUE, policy: this.policy, log: o.log, takesWork: o.takesWork,
      concurrency: 16, pollMs: t.pollMs ?? 1_000, drainMs: 10_000,
      handle: (job) => this.run(job),
    });
  }

  start(): Promise<void> {
    return this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  consumer(): EventConsumer {
    return {
      queue: WEBHOOK_QUEUE,
      policy: this.policy,
      types: ['message.sent', 'message.edited', 'message.deleted', 'member.joined', 'member.left'],
      wants: (e) => this.o.index.has(e.roomId),
      job: (e) => ({ data: { step: 'fanout', event: e } satisfies WebhookJob }),
      queued: () => void this.worker.queued(),
    };
  }

  private async run(job: Job<WebhookJob>): Promise<JobOutcome> {
    const data = job.data;
    if (data.step === 'fanout') {
      if (await this.fanOut(job.id, data.event)) this.worker.kick();
      return;
    }
    return this.deliver(data);
  }

  /** The subscriptions this event goes to; their delivery jobs are queued. Returns how many. */
  private async fanOut(jobId: string, event: DomainEvent): Promise<number> {
    const name = EVENT_NAMES[event.type];
    if (!name || !('roomId' in event)) return 0;
    if (!(await this.o.integrationsAllowed())) return 0;
    const { db } = this.o;
    const room = await db.selectFrom('chat_rooms').select(['id', 'kind']).where('id', '=', event.roomId).executeTakeFirst();
    if (!room) return 0;
    let q = db.selectFrom('outgoing_webhooks').select(['id', 'chat_room_id', 'owner_id', 'events']).where('paused_at', 'is', null);
    // Server-wide subscriptions hear groups, never a pair's private conversation.
    q = room.kind === 'group' ? q.where((eb) => eb.or([eb('chat_room_id', '=', room.id), eb('chat_room_id', 'is', null)])) : q.where('chat_room_id', '=', room.id);
    const subs = (await q.execute()).filter((s) => ((typeof s.events === 'string' ? JSON.parse(s.events) : s.events) as string[]).includes(name));
    if (subs.length === 0) return 0;
    await this.o.boss.insert(subs.map((s) => ({
      name: WEBHOOK_QUEUE, id: webhookJobId(`${jobId}:${s.id}`),
      data: { step: 'deliver', event, subscriptionId: s.id, deliveryId: webhookJobId(`${jobId}:${s.id}`) } satisfies WebhookJob,
      ...this.policy,
    })));
    return subs.length;
  }

  private async deliver(job: Extract<WebhookJob, { step: 'deliver' }>): Promise<JobOutcome> {
    const { db } = this.o;
    const sub = await db.selectFrom('outgoing_webhooks').selectAll().where('id', '=', job.subscriptionId).executeTakeFirst();
    // Deleted or paused since: nothing to send (a pause drops what was waiting; resume starts afresh).
    if (!sub || sub.paused_at) return;
    if (!(await this.o.integrationsAllowed())) return;
    const name = EVENT_NAMES[job.event.type]!;
    const payload: WebhookPayload | undefined = await buildPayload(this.o, { name, event: job.event, deliveryId: job.deliveryId, sub });
    // Nothing its owner may read (they left the room, the message predates them) or nothing to say (a system line).
    if (!payload) return;
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'X-Parley-Event': name, 'X-Parley-Delivery': job.deliveryId,
      'X-Parley-Timestamp': String(timestamp), 'X-Parley-Signature': `sha256=${signature(sub.secret, timestamp, body)}`,
    };
    const result = await postJson(sub.url, body, headers, { allowedOrigins: this.o.allowedOrigins, timeoutMs: this.o.tuning?.timeoutMs ?? 10_000 });
    if (result.ok) {
      await db.updateTable('outgoing_webhooks').set({ last_delivery_at: new Date(), failures: 0, failing_since: null, last_error: null }).where('id', '=', sub.id).execute();
      return;
    }
    await this.failed(sub, result.reason);
    this.o.log.warn({ subscription: sub.id, reason: result.reason }, 'webhook delivery failed; will retry');
    return { fail: { reason: result.reason } };
  }

  /** One more failed attempt in a row; past the limit (or failing for a day) the subscription is paused. */
  private async failed(sub: { id: string; chat_room_id: string | null; owner_id: string | null; url: string }, reason: string): Promise<void> {
    const t = this.o.tuning ?? {};
    const limit = t.pauseAfterFailures ?? WEBHOOK_LIMITS.pauseAfterFailures;
    const pauseAfterMs = t.pauseAfterMs ?? WEBHOOK_LIMITS.pauseAfterHours * 3_600_000;
    const now = new Date();
    const paused = await this.o.db.transaction().execute(async (tx) => {
      const row = await tx.updateTable('outgoing_webhooks')
        .set((eb) => ({ failures: eb('failures', '+', 1), failing_since: eb.fn.coalesce('failing_since', eb.val(now)), last_error: reason.slice(0, 300) }))
        .where('id', '=', sub.id).where('paused_at', 'is', null)
        .returning(['failures', 'failing_since']).executeTakeFirst();
      if (!row) return false;
      const since = row.failing_since ? new Date(row.failing_since).getTime() : now.getTime();
      if (row.failures < limit && now.getTime() - since < pauseAfterMs) return false;
      await tx.updateTable('outgoing_webhooks').set({ paused_at: now }).where('id', '=', sub.id).execute();
      await this.o.audit(tx, { action: 'webhook.paused', actorId: null, address: null, details: { kind: 'outgoing', id: sub.id, roomId: sub.chat_room_id, url: sub.url, failures: row.failures, lastError: reason.slice(0, 300) } });
      return true;
    });
    if (paused) await this.o.onPaused({ id: sub.id, roomId: sub.chat_room_id, ownerId: sub.owner_id, url: sub.url });
  }
}
