import { sql, type Kysely } from 'kysely';

/**
 * users.first_signed_in_at: set by the account's first successful sign-in, so the web can welcome a new
 * person instead of saying "Welcome back!". Accounts that already show signs of use (a session, a chosen
 * language, a message sent) count as signed in before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN first_signed_in_at timestamptz`.execute(db);
  await sql`
    UPDATE users u SET first_signed_in_at = u.created_at
    WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)
       OR EXISTS (SELECT 1 FROM profiles p WHERE p.id = u.id AND p.language IS NOT NULL)
       OR EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = u.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN first_signed_in_at`.execute(db);
}
