import { sql, type Kysely } from 'kysely';

/**
 * Link previews (issue 36 item 3). `link_previews` is the cache of what a page said, one row per normalized URL,
 * shared by every message and room that links it (not personal: a public page's title), refetched after a day;
 * its image lives in stored_files (bucket `link-previews`, never served by the public /storage route).
 * `messages.link_preview` is the card of one message as it was made (its texts and their translations per reader
 * language): it goes with the message (deleted for everyone, erased with an account). `reports.link_preview` keeps
 * the card of a reported message as evidence. The search index covers the card's title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE link_previews (
      url text PRIMARY KEY,
      status text NOT NULL CHECK (status IN ('ok', 'failed')),
      fetched_at timestamptz NOT NULL DEFAULT now(),
      final_url text,
      title text,
      description text,
      site_name text,
      image_key text,
      image_width integer,
      image_height integer,
      problem text
    )`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN link_preview jsonb`.execute(db);
  await sql`ALTER TABLE reports ADD COLUMN link_preview jsonb`.execute(db);
  await sql`CREATE INDEX messages_link_preview_search ON messages USING gin (parley_search_fold(link_preview->>'title') gin_trgm_ops)
    WHERE link_preview IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX messages_link_preview_search`.execute(db);
  await sql`ALTER TABLE reports DROP COLUMN link_preview`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN link_preview`.execute(db);
  await sql`DROP TABLE link_previews`.execute(db);
  await sql`DELETE FROM stored_files WHERE bucket = 'link-previews'`.execute(db);
}
