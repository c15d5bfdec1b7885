import type { ReadMark } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { requireMembership } from './membership.ts';

/**
 * Read receipts (issue 25 item 6). The read mark is the member's `last_read_message_id` (also the unread
 * counts'). Others see it only when both sides have read receipts on (`profiles.read_receipts`, like
 * WhatsApp: off hides one's reads and the others' from one) and neither blocked the other.
 */

/** Neither of the two blocked the other (SQL over `a` and `b` user id columns or values). */
const notBlockedEitherWay = (a: unknown, b: unknown) => sql<boolean>`NOT EXISTS (
  SELECT 1 FROM user_blocks ub WHERE (ub.blocker_id = ${a} AND ub.blocked_id = ${b}) OR (ub.blocker_id = ${b} AND ub.blocked_id = ${a}))`;

/** The other members' read marks the caller may see (none when the caller turned read receipts off). */
export async function readMarks(db: Db, callerId: string, roomId: string): Promise<ReadMark[]> {
  await requireMembership(db, roomId, callerId);
  const rows = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('profiles as them', 'them.id', 'p.user_id')
    .innerJoin('profiles as me', (join) => join.on('me.id', '=', callerId))
    .select(['p.user_id', 'p.last_read_message_id'])
    .where('p.chat_room_id', '=', roomId)
    .where('p.user_id', '!=', callerId)
    .where('me.read_receipts', '=', true)
    .where('them.read_receipts', '=', true)
    .where(notBlockedEitherWay(sql.ref('p.user_id'), callerId))
    .execute();
  return rows.map((r) => ({ userId: r.user_id, lastReadMessageId: String(r.last_read_message_id) }));
}

/** Everyone who shares a room with `userId`, and userId (their other devices): told that the setting changed. */
export async function receiptsSettingAudience(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chat_room_participants as mine')
    .innerJoin('chat_room_participants as p', 'p.chat_room_id', 'mine.chat_room_id')
    .select('p.user_id').distinct()
    .where('mine.user_id', '=', userId)
    .execute();
  return [...new Set([userId, ...rows.map((r) => r.user_id)])];
}

/**
 * Who hears that `readerId` read the room: the reader's own sockets (their unread counts), and, when the reader
 * has read receipts on, each other member who has them on too and with no block between them.
 */
export async function readAudience(db: Db, readerId: string, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('profiles as them', 'them.id', 'p.user_id')
    .innerJoin('profiles as reader', (join) => join.on('reader.id', '=', readerId))
    .select('p.user_id')
    .where('p.chat_room_id', '=', roomId)
    .where('p.user_id', '!=', readerId)
    .where('reader.read_receipts', '=', true)
    .where('them.read_receipts', '=', true)
    .where(notBlockedEitherWay(sql.ref('p.user_id'), readerId))
    .execute();
  return [readerId, ...rows.map((r) => r.user_id)];
}
