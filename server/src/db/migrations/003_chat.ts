import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // pair_key = the two user ids in order: one room per pair, enforced by the database even
  // when both users start the chat at the same moment.
  await sql`
    CREATE TABLE chat_rooms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      pair_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE chat_room_participants (
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      relationship_context jsonb,
      last_read_message_id bigint NOT NULL DEFAULT 0,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (chat_room_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX chat_room_participants_user ON chat_room_participants (user_id)`.execute(db);
  await sql`
    CREATE TABLE messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      sender_id uuid REFERENCES users(id) ON DELETE SET NULL,
      client_id text NOT NULL,
      content text NOT NULL,
      original_language text,
      translated_content text,
      target_language text,
      translation_status text NOT NULL DEFAULT 'pending',
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT messages_client_id_unique UNIQUE (chat_room_id, sender_id, client_id)
    )`.execute(db);
  await sql`CREATE INDEX messages_room_id ON messages (chat_room_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE messages; DROP TABLE chat_room_participants; DROP TABLE chat_rooms`.execute(db);
}
