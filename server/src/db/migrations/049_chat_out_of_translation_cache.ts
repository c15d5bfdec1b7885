import { sql, type Kysely } from 'kysely';

/**
 * Chat messages and drafts are no longer cached in `translation_cache` (translation/cache.ts CacheScope): their
 * translation lives with the message. The rows earlier versions wrote for them would outlive deleting the messages
 * for up to 30 days, and the table cannot tell them from the rest, so it is emptied once. It is only a cache: the
 * interface strings and scans it held are translated again on first use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM translation_cache`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to restore: a cache.
}
