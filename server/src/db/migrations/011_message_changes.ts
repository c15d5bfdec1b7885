import { sql, type Kysely } from 'kysely';

/**
 * messages.changed_at: when a row last changed in a way its reader sees (inserted, translated,
 * failed, retried, corrected). A resume returns the rows changed shortly before the client's mark
 * too (chat/messages.ts): ids are not commit order, and a node can die between storing a
 * translation and announcing it. Kept by a trigger, so every writer (the send, translation jobs,
 * corrections, retries) keeps it without knowing about it; re-queueing (a new job id) does not touch it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN changed_at timestamptz`.execute(db);
  await sql`UPDATE messages SET changed_at = coalesce(corrected_at, created_at)`.execute(db);
  await sql`ALTER TABLE messages ALTER COLUMN changed_at SET DEFAULT now(), ALTER COLUMN changed_at SET NOT NULL`.execute(db);
  await sql`CREATE INDEX messages_room_changed ON messages (chat_room_id, changed_at)`.execute(db);
  await sql`
    CREATE FUNCTION messages_touch_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.changed_at := now();
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER messages_changed_at BEFORE UPDATE ON messages FOR EACH ROW
    WHEN ((OLD.content, OLD.translation_status, OLD.translated_content, OLD.translation_error, OLD.unknown_spans, OLD.corrected_at)
          IS DISTINCT FROM (NEW.content, NEW.translation_status, NEW.translated_content, NEW.translation_error, NEW.unknown_spans, NEW.corrected_at))
    EXECUTE FUNCTION messages_touch_changed_at()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER messages_changed_at ON messages`.execute(db);
  await sql`DROP FUNCTION messages_touch_changed_at()`.execute(db);
  await sql`DROP INDEX messages_room_changed`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN changed_at`.execute(db);
}
