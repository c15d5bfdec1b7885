import { sql, type Kysely } from 'kysely';

/**
 * Characters sent to each translation engine per day (issue 34 item 4, the console's Translation tab):
 * one row per UTC day and engine, added to once per engine call (never for a cached result).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE translation_usage (
    day text NOT NULL,
    engine text NOT NULL,
    chars bigint NOT NULL DEFAULT 0,
    calls integer NOT NULL DEFAULT 0,
    PRIMARY KEY (day, engine)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE translation_usage`.execute(db);
}
