import { LIMITS, type UserSearchResult } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** LIKE pattern that matches the text literally (%, _ and \ escaped). */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Username contains the query, or the e-mail address is exactly the query (both case-insensitive), never the
 * caller nor anyone who blocked the caller, by username, at most 10. An address is shown only to someone who typed it whole: a substring of an
 * address finds nothing and `@` lists no one's address.
 */
export async function searchUsers(db: Db, callerId: string, query: string): Promise<UserSearchResult[]> {
  const q = query.trim();
  if (!q) return [];
  const typed = q.toLowerCase();
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'username', 'email'])
    .select((eb) => eb.selectFrom('users').select('is_bot').whereRef('users.id', '=', 'profiles.id').as('is_bot'))
    .where('id', '!=', callerId)
    // Someone who blocked the caller is not found (search and Language Partners alike).
    .where((eb) => eb.not(eb.exists(eb.selectFrom('user_blocks').select('blocker_id')
      .whereRef('blocker_id', '=', 'profiles.id').where('blocked_id', '=', callerId))))
    .where((eb) => eb.or([eb('username', 'ilike', containsPattern(q)), eb(sql<string>`lower(email)`, '=', typed)]))
    .orderBy(sql`lower(username)`)
    .limit(LIMITS.searchResultLimit)
    .execute();
  return rows.map(({ is_bot: bot, ...row }) => ({ ...row, email: row.email.toLowerCase() === typed ? row.email : null, ...(bot ? { bot: true as const } : {}) }));
}
