import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Job } from '../db/jobWorker.ts';
import type { TranslationRow } from './presenters.ts';
import { messageAndReaders, parseReaders, publishViews, readersJson } from './readers.ts';
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
  const { original_language: detected, translated_content, translation_status, translation_error, unknown_spans, engine = null, via = null } = update;
  // One statement: the update, the message, its audience now and the message's other languages.
  const found = await o.db
    .with('u', (db) => db
      .updateTable('message_translations')
      .set({ content: translated_content, status: translation_status, error: translation_error, unknown_spans, attempts: job.retryCount + 1, engine, via })
      .where('message_id', '=', data.messageId)
      .where('language', '=', data.language)
      .where('status', '=', 'pending')
      .where('job_id', '=', job.id)
      .returningAll())
    .selectFrom('u')
    .innerJoin('messages as m', 'm.id', 'u.message_id')
    .selectAll('m')
    .select(readersJson(sql.ref('m.chat_room_id')).as('room_readers'))
    // The statement sees the other rows as they were before it: only their languages are needed (below).
    .select(sql<string[] | string>`(SELECT coalesce(json_agg(t.language), '[]'::json) FROM message_translations t
      WHERE t.message_id = u.message_id AND t.language <> u.language)`.as('other_languages'))
    .select(['u.language as t_language', 'u.content as t_content', 'u.status as t_status', 'u.error as t_error', 'u.unknown_spans as t_unknown_spans',
      'u.attempts as t_attempts', 'u.job_id as t_job_id', 'u.queued_at as t_queued_at', 'u.machine_translation as t_machine_translation',
      'u.corrected_by as t_corrected_by', 'u.corrected_at as t_corrected_at', 'u.engine as t_engine', 'u.via as t_via'])
    .executeTakeFirst();
  if (!found) return announceStored(o, job);
  const { room_readers, other_languages, t_language, t_content, t_status, t_error, t_unknown_spans, t_attempts, t_job_id, t_queued_at,
    t_machine_translation, t_corrected_by, t_corrected_at, t_engine, t_via, ...message } = found;
  const readers = parseReaders(room_readers);
  const stored: TranslationRow = {
    message_id: String(message.id), language: t_language, content: t_content, status: t_status, error: t_error, unknown_spans: t_unknown_spans,
    attempts: t_attempts, job_id: t_job_id, queued_at: t_queued_at, machine_translation: t_machine_translation, corrected_by: t_corrected_by,
    corrected_at: t_corrected_at, engine: t_engine, via: t_via,
  };
  // Only readers of this row's language are told (publishViews' `only`): the other rows serve to find which
  // language is the sender's view, never to show, so their languages are enough.
  const others = (typeof other_languages === 'string' ? (JSON.parse(other_languages) as string[]) : other_languages)
    .map((language): TranslationRow => ({ ...stored, language, content: null, status: 'pending', error: null, unknown_spans: null, engine: null, via: null }));
  // Detection may find the original in another language than the sender's profile says.
  if (detected && detected !== message.original_language && translation_status !== 'failed') {
    await o.db.updateTable('messages').set({ original_language: detected }).where('id', '=', message.id).execute();
    message.original_language = detected;
  }
  publishViews(o.events, 'message.translated', message, [stored, ...others], readers, data.language);
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
