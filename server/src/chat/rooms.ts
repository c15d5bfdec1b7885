import {
  type AttachmentKind, groupInitials, type GroupRegister, type GroupSystemEvent, type RoomKind,
  inferRelationshipContext, pickerContext, type ConversationListItem, type PickerRelationshipType,
  type RelationshipContext, type UserSummary,
} from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import { cannotMessage, blockedEitherWay } from '../safety/blocks.ts';
import { isUuid, requireMembership } from './membership.ts';
import { botCannotStart, isBot, partnerHasWritten } from './bots.ts';
import { iso } from './presenters.ts';

const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The one room two users share: reused when it exists, else created as 'Chat: {username}'
 * with both participants in one transaction. The unique pair_key makes concurrent starts meet.
 */
export async function startChat(db: Db, callerId: string, otherId: string, relationship?: PickerRelationshipType) {
  if (callerId === otherId || !isUuid(otherId)) throw notFound('User not found');
  const other = await db.selectFrom('profiles').select(['id', 'username']).where('id', '=', otherId).executeTakeFirst();
  if (!other) throw notFound('User not found');
  const key = pairKey(callerId, otherId);
  // A block either way: no new chat (an existing one still opens; its sends are refused).
  if (await blockedEitherWay(db, callerId, otherId)) {
    const existing = await db.selectFrom('chat_rooms').select('id').where('pair_key', '=', key).executeTakeFirst();
    if (!existing) throw cannotMessage();
  }
  // A bot opens a pair room only where the person has written to it already.
  if (await isBot(db, callerId)) {
    const existing = await db.selectFrom('chat_rooms').select('id').where('pair_key', '=', key).executeTakeFirst();
    if (!existing || !(await partnerHasWritten(db, existing.id, callerId))) throw botCannotStart();
  }
  const result = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('chat_rooms')
      .values({ name: `Chat: ${other.username}`, created_by: callerId, pair_key: key })
      .onConflict((oc) => oc.column('pair_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    const room = inserted ?? (await trx.selectFrom('chat_rooms').select('id').where('pair_key', '=', key).executeTakeFirstOrThrow());
    await trx
      .insertInto('chat_room_participants')
      .values([{ chat_room_id: room.id, user_id: callerId }, { chat_room_id: room.id, user_id: otherId }])
      .onConflict((oc) => oc.columns(['chat_room_id', 'user_id']).doNothing())
      .execute();
    return { roomId: room.id, created: Boolean(inserted) };
  });
  if (relationship) await saveContext(db, result.roomId, callerId, pickerContext(relationship));
  return result;
}

