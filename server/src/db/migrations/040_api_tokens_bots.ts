import { sql, type Kysely } from 'kysely';

/**
 * Integrations (issue 35 items 2, 3): personal access tokens and bots.
 * A bot is a row of `users` with `is_bot` (no password: its hash is '!bot', which no argon2 hash matches) and the
 * person who owns it (`bot_owner_id`; null when its owner's account was deleted: the operators still see it).
 * `api_tokens` holds only the SHA-256 of each token; `user_id` is the account it acts as (the person or the bot),
 * `created_by` the person who made it: both accounts' deletion takes the token with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN is_bot boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN bot_owner_id uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX users_bot_owner ON users (bot_owner_id) WHERE bot_owner_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      scopes text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_tokens_user ON api_tokens (user_id)`.execute(db);
  await sql`CREATE INDEX api_tokens_created_by ON api_tokens (created_by)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_tokens`.execute(db);
  await sql`DROP INDEX users_bot_owner`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN bot_owner_id`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN is_bot`.execute(db);
}
