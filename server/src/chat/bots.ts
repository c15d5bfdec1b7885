import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';

/**
 * A bot never starts a one-to-one conversation (issue 35 item 3: no unsolicited messages, as on Slack and
 * Mattermost a bot answers whoever wrote to it): in a pair room, it may write once the other side has written there.
 * Groups are not concerned (someone added the bot). Blocks and send limits are the same as for people.
 */
export const botCannotStart = () => new AppError(403, 'bot_cannot_start_chat', 'A bot can only answer someone who wrote to it first');

export async function isBot(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_bot').where('id', '=', userId).executeTakeFirst();
  return row?.is_bot ?? false;
}

/** True when someone other than `botId` has written in the pair room `roomId` (a message, not a system line). */
export async function partnerHasWritten(db: Db, roomId: string, botId: string): Promise<boolean> {
  const row = await db.selectFrom('messages').select(sql<number>`1`.as('one'))
    .where('chat_room_id', '=', roomId).where('sender_id', '!=', botId).where('sender_id', 'is not', null)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** In a pair room, refuse the bot's send until the partner has written there. */
export async function refuseBotFirstContact(db: Db, roomId: string, botId: string): Promise<void> {
  if (!(await partnerHasWritten(db, roomId, botId))) throw botCannotStart();
}
