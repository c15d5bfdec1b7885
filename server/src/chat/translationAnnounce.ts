import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Job } from '../db/jobWorker.ts';
import { StatementBatch } from '../platform/batch.ts';
import type { MessageRow, TranslationRow } from './presenters.ts';
import { messageAndReaders, parseReaders, publishViews, readersJson, type Reader } from './readers.ts';
import type { TranslationJob } from './translationJobs.ts';
import type { TranslationUpdate } from './translationOutcome.ts';
import type { EventPublisher } from './types.ts';

interface Deps {
  db: Db;
  events: EventPublisher;
}

/**
 * Store a job's outcome once: a row already settled (by another job or process, or a correction),
 * deleted, or given another job since this one read it (the message was edited: this result is the
 * old text's) is left alone. Then that language's readers (and the sender, when it is their view)
 * hear it, the audience read now: a member removed meanwhile hears nothing.
 */
export async function storeTranslation(o: Deps, job: Job<TranslationJob>, update: TranslationUpdate): Promise<void> {
  const { data } = job;
  const found = await storerOf(o.db).add({ messageId: data.messageId, language: data.language, jobId: job.id, attempts: job.retryCount + 1, update });
  if (!found) return announceStored(o, job);
  const { message, readers, stored, otherLanguages } = found;
  // Only readers of this row's language are told (publishViews' `only`): the other rows serve to find which
  // language is the sender's view, never to show, so their languages are enough.
  const others = otherLanguages.map((language): TranslationRow => ({ ...stored, language, content: null, status: 'pending', error: null, unknown_spans: null, engine: null, via: null }));
  publishViews(o.events, 'message.translated', message, [stored, ...others], readers, data.language);
}

interface Store {
  messageId: string;
  language: string;
  jobId: string;
  attempts: number;
  update: TranslationUpdate;
}

interface Stored {
  message: MessageRow;
  readers: Reader[];
  stored: TranslationRow;
  otherLanguages: string[];
}

/**
 * The outcomes of the jobs that end in one turn, in one statement: each row updated while it is still `pending`
 * for its job, and read back with its message, the room's audience now and the message's other languages (the
 * statement sees those rows as they were before it). No row back: settled already, or another job's since.
 */
async function storeMany(db: Db, items: Store[]): Promise<(Stored | undefined)[]> {
  const values = sql.join(items.map(({ messageId, language, jobId, attempts, update: u }) => sql`(${messageId}::bigint, ${language}::text,
    ${jobId}::uuid, ${u.translated_content}::text, ${u.translation_status}::text, ${u.translation_error}::text, ${u.unknown_spans}::jsonb,
    ${attempts}::int, ${u.engine ?? null}::text, ${u.via ?? null}::text, ${u.original_language}::text)`));
  const result = await sql<MessageRow & { detected_language: string | null; room_readers: Reader[] | string | null; other_languages: string[] | string; stored: TranslationRow | string }>`
    WITH v (message_id, language, job_id, content, status, error, unknown_spans, attempts, engine, via, detected) AS (VALUES ${values}),
    u AS (
      UPDATE message_translations t SET content = v.content, status = v.status, error = v.error, unknown_spans = v.unknown_spans,
        attempts = v.attempts, engine = v.engine, via = v.via
      FROM v WHERE t.message_id = v.message_id AND t.language = v.language AND t.status = 'pending' AND t.job_id = v.job_id
      RETURNING t.*
    ),
    -- Detection may find the original in another language than the sender's profile says: stored with the row, so
    -- no reader sees the row settled while the message still names the profile's language.
    detected AS (
      UPDATE messages m SET original_language = v.detected
      FROM v JOIN u ON u.message_id = v.message_id AND u.language = v.language
      WHERE m.id = v.message_id AND v.detected IS NOT NULL AND v.status <> 'failed' AND m.original_language IS DISTINCT FROM v.detected
      RETURNING m.id, m.original_language
    )
    -- The audience once per message (a group's hundred readers, read and parsed once, not once per language).
    SELECT m.*, d.original_language AS detected_language, to_json(u) AS stored,
      CASE WHEN row_number() OVER (PARTITION BY u.message_id ORDER BY u.language) = 1 THEN ${readersJson(sql.ref('m.chat_room_id'))} END AS room_readers,
      (SELECT coalesce(json_agg(o.language), '[]'::json) FROM message_translations o
        WHERE o.message_id = u.message_id AND o.language <> u.language) AS other_languages
    FROM u JOIN messages m ON m.id = u.message_id LEFT JOIN detected d ON d.id = m.id`.execute(db);
  const audiences = new Map<string, Reader[]>();
  for (const r of result.rows) if (r.room_readers !== null) audiences.set(String(r.id), parseReaders(r.room_readers));
  return items.map((item) => {
    const row = result.rows.find((r) => {
      const t = parseJson(r.stored);
      return String(t.message_id) === item.messageId && t.language === item.language && t.job_id === item.jobId;
    });
    if (!row) return undefined;
    const { detected_language, room_readers: _readers, other_languages, stored, ...message } = row;
    // The statement read the message before its own update of the detected language.
    if (detected_language) message.original_language = detected_language;
    const t = parseJson(stored);
    return {
      message,
      readers: audiences.get(String(message.id)) ?? [],
      // The row as JSON: ids and times back to what the table's columns read as.
      stored: { ...t, message_id: String(t.message_id), queued_at: t.queued_at && new Date(t.queued_at), corrected_at: t.corrected_at && new Date(t.corrected_at) },
      otherLanguages: parseJson(other_languages),
    };
  });
}

/** A json column as read back (PGlite answers json as text). */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

const storers = new WeakMap<Db, StatementBatch<Store, Stored | undefined>>();

function storerOf(db: Db): StatementBatch<Store, Stored | undefined> {
  let storer = storers.get(db);
  if (!storer) storers.set(db, (storer = new StatementBatch((items) => storeMany(db, items))));
  return storer;
}

/**
 * A retry that finds its row settled: the attempt before may have died between storing the result
 * and announcing it (kill -9; its job came back through the heartbeat), so announce what is stored.
 */
export async function announceStored(o: Deps, job: Job<TranslationJob>): Promise<void> {
  if (job.retryCount === 0) return;
  const [found, rows] = await Promise.all([messageAndReaders(o.db, job.data.messageId), translationsOf(o.db, job.data.messageId)]);
  if (!found) return;
  const { message, readers } = found;
  if (rows.some((r) => r.language === job.data.language && r.status !== 'pending')) publishViews(o.events, 'message.translated', message, rows, readers, job.data.language);
}

function translationsOf(db: Db, messageId: string) {
  return db.selectFrom('message_translations').selectAll().where('message_id', '=', messageId as never).execute();
}
