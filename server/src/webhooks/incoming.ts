import { createHash, randomUUID } from 'node:crypto';
import type { ChatMessage, CreatedIncomingWebhook, IncomingWebhookView } from '@parley/common';
import { WEBHOOK_LIMITS } from '@parley/common';
import type { SendInput } from '../chat/messageSender.ts';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { RateLimit } from '../http/rateLimit.ts';
import { requireIntegrations, requireWebhookRight } from './rights.ts';
import { hashSecret, newSecret, secretMatches } from './secrets.ts';
import type { WebhookAudit } from './types.ts';

export interface IncomingDeps {
  db: Db;
  /** Chat's send (chat/messageSender.ts sendMessage, wired in app.ts): the very path people's messages take. */
  send: (input: SendInput) => Promise<{ message: ChatMessage; created: boolean }>;
  integrationsAllowed: () => Promise<boolean>;
  /** Where the URLs point (PUBLIC_URL), else the request's own origin. */
  publicUrl: string | undefined;
  audit: WebhookAudit;
}

const hookNotFound = () => notFound('Webhook not found');
const hookUrl = (origin: string, id: string, secret: string) => `${origin.replace(/\/$/, '')}/api/hooks/${id}/${secret}`;

export async function createIncoming(deps: IncomingDeps, who: { userId: string; address: string | null; origin: string }, roomId: string, name: string): Promise<CreatedIncomingWebhook> {
  await requireWebhookRight(deps.db, roomId, who.userId);
  await requireIntegrations(deps.integrationsAllowed);
  const count = await deps.db.selectFrom('incoming_webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('chat_room_id', '=', roomId).executeTakeFirstOrThrow();
  if (Number(count.n) >= WEBHOOK_LIMITS.perRoom) throw new AppError(400, 'invalid_request', `A conversation has at most ${WEBHOOK_LIMITS.perRoom} incoming webhooks`);
  const secret = newSecret();
  const row = await deps.db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('incoming_webhooks').values({ chat_room_id: roomId, creator_id: who.userId, name, secret_hash: hashSecret(secret), last_used_at: null })
      .returning(['id']).executeTakeFirstOrThrow();
    await deps.audit(tx, { action: 'webhook.created', actorId: who.userId, address: who.address, details: { kind: 'incoming', id: row.id, roomId, name } });
    return row;
  });
  return { id: row.id, url: hookUrl(deps.publicUrl ?? who.origin, row.id, secret) };
}

export async function listIncoming(db: Db, userId: string, roomId: string): Promise<IncomingWebhookView[]> {
  await requireWebhookRight(db, roomId, userId);
  return incomingViews(db, (q) => q.where('w.chat_room_id', '=', roomId));
}

type Select = ReturnType<typeof incomingSelect>;
const incomingSelect = (db: Db) => db.selectFrom('incoming_webhooks as w').leftJoin('profiles as p', 'p.id', 'w.creator_id')
  .select(['w.id', 'w.chat_room_id', 'w.name', 'w.creator_id', 'w.created_at', 'w.last_used_at', 'p.username']);

export async function incomingViews(db: Db, where: (q: Select) => Select): Promise<IncomingWebhookView[]> {
  const rows = await where(incomingSelect(db)).orderBy('w.created_at').execute();
  return rows.map((r) => ({
    id: r.id, roomId: r.chat_room_id, name: r.name, creatorId: r.creator_id, creatorName: r.username ?? null,
    createdAt: new Date(r.created_at).toISOString(), lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  }));
}

/** Delete one (the room's managers; an operator from the console: `roomId` undefined). */
export async function deleteIncoming(deps: Pick<IncomingDeps, 'db' | 'audit'>, who: { userId: string; address: string | null }, roomId: string | undefined, id: string): Promise<void> {
  if (roomId) await requireWebhookRight(deps.db, roomId, who.userId);
  await deps.db.transaction().execute(async (tx) => {
    let q = tx.deleteFrom('incoming_webhooks').where('id', '=', id);
    if (roomId) q = q.where('chat_room_id', '=', roomId);
    const gone = await q.returning(['chat_room_id', 'name']).executeTakeFirst();
    if (!gone) throw hookNotFound();
    await deps.audit(tx, { action: 'webhook.deleted', actorId: who.userId, address: who.address, details: { kind: 'incoming', id, roomId: gone.chat_room_id, name: gone.name, byOperator: !roomId } });
  });
}

/** A new secret: the old URL stops working at once. */
export async function rotateIncoming(deps: IncomingDeps, who: { userId: string; address: string | null; origin: string }, roomId: string, id: string): Promise<CreatedIncomingWebhook> {
  await requireWebhookRight(deps.db, roomId, who.userId);
  const secret = newSecret();
  await deps.db.transaction().execute(async (tx) => {
    const row = await tx.updateTable('incoming_webhooks').set({ secret_hash: hashSecret(secret) }).where('id', '=', id).where('chat_room_id', '=', roomId)
      .returning(['id']).executeTakeFirst();
    if (!row) throw hookNotFound();
    await deps.audit(tx, { action: 'webhook.rotated', actorId: who.userId, address: who.address, details: { kind: 'incoming', id, roomId } });
  });
  return { id, url: hookUrl(deps.publicUrl ?? who.origin, id, secret) };
}

export interface HookPost {
  id: string;
  secret: string;
  text: string;
  username?: string | undefined;
  avatar?: string | undefined;
  /** The Idempotency-Key header: the same key twice is one message (the send's client id). */
  idempotencyKey?: string | undefined;
}

/**
 * A post to the hook's URL: the secret checked against its hash in constant time (a wrong one, an unknown hook and a
 * creator no longer in the room are one 404), the hook's rate limit, then chat's send as the creator, marked
 * "via webhook" and translated for every reader (blocks, the translation budget, push and search as any message).
 */
export async function postThroughHook(deps: IncomingDeps & { limit: RateLimit }, post: HookPost): Promise<ChatMessage> {
  const hook = await deps.db.selectFrom('incoming_webhooks').select(['id', 'chat_room_id', 'creator_id', 'secret_hash'])
    .where('id', '=', post.id).executeTakeFirst();
  if (!hook || !secretMatches(post.secret, hook.secret_hash)) throw hookNotFound();
  await requireIntegrations(deps.integrationsAllowed);
  await deps.limit.consume(hook.id);
  const clientId = post.idempotencyKey
    ? `hook-${createHash('sha256').update(`${hook.id}:${post.idempotencyKey}`).digest('hex').slice(0, 40)}`
    : `hook-${randomUUID()}`;
  let sent: { message: ChatMessage };
  try {
    sent = await deps.send({
      senderId: hook.creator_id, roomId: hook.chat_room_id, content: post.text, clientId,
      via: { hookId: hook.id, name: post.username ?? null, avatar: post.avatar ?? null },
    });
  } catch (err) {
    // The creator left the conversation (or it is gone): the hook stops working.
    if (err instanceof AppError && err.status === 404) throw hookNotFound();
    throw err;
  }
  await deps.db.updateTable('incoming_webhooks').set({ last_used_at: new Date() }).where('id', '=', hook.id).execute();
  return sent.message;
}
