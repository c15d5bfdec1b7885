import { sql, type Kysely } from 'kysely';

/**
 * Documents (issue 36 item 2). A file is a `chat_media` row of kind 'file' with its cleaned name; `chat_documents`
 * holds what was read from it (paragraphs, pages, the problem when it cannot be read) and the text search looks in
 * (the name and the text); `document_translations` one reader language's translated paragraphs, filled chunk by
 * chunk (done of total). A report keeps the reported message's file bytes in `report_files` (evidence that outlives
 * a deletion, as `message_content` does for the text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_media DROP CONSTRAINT chat_media_kind_check`.execute(db);
  await sql`ALTER TABLE chat_media ADD CONSTRAINT chat_media_kind_check CHECK (kind IN ('photo', 'voice', 'file'))`.execute(db);
  await sql`ALTER TABLE chat_media ADD COLUMN file_name text`.execute(db);
  await sql`
    CREATE TABLE chat_documents (
      media_id uuid PRIMARY KEY REFERENCES chat_media(id) ON DELETE CASCADE,
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      message_id bigint REFERENCES messages(id) ON DELETE CASCADE,
      sender_id uuid REFERENCES users(id) ON DELETE SET NULL,
      file_name text NOT NULL,
      document_kind text,
      status text NOT NULL CHECK (status IN ('reading', 'ready', 'unreadable', 'download')),
      problem text,
      source_language text,
      pages integer,
      truncated boolean NOT NULL DEFAULT false,
      paragraphs jsonb NOT NULL DEFAULT '[]'::jsonb,
      search_text text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_documents_message ON chat_documents (message_id)`.execute(db);
  await sql`CREATE INDEX chat_documents_room ON chat_documents (chat_room_id)`.execute(db);
  await sql`
    CREATE TABLE document_translations (
      media_id uuid NOT NULL REFERENCES chat_documents(media_id) ON DELETE CASCADE,
      language text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'done', 'failed', 'not_needed')),
      done integer NOT NULL DEFAULT 0,
      total integer NOT NULL DEFAULT 0,
      paragraphs jsonb NOT NULL DEFAULT '[]'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (media_id, language)
    )`.execute(db);
  await sql`
    CREATE TABLE report_files (
      report_id bigint NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      kind text NOT NULL,
      file_name text,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      PRIMARY KEY (report_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_files`.execute(db);
  await sql`DROP TABLE document_translations`.execute(db);
  await sql`DROP TABLE chat_documents`.execute(db);
  await sql`DELETE FROM chat_media WHERE kind = 'file'`.execute(db);
  await sql`ALTER TABLE chat_media DROP COLUMN file_name`.execute(db);
  await sql`ALTER TABLE chat_media DROP CONSTRAINT chat_media_kind_check`.execute(db);
  await sql`ALTER TABLE chat_media ADD CONSTRAINT chat_media_kind_check CHECK (kind IN ('photo', 'voice'))`.execute(db);
}
