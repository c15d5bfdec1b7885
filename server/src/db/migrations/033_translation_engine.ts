import { sql, type Kysely } from 'kysely';

/**
 * How a translation was made (issue 34 item 4): the engine that made a message's translation row and,
 * for a pivot, the language in the middle (e.g. 'ca' for English -> French through Catalan).
 * Null for rows made before, pending, failed or not needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE message_translations ADD COLUMN engine text`.execute(db);
  await sql`ALTER TABLE message_translations ADD COLUMN via text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE message_translations DROP COLUMN via`.execute(db);
  await sql`ALTER TABLE message_translations DROP COLUMN engine`.execute(db);
}
