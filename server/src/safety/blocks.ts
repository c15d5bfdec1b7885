import { CANNOT_MESSAGE, type BlockedUser } from '@parley/common';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { EventLog } from '../events/index.ts';
import { AppError, notFound } from '../http/errors.ts';
import { isUuid } from '../platform/ids.ts';

/** The one neutral refusal: the blocked person is not told they are blocked (nor is why). */
export const cannotMessage = () => new AppError(403, 'cannot_message', CANNOT_MESSAGE);

/**
 * Block `blockedId`: idempotent (blocking twice is a 200 with created: false). Blocking yourself is a 400
 * `cannot_block_self`; an unknown user the same 404 as everywhere.
 */
export async function blockUser(db: Db, eventLog: EventLog, blockerId: string, blockedId: string): Promise<{ created: boolean }> {
  if (blockerId === blockedId) throw new AppError(400, 'cannot_block_self', 'You cannot block yourself');
  if (!isUuid(blockedId)) throw notFound('User not found');
  const exists = await db.selectFrom('profiles').select('id').where('id', '=', blockedId).executeTakeFirst();
  if (!exists) throw notFound('User not found');
  return eventLog.apply(db, { type: 'user.blocked' }, async (tx) => {
    const row = await tx.insertInto('user_blocks').values({ blocker_id: blockerId, blocked_id: blockedId })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .returning('blocker_id').executeTakeFirst();
    return { result: { created: Boolean(row) }, events: row ? [{ type: 'user.blocked', actorId: blockerId, userId: blockedId }] : [] };
  });
}

/** Unblock: idempotent too (unblocking someone not blocked changes nothing). */
export async function unblockUser(db: Db, eventLog: EventLog, blockerId: string, blockedId: string): Promise<{ removed: boolean }> {
  if (!isUuid(blockedId)) return { removed: false };
  return eventLog.apply(db, { type: 'user.unblocked' }, async (tx) => {
    const result = await tx.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    return { result: { removed }, events: removed ? [{ type: 'user.unblocked', actorId: blockerId, userId: blockedId }] : [] };
  });
}

/** The profile's "Blocked people" list, newest first. */
export async function listBlocked(db: Db, blockerId: string): Promise<BlockedUser[]> {
  const rows = await db.selectFrom('user_blocks as b').innerJoin('profiles as p', 'p.id', 'b.blocked_id')
    .select(['p.id', 'p.username', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId).orderBy('b.created_at', 'desc').execute();
  return rows.map((r) => ({ id: r.id, username: r.username, blockedAt: new Date(r.created_at).toISOString() }));
}

/** Whether either of the two blocked the other: the pair may not start a chat nor write in theirs. */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const row = await db.selectFrom('user_blocks').select(sql<number>`1`.as('one'))
    .where((eb) => eb.or([
      eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
      eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
    ]))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * In a pair room, refuse a send when either side blocked the other, or when the partner deleted their account
 * (no one would read it). Groups are shared: not refused.
 */
export async function refuseBlockedSend(db: Db, roomId: string, senderId: string): Promise<void> {
  const row = await db.selectFrom('chat_rooms as r')
    .leftJoin('chat_room_participants as o', (j) => j.onRef('o.chat_room_id', '=', 'r.id').on('o.user_id', '!=', senderId))
    .leftJoin('user_blocks as b', (j) => j.on((eb) => eb.or([
      eb.and([eb('b.blocker_id', '=', senderId), eb('b.blocked_id', '=', eb.ref('o.user_id'))]),
      eb.and([eb('b.blocked_id', '=', senderId), eb('b.blocker_id', '=', eb.ref('o.user_id'))]),
    ])))
    .select(['o.user_id as partner', 'b.blocker_id as blocker'])
    .where('r.id', '=', roomId).where('r.kind', '=', 'direct')
    .executeTakeFirst();
  if (row && (row.partner === null || row.blocker !== null)) throw cannotMessage();
}

/**
 * The same rule as refuseBlockedSend as a condition of the insert's SELECT (chat/messageSender.ts): true when the
 * pair's partner is still there and neither blocked the other. A send is then one statement; refuseBlockedSend
 * tells the refusal apart from a repeated client id when the insert returns no row. The ids are values, or columns
 * of the statement (a batch of sends: chat/insertBatch.ts).
 */
export function pairSendAllowed(roomId: string | RawBuilder<unknown>, senderId: string | RawBuilder<unknown>) {
  return sql<boolean>`EXISTS (SELECT 1 FROM chat_room_participants o WHERE o.chat_room_id = ${roomId} AND o.user_id <> ${senderId}
    AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = ${senderId} AND b.blocked_id = o.user_id)
      OR (b.blocked_id = ${senderId} AND b.blocker_id = o.user_id)))`;
}

/** Of `userIds`, those `fromId` has blocked: they stop hearing fromId's read state (and typing). */
export async function blockedBy(db: Db, fromId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('user_blocks').select('blocked_id')
    .where('blocker_id', '=', fromId).where('blocked_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.blocked_id));
}

/** Of `userIds`, those `userId` blocked or who blocked `userId` (typing reaches neither: issue 38 item 6). */
export async function blockedEitherWayAmong(db: Db, userId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('user_blocks').select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([
      eb.and([eb('blocker_id', '=', userId), eb('blocked_id', 'in', userIds)]),
      eb.and([eb('blocked_id', '=', userId), eb('blocker_id', 'in', userIds)]),
    ]))
    .execute();
  return new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)));
}
