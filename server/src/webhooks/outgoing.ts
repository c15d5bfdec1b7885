import type { CreatedOutgoingWebhook, OutgoingWebhookView, WebhookEvent } from '@parley/common';
import { WEBHOOK_LIMITS } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { judgeOutboundUrl } from '../platform/outbound.ts';
import { requireIntegrations, requireWebhookRight } from './rights.ts';
import { newSecret } from './secrets.ts';
import type { WebhookAudit } from './types.ts';

export interface OutgoingDeps {
  db: Db;
  integrationsAllowed: () => Promise<boolean>;
  /** WEBHOOK_ALLOWED_ORIGINS. */
  allowedOrigins: ReadonlySet<string>;
  audit: WebhookAudit;
  /** A subscription was added, removed, paused or resumed: every node reloads its index (index.ts). */
  changed: () => Promise<void>;
  /** Tests resolve host names their own way. */
  resolve?: (host: string) => Promise<string[]>;
}

const subscriptionNotFound = () => notFound('Webhook not found');

export interface NewSubscription {
  url: string;
  events: WebhookEvent[];
  language?: string | null | undefined;
}

/** `roomId` null: a server-wide subscription (the console's). The URL must pass the outgoing-request guard now too. */
export async function createOutgoing(deps: OutgoingDeps, who: { userId: string; address: string | null }, roomId: string | null, body: NewSubscription): Promise<CreatedOutgoingWebhook> {
  if (roomId) await requireWebhookRight(deps.db, roomId, who.userId);
  await requireIntegrations(deps.integrationsAllowed);
  const refusal = await judgeOutboundUrl(body.url, { allowedOrigins: deps.allowedOrigins, ...(deps.resolve ? { resolve: deps.resolve } : {}) });
  if (refusal === 'invalid') throw new AppError(400, 'webhook_url_invalid', 'url: a webhook URL must be https (or an origin in WEBHOOK_ALLOWED_ORIGINS)');
  if (refusal) throw new AppError(400, 'webhook_url_not_allowed', 'url: webhooks are delivered to public addresses only (or an origin in WEBHOOK_ALLOWED_ORIGINS)');
  if (roomId) {
    const count = await deps.db.selectFrom('outgoing_webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('chat_room_id', '=', roomId).executeTakeFirstOrThrow();
    if (Number(count.n) >= WEBHOOK_LIMITS.perRoom) throw new AppError(400, 'invalid_request', `A conversation has at most ${WEBHOOK_LIMITS.perRoom} outgoing webhooks`);
  }
  const secret = newSecret();
  const events = [...new Set(body.events)];
  const row = await deps.db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('outgoing_webhooks').values({
      chat_room_id: roomId, owner_id: who.userId, url: body.url, events: JSON.stringify(events), language: body.language ?? null, secret,
      last_delivery_at: null, failing_since: null, last_error: null, paused_at: null,
    }).returning(['id']).executeTakeFirstOrThrow();
    await deps.audit(tx, { action: 'webhook.created', actorId: who.userId, address: who.address, details: { kind: 'outgoing', id: row.id, roomId, url: body.url, events } });
    return row;
  });
  await deps.changed();
  return { id: row.id, secret };
}

type Select = ReturnType<typeof outgoingSelect>;
const outgoingSelect = (db: Db) => db.selectFrom('outgoing_webhooks as w').leftJoin('profiles as p', 'p.id', 'w.owner_id')
  .select(['w.id', 'w.chat_room_id', 'w.url', 'w.events', 'w.language', 'w.owner_id', 'w.created_at', 'w.last_delivery_at', 'w.failures', 'w.last_error', 'w.paused_at', 'p.username']);

export async function outgoingViews(db: Db, where: (q: Select) => Select): Promise<OutgoingWebhookView[]> {
  const rows = await where(outgoingSelect(db)).orderBy('w.created_at').execute();
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    id: r.id, roomId: r.chat_room_id, url: r.url, events: (typeof r.events === 'string' ? JSON.parse(r.events) : r.events) as WebhookEvent[],
    language: r.language, ownerId: r.owner_id, ownerName: r.username ?? null, createdAt: new Date(r.created_at).toISOString(),
    lastDeliveryAt: iso(r.last_delivery_at), failures: r.failures, lastError: r.last_error, pausedAt: iso(r.paused_at),
  }));
}

export async function listOutgoing(db: Db, userId: string, roomId: string): Promise<OutgoingWebhookView[]> {
  await requireWebhookRight(db, roomId, userId);
  return outgoingViews(db, (q) => q.where('w.chat_room_id', '=', roomId));
}

/** `roomId` undefined: the console (any subscription). */
export async function deleteOutgoing(deps: OutgoingDeps, who: { userId: string; address: string | null }, roomId: string | undefined, id: string): Promise<void> {
  if (roomId) await requireWebhookRight(deps.db, roomId, who.userId);
  await deps.db.transaction().execute(async (tx) => {
    let q = tx.deleteFrom('outgoing_webhooks').where('id', '=', id);
    if (roomId) q = q.where('chat_room_id', '=', roomId);
    const gone = await q.returning(['chat_room_id', 'url']).executeTakeFirst();
    if (!gone) throw subscriptionNotFound();
    await deps.audit(tx, { action: 'webhook.deleted', actorId: who.userId, address: who.address, details: { kind: 'outgoing', id, roomId: gone.chat_room_id, url: gone.url, byOperator: !roomId } });
  });
  await deps.changed();
}

/** Deliver again after a pause (the events of the pause are not sent). */
export async function resumeOutgoing(deps: OutgoingDeps, who: { userId: string; address: string | null }, roomId: string | undefined, id: string): Promise<void> {
  if (roomId) await requireWebhookRight(deps.db, roomId, who.userId);
  await requireIntegrations(deps.integrationsAllowed);
  await deps.db.transaction().execute(async (tx) => {
    let q = tx.updateTable('outgoing_webhooks').set({ paused_at: null, failures: 0, failing_since: null }).where('id', '=', id);
    q = roomId ? q.where('chat_room_id', '=', roomId) : q;
    const row = await q.returning(['id']).executeTakeFirst();
    if (!row) throw subscriptionNotFound();
    await deps.audit(tx, { action: 'webhook.resumed', actorId: who.userId, address: who.address, details: { kind: 'outgoing', id, roomId: roomId ?? null } });
  });
  await deps.changed();
}

/**
 * Which rooms have an active (not paused) subscription, and whether a server-wide one exists: per node, in memory,
 * so the event log's `wants` is a set lookup before every send. Reloaded when any node says a subscription changed
 * (cluster bus), and every minute as a safety net (a missed bus message, a pause written by another node's worker).
 */
export class SubscriptionIndex {
  private rooms = new Set<string>();
  private serverWide = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db, private readonly warn: (err: unknown) => void) {}

  has(roomId: string | undefined): boolean {
    return this.serverWide || (roomId !== undefined && this.rooms.has(roomId));
  }

  async reload(): Promise<void> {
    const rows = await this.db.selectFrom('outgoing_webhooks').select('chat_room_id').distinct().where('paused_at', 'is', null).execute();
    this.rooms = new Set(rows.flatMap((r) => (r.chat_room_id ? [r.chat_room_id] : [])));
    this.serverWide = rows.some((r) => r.chat_room_id === null);
  }

  async start(everyMs = 60_000): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(this.warn), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