/** The caller's conversations with partner, last message and a real unread count. */
export async function listConversations(db: Db, callerId: string, roomId?: string): Promise<ConversationListItem[]> {
  // A group member sees the room's messages from joining on (history, unread, last message alike).
  const rows = await sql<{
    id: string; name: string; created_at: Date; kind: RoomKind; register: GroupRegister | null; role: string; member_count: string | number;
    other_id: string | null; other_username: string | null; other_email: string | null; other_language: string | null;
    last_content: string | null; last_translated: string | null; last_created_at: Date | null; last_sender_id: string | null; last_sender_username: string | null; other_bot: boolean | null;
    last_attachment_kind: AttachmentKind | null; last_system_event: GroupSystemEvent | null; last_deleted_at: Date | null;
    unread: string | number; mentioned: boolean;
  }>`
    SELECT r.id, r.name, r.created_at, r.kind, r.register, me.role,
           (SELECT count(*) FROM chat_room_participants c WHERE c.chat_room_id = r.id) AS member_count,
           op.id AS other_id, op.username AS other_username, op.email AS other_email, op.language AS other_language,
           (SELECT u.is_bot FROM users u WHERE u.id = op.id) AS other_bot,
           lm.content AS last_content, lt.content AS last_translated, lm.created_at AS last_created_at, lm.sender_id AS last_sender_id,
           sp.username AS last_sender_username, lm.attachment->>'kind' AS last_attachment_kind, lm.system_event AS last_system_event,
           lm.deleted_at AS last_deleted_at,
           (SELECT count(*) FROM messages m
             WHERE m.chat_room_id = r.id AND m.id > me.last_read_message_id
               AND (r.kind = 'direct' OR m.created_at >= me.joined_at)
               AND m.sender_id IS DISTINCT FROM me.user_id AND m.deleted_at IS NULL) AS unread,
           -- An unread message that mentions the caller (or @all), from someone they have not blocked.
           EXISTS (SELECT 1 FROM messages m
             WHERE m.chat_room_id = r.id AND m.id > me.last_read_message_id AND m.mentions IS NOT NULL
               AND (r.kind = 'direct' OR m.created_at >= me.joined_at) AND m.deleted_at IS NULL
               AND (m.mentions @> jsonb_build_array(jsonb_build_object('id', me.user_id::text)) OR m.mentions @> '[{"id": "all"}]'::jsonb)
               AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = me.user_id AND b.blocked_id = m.sender_id)) AS mentioned
      FROM chat_room_participants me
      JOIN chat_rooms r ON r.id = me.chat_room_id
      LEFT JOIN chat_room_participants o ON r.kind = 'direct' AND o.chat_room_id = r.id AND o.user_id <> me.user_id
      LEFT JOIN profiles op ON op.id = o.user_id
      LEFT JOIN LATERAL (
        SELECT id, content, created_at, sender_id, attachment, system_event, deleted_at FROM messages
         WHERE chat_room_id = r.id AND (r.kind = 'direct' OR created_at >= me.joined_at) ORDER BY id DESC LIMIT 1
      ) lm ON true
      LEFT JOIN profiles mp ON mp.id = me.user_id
      LEFT JOIN message_translations lt ON lt.message_id = lm.id AND lt.language = mp.language
      LEFT JOIN profiles sp ON sp.id = lm.sender_id
     WHERE me.user_id = ${callerId} ${roomId ? sql`AND r.id = ${roomId}` : sql``}
     ORDER BY coalesce(lm.created_at, r.created_at) DESC, r.id`.execute(db);
  const former = await formerRooms(db, callerId, roomId);
  const items: ConversationListItem[] = rows.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    created_at: iso(r.created_at),
    memberCount: Number(r.member_count),
    avatarInitials: r.kind === 'group' ? groupInitials(r.name) : (Array.from(r.other_username ?? '?')[0]?.toLocaleUpperCase() ?? '?'),
    register: r.kind === 'group' ? r.register : null,
    isAdmin: r.kind === 'group' && r.role === 'admin',
    otherUser: r.other_id
      ? { id: r.other_id, username: r.other_username ?? '', email: r.other_email ?? '', language: r.other_language, ...(r.other_bot ? { bot: true as const } : {}) }
      : null,
    lastMessage:
      r.last_content !== null && r.last_created_at
        ? {
            content: r.last_content,
            // The reader's language first: the partner's message as translated for the caller.
            translated_content: r.last_sender_id === callerId ? null : r.last_translated,
            created_at: iso(r.last_created_at),
            sender_username: r.last_sender_username ?? 'Unknown',
            isFromCurrentUser: r.last_sender_id === callerId,
            ...(r.last_attachment_kind ? { attachment_kind: r.last_attachment_kind } : {}),
            ...(r.last_system_event ? { system_event: r.last_system_event } : {}),
            ...(r.last_deleted_at ? { deleted: true } : {}),
          }
        : null,
    unreadCount: Number(r.unread),
    ...(r.mentioned ? { mentioned: true } : {}),
  }));
  if (former.length === 0) return items;
  const at = (item: ConversationListItem) => item.lastMessage?.created_at ?? item.created_at;
  return [...items, ...former].sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : a.id < b.id ? -1 : 1));
}

/**
 * The groups an admin removed the caller from, read-only until they delete them (issue 38): each as it was at the
 * removal (its last line is "alice removed you"), nothing unread, nothing of what happened after.
 */
async function formerRooms(db: Db, callerId: string, roomId?: string): Promise<ConversationListItem[]> {
  if (roomId !== undefined && !isUuid(roomId)) return [];
  let q = db
    .selectFrom('room_former_members as f')
    .innerJoin('chat_rooms as r', 'r.id', 'f.chat_room_id')
    .innerJoin('messages as lm', 'lm.id', 'f.until_message_id')
    .leftJoin('profiles as sp', 'sp.id', 'lm.sender_id')
    .select(['r.id', 'r.name', 'r.created_at', 'r.register', 'lm.created_at as last_created_at', 'lm.sender_id', 'lm.system_event', 'sp.username'])
    .where('f.user_id', '=', callerId)
    .where('f.hidden', '=', false);
  if (roomId !== undefined) q = q.where('f.chat_room_id', '=', roomId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id, kind: 'group' as const, name: r.name, created_at: iso(r.created_at), memberCount: 0,
    avatarInitials: groupInitials(r.name), register: r.register, isAdmin: false, otherUser: null, unreadCount: 0, readOnly: true as const,
    lastMessage: {
      content: '', translated_content: null, created_at: iso(r.last_created_at), sender_username: r.username ?? 'Unknown', isFromCurrentUser: false,
      ...(r.system_event ? { system_event: r.system_event as GroupSystemEvent } : {}),
    },
  }));
}

