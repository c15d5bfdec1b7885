import { MENTION_ALL, mentionTokens, type MessageMention, type RoomKind } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/**
 * Who a text mentions in a room (issue 36 item 1): each `@name` (common/src/api/mentions.ts) that is a member's
 * username, matched without case, stored by id with the name as written; `@all` in a group from one of its admins
 * (from anyone else, or in a pair, it is text). One statement, and only for a text with an @ in it. null: nobody.
 */
export async function resolveMentions(db: Db, roomId: string, senderId: string, kind: RoomKind, content: string): Promise<MessageMention[] | null> {
  if (!content.includes('@')) return null;
  const tokens = mentionTokens(content);
  if (tokens.length === 0) return null;
  const names = [...new Set(tokens.map((t) => t.name.toLowerCase()))];
  const rows = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.user_id')
    .select(['p.user_id', 'pr.username', 'p.role'])
    .where('p.chat_room_id', '=', roomId)
    .where((eb) => eb.or([eb(sql`lower(pr.username)`, 'in', names), eb('p.user_id', '=', senderId)]))
    .execute();
  const byName = new Map(rows.filter((r) => names.includes(r.username.toLowerCase())).map((r) => [r.username.toLowerCase(), r.user_id]));
  const senderIsAdmin = rows.some((r) => r.user_id === senderId && r.role === 'admin');
  const mentions = new Map<string, MessageMention>();
  for (const t of tokens) {
    const name = t.name.toLowerCase();
    const id = byName.get(name) ?? (name === MENTION_ALL && kind === 'group' && senderIsAdmin ? MENTION_ALL : undefined);
    // Mentioning oneself tells nobody.
    if (id && id !== senderId && !mentions.has(id)) mentions.set(id, { id, name: t.name });
  }
  return mentions.size ? [...mentions.values()] : null;
}
