import { LIMITS, type ChatMessage } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { requireMembership } from './membership.ts';
import { presentMessage } from './presenters.ts';

/** History: the latest 50 messages, oldest first; or, after a reconnect, what came after `afterId`. */
export async function listMessages(db: Db, callerId: string, roomId: string, afterId?: string): Promise<ChatMessage[]> {
  await requireMembership(db, roomId, callerId);
  let q = db.selectFrom('messages').selectAll().where('chat_room_id', '=', roomId);
  if (afterId !== undefined) {
    // Resume: everything missed, oldest first (bounded so a long absence cannot flood the client).
    const rows = await q.where('id', '>', afterId as never).orderBy('id', 'asc').limit(500).execute();
    return rows.map(presentMessage);
  }
  q = q.orderBy('id', 'desc').limit(LIMITS.chatHistory);
  return (await q.execute()).reverse().map(presentMessage);
}
