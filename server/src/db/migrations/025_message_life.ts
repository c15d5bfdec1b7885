import { sql, type Kysely } from 'kysely';

/**
 * The life of a message (issue 25 items 2-5): a reply names the message it answers (`reply_to_id`,
 * same room); an edit sets `edited_at`; a delete for everyone sets `deleted_at` (content '', its
 * translations, reactions and media removed). `message_reactions`: one row per (message, person,
 * emoji). The changed_at trigger (migration 011) also fires on an edit or a delete even when the
 * content does not change (a photo without text), and a reaction added or taken back bumps its
 * message's changed_at, so a resume after a reconnect brings all three.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN reply_to_id bigint REFERENCES messages(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN edited_at timestamptz`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN deleted_at timestamptz`.execute(db);
  await sql`CREATE INDEX messages_reply_to ON messages (reply_to_id) WHERE reply_to_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE message_reactions (
      message_id bigint NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      emoji text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (message_id, user_id, emoji)
    )`.execute(db);
  await sql`DROP TRIGGER messages_changed_at ON messages`.execute(db);
  await sql`
    CREATE TRIGGER messages_changed_at BEFORE UPDATE ON messages FOR EACH ROW
    WHEN ((OLD.content, OLD.translation_status, OLD.translated_content, OLD.translation_error, OLD.unknown_spans, OLD.corrected_at, OLD.edited_at, OLD.deleted_at)
          IS DISTINCT FROM (NEW.content, NEW.translation_status, NEW.translated_content, NEW.translation_error, NEW.unknown_spans, NEW.corrected_at, NEW.edited_at, NEW.deleted_at))
    EXECUTE FUNCTION messages_touch_changed_at()`.execute(db);
  await sql`
    CREATE FUNCTION message_reactions_touch_message() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE messages SET changed_at = now() WHERE id = coalesce(NEW.message_id, OLD.message_id);
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER message_reactions_changed AFTER INSERT OR DELETE ON message_reactions FOR EACH ROW
    EXECUTE FUNCTION message_reactions_touch_message()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_reactions`.execute(db);
  await sql`DROP FUNCTION message_reactions_touch_message()`.execute(db);
  await sql`DROP TRIGGER messages_changed_at ON messages`.execute(db);
  await sql`
    CREATE TRIGGER messages_changed_at BEFORE UPDATE ON messages FOR EACH ROW
    WHEN ((OLD.content, OLD.translation_status, OLD.translated_content, OLD.translation_error, OLD.unknown_spans, OLD.corrected_at)
          IS DISTINCT FROM (NEW.content, NEW.translation_status, NEW.translated_content, NEW.translation_error, NEW.unknown_spans, NEW.corrected_at))
    EXECUTE FUNCTION messages_touch_changed_at()`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN reply_to_id, DROP COLUMN edited_at, DROP COLUMN deleted_at`.execute(db);
}
