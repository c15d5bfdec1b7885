import { sql, type Kysely } from 'kysely';

/**
 * The columns a message had when it had one reader (its translation, status, error, unknown words,
 * job, correction) go: since 018_groups the translations live in message_translations, one row per
 * language, and these were no longer written (translation_status read `pending` for ever). The
 * changed_at trigger (011, 025) watched some of them: it is recreated on the columns that remain
 * (a translation's change touches its message through message_translations' own trigger, 018).
 */
const OLD_COLUMNS = [
  'translated_content', 'target_language', 'translation_status', 'translation_error', 'unknown_spans',
  'translation_attempts', 'translation_job_id', 'translation_queued_at', 'machine_translation', 'corrected_by', 'corrected_at',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER messages_changed_at ON messages`.execute(db);
  await sql.raw(`ALTER TABLE messages ${OLD_COLUMNS.map((c) => `DROP COLUMN ${c}`).join(', ')}`).execute(db);
  await sql`
    CREATE TRIGGER messages_changed_at BEFORE UPDATE ON messages FOR EACH ROW
    WHEN ((OLD.content, OLD.edited_at, OLD.deleted_at) IS DISTINCT FROM (NEW.content, NEW.edited_at, NEW.deleted_at))
    EXECUTE FUNCTION messages_touch_changed_at()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER messages_changed_at ON messages`.execute(db);
  await sql`
    ALTER TABLE messages
      ADD COLUMN translated_content text,
      ADD COLUMN target_language text,
      ADD COLUMN translation_status text NOT NULL DEFAULT 'pending',
      ADD COLUMN translation_error text,
      ADD COLUMN unknown_spans jsonb,
      ADD COLUMN translation_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN translation_job_id uuid,
      ADD COLUMN translation_queued_at timestamptz,
      ADD COLUMN machine_translation text,
      ADD COLUMN corrected_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN corrected_at timestamptz`.execute(db);
  // As 018's down expects them: the translation a message's (one) reader saw, `not_needed` without one.
  await sql`UPDATE messages SET translation_status = 'not_needed'`.execute(db);
  await sql`
    UPDATE messages m SET translated_content = t.content, target_language = t.language, translation_status = t.status,
           translation_error = t.error, unknown_spans = t.unknown_spans, translation_attempts = t.attempts,
           translation_job_id = t.job_id, translation_queued_at = t.queued_at, machine_translation = t.machine_translation,
           corrected_by = t.corrected_by, corrected_at = t.corrected_at
      FROM (SELECT DISTINCT ON (message_id) * FROM message_translations ORDER BY message_id, queued_at DESC NULLS LAST) t
     WHERE t.message_id = m.id`.execute(db);
  await sql`
    CREATE TRIGGER messages_changed_at BEFORE UPDATE ON messages FOR EACH ROW
    WHEN ((OLD.content, OLD.translation_status, OLD.translated_content, OLD.translation_error, OLD.unknown_spans, OLD.corrected_at, OLD.edited_at, OLD.deleted_at)
          IS DISTINCT FROM (NEW.content, NEW.translation_status, NEW.translated_content, NEW.translation_error, NEW.unknown_spans, NEW.corrected_at, NEW.edited_at, NEW.deleted_at))
    EXECUTE FUNCTION messages_touch_changed_at()`.execute(db);
}
