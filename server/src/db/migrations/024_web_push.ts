import { sql, type Kysely } from 'kysely';

/**
 * Web Push (issue 25 item 1): one subscription per signed-in device, tied to its session (sign-out,
 * expiry, disable, password change and account deletion delete the session, and with it the
 * subscription); a per-conversation mute; the profile's "hide message text in notifications".
 * The VAPID key pair lives in the `settings` table (migration 020), written at first start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      session_id text PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
  await sql`ALTER TABLE chat_room_participants ADD COLUMN muted_until timestamptz`.execute(db);
  await sql`ALTER TABLE profiles ADD COLUMN push_hide_text boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE profiles DROP COLUMN push_hide_text`.execute(db);
  await sql`ALTER TABLE chat_room_participants DROP COLUMN muted_until`.execute(db);
  await sql`DROP TABLE push_subscriptions`.execute(db);
}
