import type { WebhookEvent, WebhookPayload } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { DomainEvent } from '../events/index.ts';

export interface PayloadDeps {
  db: Db;
  /** Chat's translator (the conversation's glossary and tone), for a language nobody in the room reads. */
  translate: (input: { text: string; sourceHint: string | null; target: string; roomId: string }) => Promise<string | null>;
  tuning?: { translationWaitMs?: number } | undefined;
}

interface Subscription {
  chat_room_id: string | null;
  owner_id: string | null;
  language: string | null;
}

/**
 * The JSON of one delivery, read from the rows when it runs (a retry sends the message as it is then). Undefined:
 * nothing to send, because the subscription's owner may not read it (no longer a member, or the message predates
 * their joining) or it is a system line (members joining and leaving have events of their own).
 */
export async function buildPayload(deps: PayloadDeps, o: { name: WebhookEvent; event: DomainEvent; deliveryId: string; sub: Subscription }): Promise<WebhookPayload | undefined> {
  const { db } = deps;
  const { event, sub } = o;
  if (!('roomId' in event)) return undefined;
  const room = await db.selectFrom('chat_rooms').select(['id', 'kind', 'name']).where('id', '=', event.roomId).executeTakeFirst();
  if (!room) return undefined;
  let joinedAt: Date | undefined;
  if (sub.chat_room_id) {
    // A room's subscription delivers only what its owner can read now (a removed owner's hook stops).
    const me = sub.owner_id ? await db.selectFrom('chat_room_participants').select('joined_at').where('chat_room_id', '=', room.id).where('user_id', '=', sub.owner_id).executeTakeFirst() : undefined;
    if (!me) return undefined;
    joinedAt = new Date(me.joined_at);
  }
  const name = room.kind === 'group' ? room.name : await pairName(db, room.id, sub.owner_id);
  const base = { event: o.name, id: o.deliveryId, timestamp: new Date().toISOString(), room: { id: room.id, kind: room.kind, name } };
  if (event.type === 'member.joined' || event.type === 'member.left') {
    const member = await db.selectFrom('profiles').select(['id', 'username']).where('id', '=', event.userId).executeTakeFirst();
    return { ...base, member: { id: event.userId, username: member?.username ?? '' } };
  }
  if (!('messageId' in event)) return undefined;
  const m = await db.selectFrom('messages').selectAll().where('id', '=', event.messageId as never).executeTakeFirst();
  if (!m || m.system_event) return undefined;
  if (joinedAt && new Date(m.created_at).getTime() < joinedAt.getTime() - 1_000) return undefined;
  const sender = m.sender_id ? await db.selectFrom('profiles').select(['id', 'username']).where('id', '=', m.sender_id).executeTakeFirst() : undefined;
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  const payload: WebhookPayload = {
    ...base,
    message: {
      id: String(m.id), text: m.deleted_at ? '' : m.content, language: m.original_language, createdAt: new Date(m.created_at).toISOString(),
      editedAt: iso(m.edited_at), deletedAt: iso(m.deleted_at), viaWebhook: m.via_webhook !== null,
    },
    sender: sender ? { id: sender.id, username: sender.username } : null,
  };
  if (sub.language && !m.deleted_at && m.content.trim()) {
    payload.translation = { language: sub.language, text: await translationOf(deps, { id: String(m.id), roomId: room.id, content: m.content, language: m.original_language }, sub.language) };
  }
  return payload;
}

/** A pair has no name: "Chat: <the other person>" as its owner sees it (the conversation list's words). */
async function pairName(db: Db, roomId: string, ownerId: string | null): Promise<string> {
  const other = await db.selectFrom('chat_room_participants as p').innerJoin('profiles as pr', 'pr.id', 'p.user_id').select('pr.username')
    .where('p.chat_room_id', '=', roomId).where('p.user_id', '!=', ownerId ?? '00000000-0000-0000-0000-000000000000').executeTakeFirst();
  return `Chat: ${other?.username ?? ''}`;
}

/**
 * The message in `target`: the original when it is already in it; the room's own translation row when a member reads
 * that language (waiting for it while it is pending: the readers' very text, made once); else a translation made
 * here through chat's translator (nobody in the room reads it). Null when it could not be translated.
 */
async function translationOf(deps: PayloadDeps, m: { id: string; roomId: string; content: string; language: string | null }, target: string): Promise<string | null> {
  if (m.language === target) return m.content;
  const deadline = Date.now() + (deps.tuning?.translationWaitMs ?? 10_000);
  for (;;) {
    const row = await deps.db.selectFrom('message_translations').select(['status', 'content']).where('message_id', '=', m.id as never).where('language', '=', target).executeTakeFirst();
    if (!row) break;
    if (row.status === 'done') return row.content;
    if (row.status === 'not_needed') return m.content;
    if (row.status === 'failed' || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const detected = await deps.db.selectFrom('messages').select('original_language').where('id', '=', m.id as never).executeTakeFirst();
  if (detected?.original_language === target) return m.content;
  return deps.translate({ text: m.content, sourceHint: detected?.original_language ?? m.language, target, roomId: m.roomId });
}
