import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const roomNotFound = () => notFound('Conversation not found');

/**
 * The caller's participant row for a room. A malformed id, a room that does not exist and a
 * room the caller is not in all get the same 404, so non-members learn nothing.
 */
export async function requireMembership(db: Db, roomId: string, userId: string) {
  if (!UUID.test(roomId)) throw roomNotFound();
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

export const isUuid = (value: string) => UUID.test(value);

/** Everyone in a room, for fan-out: the one answer to who hears a room's events (read at publish time, so a removed member hears nothing more). */
export async function participantIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db.selectFrom('chat_room_participants').select('user_id').where('chat_room_id', '=', roomId).execute();
  return rows.map((r) => r.user_id);
}
