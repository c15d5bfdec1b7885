import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A corrected translation keeps the machine's version and who corrected it.
  await sql`
    ALTER TABLE messages
      ADD COLUMN machine_translation text,
      ADD COLUMN corrected_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN corrected_at timestamptz`.execute(db);
  // One conversation's agreed renderings; source_key (the phrase folded to lower case) makes a
  // phrase unique per direction, so a second correction of it replaces the first.
  await sql`
    CREATE TABLE conversation_glossary (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      source_language text NOT NULL,
      target_language text NOT NULL,
      source_phrase text NOT NULL,
      source_key text NOT NULL,
      target_phrase text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT conversation_glossary_phrase UNIQUE (chat_room_id, source_language, target_language, source_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE conversation_glossary`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN machine_translation, DROP COLUMN corrected_by, DROP COLUMN corrected_at`.execute(db);
}
