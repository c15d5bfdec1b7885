import { sql, type Kysely } from 'kysely';

/**
 * account_tokens: the links Parley mails (password reset, e-mail confirmation), stored only as the
 * SHA-256 of the token, single use (used_at), with an expiry. sessions.user_agent: the browser a
 * session was opened from (the device list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_tokens (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('password_reset', 'email_confirmation')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX account_tokens_user ON account_tokens (user_id, kind)`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN user_agent text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN user_agent`.execute(db);
  await sql`DROP TABLE account_tokens`.execute(db);
}
