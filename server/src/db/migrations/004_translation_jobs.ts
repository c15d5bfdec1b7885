import { sql, type Kysely } from 'kysely';

/**
 * The message row is the translation job (an outbox in the same row): a pending message is
 * claimed by leasing it to one process until translation_lease_until; a process that dies
 * leaves a lease that simply runs out, and the next claim takes the row again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages
      ADD COLUMN translation_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN translation_lease_until timestamptz,
      ADD COLUMN translation_lease_owner text`.execute(db);
  // Only pending rows are ever scanned by the job runner: a small partial index.
  await sql`CREATE INDEX messages_translation_pending ON messages (id) WHERE translation_status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX messages_translation_pending`.execute(db);
  await sql`
    ALTER TABLE messages
      DROP COLUMN translation_attempts,
      DROP COLUMN translation_lease_until,
      DROP COLUMN translation_lease_owner`.execute(db);
}
