import type { Db } from '../db/connect.ts';
import type { Job } from '../db/jobWorker.ts';
import { messageAndReaders, publishViews } from './readers.ts';
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
  const row = await o.db
    .updateTable('message_translations')
    .set({ content: translated_content, status: translation_status, error: translation_error, unknown_spans, attempts: job.retryCount + 1, engine, via })
    .where('message_id', '=', data.messageId)
    .where('language', '=', data.language)
    .where('status', '=', 'pending')
    .where('job_id', '=', job.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return announceStored(o, job);
  const [found, rows] = await Promise.all([messageAndReaders(o.db, data.messageId), translationsOf(o.db, data.messageId)]);
  if (!found) return;
  const { message, readers } = found;
  // Detection may find the original in another language than the sender's profile says.
  if (detected && detected !== message.original_language && translation_status !== 'failed') {
    await o.db.updateTable('messages').set({ original_language: detected }).where('id', '=', message.id).execute();
    message.original_language = detected;
  }
  publishViews(o.events, 'message.translated', message, rows, readers, data.language);
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
