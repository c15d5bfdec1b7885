import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE translation_cache (
      engine text NOT NULL,
      source text NOT NULL,
      target text NOT NULL,
      formality text NOT NULL,
      text_hash text NOT NULL,
      translated_text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (engine, source, target, formality, text_hash)
    )`.execute(db);
  await sql`CREATE INDEX translation_cache_created ON translation_cache (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE translation_cache`.execute(db);
}
