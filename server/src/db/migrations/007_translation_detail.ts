import { sql, type Kysely } from 'kysely';

/**
 * Honest translation results: why a message was not translated (translation_error, a reason code of
 * TRANSLATION_FAILURE_REASONS) and which words of its translation the engine did not know
 * (unknown_spans, [{start, end}] in the translated text); the cache keeps those spans too.
 * Cached Apertium output from before could hold leaked marks ('@îmi'): it is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN translation_error text`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN unknown_spans jsonb`.execute(db);
  await sql`ALTER TABLE translation_cache ADD COLUMN unknown_spans jsonb`.execute(db);
  await sql`DELETE FROM translation_cache WHERE engine = 'apertium'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE translation_cache DROP COLUMN unknown_spans`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN unknown_spans`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN translation_error`.execute(db);
}
