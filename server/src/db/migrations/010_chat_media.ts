import { sql, type Kysely } from 'kysely';

/**
 * Photos and voice messages. The bytes live in PostgreSQL (like avatars) so every node serves them;
 * each belongs to its room (deleted with it) and is served only to the room's participants.
 * messages.attachment describes a message's media for the client (no join on every read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_media (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      uploader_id uuid REFERENCES users(id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('photo', 'voice')),
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_media_room ON chat_media (chat_room_id)`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN attachment jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN attachment`.execute(db);
  await sql`DROP TABLE chat_media`.execute(db);
}
