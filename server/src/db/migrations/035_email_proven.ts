import { sql, type Kysely } from 'kysely';

/**
 * users.email_proven_at: when the address was shown to be the account holder's (a mailed link used, a password
 * reset finished, the sign-in provider's verified claim, an operator's word). email_confirmed_at is not that:
 * with EMAIL_CONFIRMATION=off it is set at sign-up, for any address anyone types (issue 32 item 1). Single
 * sign-on keeps a password only when the address was proven. Accounts already linked to a provider start proven.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_proven_at timestamptz`.execute(db);
  await sql`UPDATE users SET email_proven_at = coalesce(email_confirmed_at, now()) WHERE id IN (SELECT user_id FROM user_identities)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN email_proven_at`.execute(db);
}
