import { sql, type Kysely } from 'kysely';

/**
 * "Show my language first" (issue 38 item 4): `profiles.translation_first`, off by default. On, a reader's chat,
 * search results and notifications show the translation as the main text and the original one tap away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE profiles ADD COLUMN translation_first boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE profiles DROP COLUMN translation_first`.execute(db);
}
