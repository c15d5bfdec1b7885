import { sql, type Kysely } from 'kysely';

/**
 * A report keeps the reported message's text as it was when reported, so the operators still read it after its
 * sender edits it, deletes it for everyone, or deletes their account with their messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reports ADD COLUMN message_content text`.execute(db);
  await sql`
    UPDATE reports r SET message_content = m.content FROM messages m
    WHERE m.id = r.message_id AND m.deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reports DROP COLUMN message_content`.execute(db);
}
