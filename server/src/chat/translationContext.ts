import type { LanguageCode } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { Conversation } from '../translation/textTranslator.ts';

/**
 * The conversation around a message, for engines that read context (the OpenAI-compatible one):
 * the `limit` messages before it in its room (oldest first, deleted and system lines left out) with
 * their authors' names and, where one is done, their translation into `target`; the sender's name,
 * and in a one-to-one room the reader's. Undefined when `limit` is 0 or the message is gone.
 */
export async function conversationFor(db: Db, messageId: string, target: LanguageCode, limit: number): Promise<Conversation | undefined> {
  if (limit <= 0) return undefined;
  const current = await db
    .selectFrom('messages as m')
    .innerJoin('chat_rooms as r', 'r.id', 'm.chat_room_id')
    .leftJoin('profiles as u', 'u.id', 'm.sender_id')
    .select(['m.chat_room_id', 'm.sender_id', 'r.kind', 'u.username'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (!current) return undefined;
  const rows = await db
    .selectFrom('messages as m')
    .leftJoin('profiles as u', 'u.id', 'm.sender_id')
    .leftJoin('message_translations as t', (j) => j.onRef('t.message_id', '=', 'm.id').on('t.language', '=', target).on('t.status', '=', 'done'))
    .select(['m.content', 'u.username', 't.content as translation'])
    .where('m.chat_room_id', '=', current.chat_room_id)
    .where('m.id', '<', messageId)
    .where('m.deleted_at', 'is', null)
    .where('m.system_event', 'is', null)
    .where('m.content', '!=', '')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  let reader: string | undefined;
  if (current.kind === 'direct' && current.sender_id) {
    const other = await db
      .selectFrom('chat_room_participants as p')
      .innerJoin('profiles as u', 'u.id', 'p.user_id')
      .select('u.username')
      .where('p.chat_room_id', '=', current.chat_room_id)
      .where('p.user_id', '!=', current.sender_id)
      .executeTakeFirst();
    reader = other?.username;
  }
  return {
    speaker: current.username ?? undefined,
    reader,
    turns: rows.reverse().map((r) => ({ speaker: r.username ?? '?', text: r.content, ...(r.translation ? { translation: r.translation } : {}) })),
  };
}