export async function getConversation(db: Db, callerId: string, roomId: string): Promise<ConversationListItem> {
  const [item] = await listConversations(db, callerId, roomId);
  if (!item) throw notFound('Conversation not found');
  return item;
}

export async function partnerOf(db: Db, roomId: string, callerId: string): Promise<UserSummary | null> {
  const row = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.user_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['pr.id', 'pr.username', 'pr.email', 'pr.language', 'u.is_bot'])
    .where('p.chat_room_id', '=', roomId)
    .where('p.user_id', '!=', callerId)
    .executeTakeFirst();
  if (!row) return null;
  const { is_bot: bot, ...user } = row;
  return { ...user, ...(bot ? { bot: true as const } : {}) };
}

/**
 * delete_chat_room: true when deleted; false when the caller may not (not a participant,
 * or no such room — the same answer). Returns who was in it, to tell their screens.
 */
export async function deleteRoom(db: Db, callerId: string, roomId: string): Promise<{ deleted: boolean; participants: string[] }> {
  if (!isUuid(roomId)) return { deleted: false, participants: [] };
  return db.transaction().execute(async (trx) => {
    const members = await trx.selectFrom('chat_room_participants').select('user_id').where('chat_room_id', '=', roomId).forUpdate().execute();
    const participants = members.map((m) => m.user_id);
    if (!participants.includes(callerId)) {
      // A removed member deletes their read-only copy of a group (the others keep theirs; the name stays on their words).
      const hidden = await trx.updateTable('room_former_members').set({ hidden: true })
        .where('chat_room_id', '=', roomId).where('user_id', '=', callerId).where('hidden', '=', false).executeTakeFirst();
      return Number(hidden.numUpdatedRows) > 0 ? { deleted: true, participants: [callerId] } : { deleted: false, participants: [] };
    }
    // A group is not one member's to delete: they leave it (POST .../leave).
    const room = await trx.selectFrom('chat_rooms').select('kind').where('id', '=', roomId).executeTakeFirst();
    if (room?.kind === 'group') return { deleted: false, participants: [] };
    await trx.deleteFrom('chat_rooms').where('id', '=', roomId).execute();
    return { deleted: true, participants };
  });
}

/** mark_chat_room_messages_read: the caller has read everything up to the newest message. */
export async function markRead(db: Db, callerId: string, roomId: string): Promise<string> {
  await requireMembership(db, roomId, callerId);
  const row = await db
    .updateTable('chat_room_participants')
    .set({
      last_read_message_id: sql<string>`greatest(last_read_message_id, coalesce((SELECT max(id) FROM messages WHERE chat_room_id = ${roomId}), 0))`,
    })
    .where('chat_room_id', '=', roomId)
    .where('user_id', '=', callerId)
    .returning('last_read_message_id')
    .executeTakeFirstOrThrow();
  return String(row.last_read_message_id);
}

export async function getContext(db: Db, roomId: string, callerId: string): Promise<RelationshipContext | null> {
  const row = await requireMembership(db, roomId, callerId);
  return row.relationship_context ?? null;
}

/** Saves on the caller's own participant row only. */
export async function saveContext(db: Db, roomId: string, callerId: string, context: RelationshipContext): Promise<RelationshipContext> {
  await requireMembership(db, roomId, callerId);
  await db
    .updateTable('chat_room_participants')
    .set({ relationship_context: JSON.stringify(context) })
    .where('chat_room_id', '=', roomId)
    .where('user_id', '=', callerId)
    .execute();
  return context;
}

export function contextFromBody(body: { relationshipType: string } | { description: string }): RelationshipContext {
  return 'relationshipType' in body
    ? pickerContext(body.relationshipType as PickerRelationshipType)
    : inferRelationshipContext(body.description);
}
