import { sql, type Kysely } from 'kysely';

/**
 * Incoming webhooks (issue 35 item 4): a secret URL that posts into one conversation as its creator. Only a SHA-256
 * of the secret is kept (a random 32-byte secret needs no slow hash: it cannot be guessed, only stolen). A post is
 * an ordinary message marked `via_webhook` ({hookId, name, avatar}: the post's own username and avatar, if any).
 * The room or the creator going removes the hook; the creator leaving stops it (checked at each post).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE incoming_webhooks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      secret_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX incoming_webhooks_room ON incoming_webhooks (chat_room_id)`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN via_webhook jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN via_webhook`.execute(db);
  await sql`DROP TABLE incoming_webhooks`.execute(db);
}
