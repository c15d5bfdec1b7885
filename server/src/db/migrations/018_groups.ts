import { sql, type Kysely } from 'kysely';

/**
 * Groups (issue 22): a room is a pair ('direct', keyed by pair_key) or a named 'group' (no pair_key)
 * with a register (tone); members have a role (admin | member) and see the history from joined_at on.
 * System lines ("Ana added Li") are messages with system_event set.
 *
 * message_translations: a message's translation per reader language (one row per language present
 * in the room when it was sent, added when a reader changes language), with its own status, failure
 * reason, unknown-word spans, correction and job. Existing messages' translation becomes a row. The
 * messages table keeps its old translation columns (no longer written) so that `down` loses nothing
 * that was there before; a later migration can drop them. A change of a translation row bumps its
 * message's changed_at, so a resume (chat/messages.ts) returns it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_rooms ADD COLUMN kind text NOT NULL DEFAULT 'direct' CHECK (kind IN ('direct', 'group'))`.execute(db);
  await sql`ALTER TABLE chat_rooms ADD COLUMN register text`.execute(db);
  await sql`ALTER TABLE chat_rooms ALTER COLUMN pair_key DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE chat_rooms ADD CONSTRAINT chat_rooms_kind_key CHECK ((kind = 'direct') = (pair_key IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE chat_room_participants ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member'))`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN system_event jsonb`.execute(db);
  await sql`
    CREATE TABLE message_translations (
      message_id bigint NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
      language text NOT NULL,
      content text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed', 'not_needed')),
      error text,
      unknown_spans jsonb,
      attempts integer NOT NULL DEFAULT 0,
      job_id uuid,
      queued_at timestamptz,
      machine_translation text,
      corrected_by uuid REFERENCES users(id) ON DELETE SET NULL,
      corrected_at timestamptz,
      PRIMARY KEY (message_id, language)
    )`.execute(db);
  await sql`CREATE INDEX message_translations_pending ON message_translations (queued_at) WHERE status = 'pending'`.execute(db);
  await sql`
    INSERT INTO message_translations (message_id, language, content, status, error, unknown_spans, attempts, job_id, queued_at, machine_translation, corrected_by, corrected_at)
    SELECT id, target_language, translated_content, translation_status, translation_error, unknown_spans, translation_attempts,
           translation_job_id, translation_queued_at, machine_translation, corrected_by, corrected_at
      FROM messages WHERE target_language IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION message_translations_touch_message() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE messages SET changed_at = now() WHERE id = NEW.message_id;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER message_translations_changed AFTER UPDATE ON message_translations FOR EACH ROW
    WHEN ((OLD.status, OLD.content, OLD.error, OLD.unknown_spans, OLD.corrected_at)
          IS DISTINCT FROM (NEW.status, NEW.content, NEW.error, NEW.unknown_spans, NEW.corrected_at))
    EXECUTE FUNCTION message_translations_touch_message()`.execute(db);
  await sql`CREATE TRIGGER message_translations_added AFTER INSERT ON message_translations FOR EACH ROW EXECUTE FUNCTION message_translations_touch_message()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The translation each message showed its (one) reader goes back into the message row; groups
  // cannot exist in the old schema and are deleted with their messages and media.
  await sql`
    UPDATE messages m SET translated_content = t.content, target_language = t.language, translation_status = t.status,
           translation_error = t.error, unknown_spans = t.unknown_spans, translation_attempts = t.attempts,
           translation_job_id = t.job_id, translation_queued_at = t.queued_at, machine_translation = t.machine_translation,
           corrected_by = t.corrected_by, corrected_at = t.corrected_at
      FROM (SELECT DISTINCT ON (message_id) * FROM message_translations ORDER BY message_id, queued_at DESC NULLS LAST) t
     WHERE t.message_id = m.id`.execute(db);
  await sql`DROP TABLE message_translations`.execute(db);
  await sql`DROP FUNCTION message_translations_touch_message()`.execute(db);
  await sql`DELETE FROM chat_rooms WHERE kind = 'group'`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN system_event`.execute(db);
  await sql`ALTER TABLE chat_room_participants DROP COLUMN role`.execute(db);
  await sql`ALTER TABLE chat_rooms DROP CONSTRAINT chat_rooms_kind_key`.execute(db);
  await sql`ALTER TABLE chat_rooms ALTER COLUMN pair_key SET NOT NULL`.execute(db);
  await sql`ALTER TABLE chat_rooms DROP COLUMN register, DROP COLUMN kind`.execute(db);
}
