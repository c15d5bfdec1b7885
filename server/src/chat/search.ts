import { LIMITS, type UserSearchResult } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** LIKE pattern that matches the text literally (%, _ and \ escaped). */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Username or e-mail contains the query (case-insensitive), never the caller, by username, at most 10. */
export async function searchUsers(db: Db, callerId: string, query: string): Promise<UserSearchResult[]> {
  const q = query.trim();
  if (!q) return [];
  const pattern = containsPattern(q);
  return db
    .selectFrom('profiles')
    .select(['id', 'username', 'email'])
    .where('id', '!=', callerId)
    .where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]))
    .orderBy(sql`lower(username)`)
    .limit(LIMITS.searchResultLimit)
    .execute();
}
