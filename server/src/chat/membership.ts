import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';

import { isUuid } from '../platform/ids.ts';

export const roomNotFound = () => notFound('Conversation not found');

/**
 * The caller's participant row for a room. A malformed id, a room that does not exist and a
 * room the caller is not in all get the same 404, so non-members learn nothing.
 */
export async function requireMembership(db: Db, roomId: string, userId: string) {
  if (!isUuid(roomId)) throw roomNotFound();
  const row = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('chat_rooms as r', 'r.id', 'p.chat_room_id')
    .selectAll('p')
    .select(['r.kind', 'r.register'])
    .where('p.chat_room_id', '=', roomId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw roomNotFound();
  return row;
}

export { isUuid };

/** What a person may read of a room: a member, everything from joining on; a removed member, up to the removal line. */
export interface ReadAccess {
  kind: 'direct' | 'group';
  joined_at: Date;
  /** Null for a member; else the last message id they may read, and when it was written. */
  until: { messageId: string; at: Date } | null;
}

/**
 * The one read check of a room's history (messages, its people, its media): a member, or a group's removed
 * member who has not deleted the conversation (read-only, up to their removal). Everything else, sends,
 * reactions, typing, marks, events, push, stays members-only (requireMembership, roomReaders). Same 404 otherwise.
 */
export async function requireReadAccess(db: Db, roomId: string, userId: string): Promise<ReadAccess> {
  if (!isUuid(roomId)) throw roomNotFound();
  const member = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('chat_rooms as r', 'r.id', 'p.chat_room_id')
    .select(['r.kind', 'p.joined_at'])
    .where('p.chat_room_id', '=', roomId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  if (member) return { kind: member.kind, joined_at: member.joined_at, until: null };
  const former = await formerReader(db, roomId, userId);
  if (!former) throw roomNotFound();
  return former;
}

/** A removed member's read-only access to a group, or null. */
export async function formerReader(db: Db, roomId: string, userId: string): Promise<ReadAccess | null> {
  if (!isUuid(roomId)) return null;
  const row = await db
    .selectFrom('room_former_members')
    .select(['joined_at', 'left_at', 'until_message_id'])
    .where('chat_room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('hidden', '=', false)
    .executeTakeFirst();
  return row ? { kind: 'group', joined_at: row.joined_at, until: { messageId: String(row.until_message_id), at: row.left_at } } : null;
}
