import { sql, type Kysely } from 'kysely';

/**
 * Read receipts and message search (issue 25 items 6-7).
 * - `profiles.read_receipts`: the privacy setting (on by default); off hides one's reads from others and theirs from one.
 * - Search: trigram GIN indexes (pg_trgm) over the folded text of the originals and of the translation rows, so
 *   `LIKE '%words%'` finds words in any script (no word breaking needed for Japanese, Chinese or Thai). Folding is
 *   lower case without accents (unaccent), wrapped in an IMMUTABLE function an index can use. Both extensions are
 *   "trusted" (a database owner may create them) and PGlite loads them from its contrib bundles (db/connect.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE profiles ADD COLUMN read_receipts boolean NOT NULL DEFAULT true`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql.raw(`
    CREATE FUNCTION parley_search_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`).execute(db);
  await sql`CREATE INDEX messages_search ON messages USING gin (parley_search_fold(content) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX message_translations_search ON message_translations USING gin (parley_search_fold(content) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX message_translations_search`.execute(db);
  await sql`DROP INDEX messages_search`.execute(db);
  await sql`DROP FUNCTION parley_search_fold(text)`.execute(db);
  await sql`ALTER TABLE profiles DROP COLUMN read_receipts`.execute(db);
}
