import type { Db } from '../db/connect.ts';

/**
 * The one rule for every way one person reaches others (issue 32 item 3): someone who blocked `actorId` is not
 * reached by them. Creating a group or adding members leaves such people out (the answer stays neutral: nothing
 * says who or why); a notification of the actor's message (push) skips them. Pair rooms and calls refuse a
 * blocked pair outright (blocks.ts: blockedEitherWay, refuseBlockedSend), which this rule agrees with.
 */
export async function withoutThoseWhoBlocked(db: Db, actorId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('user_blocks').select('blocker_id')
    .where('blocked_id', '=', actorId).where('blocker_id', 'in', [...userIds]).execute();
  const blockers = new Set(rows.map((r) => r.blocker_id));
  return userIds.filter((id) => !blockers.has(id));
}
