import { sql, type Kysely } from 'kysely';

/** Search finds files by name and documents by their text (issue 36 item 4): the same trigram index as messages'. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX chat_documents_search ON chat_documents USING gin (parley_search_fold(search_text) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX chat_documents_search`.execute(db);
}
