import type { MessageReaction, ReactionEmoji } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { EventLog } from '../events/index.ts';
import { refuseBlockedSend } from '../safety/blocks.ts';
import { requireMembership } from './membership.ts';
import { reactionsOf, visibleMessage } from './messageExtras.ts';
import { messageNotFound } from './messageLife.ts';
import { roomReaders } from './readers.ts';
import type { EventPublisher } from './types.ts';

/**
 * Add (active) or take back one's reaction to a message: one per person per emoji (the primary key),
 * so repeating either changes nothing. Members only (others: the room's 404); a message the caller
 * cannot see (another room's, before they joined a group, deleted, a system line): 404. In a pair, a
 * block either way refuses a new reaction as it refuses a send (403 cannot_message); taking one back
 * stays possible. Every member hears `message.reactions` with the counts and who.
 */
export async function setReaction(
  deps: { db: Db; events: EventPublisher; eventLog: EventLog },
  input: { userId: string; roomId: string; messageId: string; emoji: ReactionEmoji; active: boolean },
): Promise<{ reactions: MessageReaction[] }> {
  const { db } = deps;
  const me = await requireMembership(db, input.roomId, input.userId);
  const message = await visibleMessage(db, input.roomId, input.userId, input.messageId);
  if (!message) throw messageNotFound();
  if (input.active && me.kind === 'direct') await refuseBlockedSend(db, input.roomId, input.userId);
  const id = String(message.id);
  const changed = await deps.eventLog.apply(db, { type: 'reaction.changed', roomId: input.roomId }, async (tx) => {
    const n = input.active
      ? (await tx.insertInto('message_reactions').values({ message_id: id, user_id: input.userId, emoji: input.emoji })
          .onConflict((oc) => oc.columns(['message_id', 'user_id', 'emoji']).doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows
      : (await tx.deleteFrom('message_reactions').where('message_id', '=', id).where('user_id', '=', input.userId)
          .where('emoji', '=', input.emoji).executeTakeFirst()).numDeletedRows;
    const events = Number(n ?? 0) > 0 ? [{ type: 'reaction.changed' as const, roomId: input.roomId, messageId: id, actorId: input.userId }] : [];
    return { result: n, events };
  });
  const reactions = (await reactionsOf(db, [id])).get(id) ?? [];
  if (Number(changed ?? 0) > 0) {
    const readers = await roomReaders(db, input.roomId);
    deps.events.publish(readers.map((r) => r.id), { v: 1, type: 'message.reactions', roomId: input.roomId, messageId: id, reactions });
  }
  return { reactions };
}
