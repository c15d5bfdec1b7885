import { sql, type Kysely } from 'kysely';

/**
 * Outgoing webhooks (issue 35 item 5): a URL subscribed to a conversation's events (`chat_room_id`), or to every
 * group's (null: the console's server-wide ones). The signing secret is kept as is (an HMAC needs it). Deliveries
 * failing in a row are counted; past the limit `paused_at` is set until the owner resumes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outgoing_webhooks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chat_room_id uuid REFERENCES chat_rooms(id) ON DELETE CASCADE,
      owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
      url text NOT NULL,
      events jsonb NOT NULL,
      language text,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_delivery_at timestamptz,
      failures integer NOT NULL DEFAULT 0,
      failing_since timestamptz,
      last_error text,
      paused_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX outgoing_webhooks_room ON outgoing_webhooks (chat_room_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE outgoing_webhooks`.execute(db);
}
