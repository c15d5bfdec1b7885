import { sql, type Kysely } from 'kysely';

/** Public files (avatars) in the database, so every node serves every file. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stored_files (
      bucket text NOT NULL,
      key text NOT NULL,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (bucket, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stored_files`.execute(db);
}
