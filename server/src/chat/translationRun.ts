import { randomUUID } from 'node:crypto';
import { isLanguageCode, type GroupRegister, type LanguageCode, type RelationshipContext, type RoomKind } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { jobQueueIn } from '../db/jobQueue.ts';
import { StatementBatch } from '../platform/batch.ts';
import type { GlossaryEntry } from '../translation/textTranslator.ts';
import type { Job, JobOutcome, JobPolicy } from '../db/jobWorker.ts';
import { registerContext } from './groupRegister.ts';
import { announceStored, storeTranslation } from './translationAnnounce.ts';
import { TRANSLATION_QUEUE, type TranslationJob, type TranslationJobOptions } from './translationJobs.ts';
import { toTranslationUpdate, translationFailed, type TranslationUpdate } from './translationOutcome.ts';

type Fetched = Job<TranslationJob>;
const failed = (err: unknown): JobOutcome => ({ fail: { message: err instanceof Error ? err.message : String(err) } });

/**
 * One attempt of a translation job: read what to translate, ask the engine, store and announce the
 * outcome. The worker (platform/jobs/worker.ts) closes the job by the outcome returned: a failed
 * attempt is retried by pg-boss with backoff; the last one stores `failed` (the original stays).
 */
export async function runTranslation(o: TranslationJobOptions, policy: JobPolicy, job: Fetched): Promise<JobOutcome> {
  const { data } = job;
  let work: Awaited<ReturnType<typeof load>>;
  try {
    work = await load(o, data, job.id);
    // Settled already (another job, a correction), or the message is gone: nothing to do.
    if (!work) return await announceStored(o, job);
  } catch (err) {
    // The database went away while reading: this attempt fails now and is retried with backoff,
    // instead of the job waiting out its lease.
    o.log.warn({ err, messageId: data.messageId, language: data.language }, 'could not read the translation to make; will retry');
    return failed(err);
  }
  const lastAttempt = job.retryCount >= job.retryLimit;
  const started = performance.now();
  let update: TranslationUpdate;
  if (waitsForCheck(o, work.senderLanguage, work.target)) return postpone(o, policy, job);
  try {
    const { budget } = o;
    const senderId = work.senderId;
    const spend = budget && senderId ? (chars: number) => budget.charge(senderId, chars) : undefined;
    const result = await o.translator.translate({ text: work.content, sourceHint: work.senderLanguage, target: work.target, context: work.context, roomId: work.roomId, glossary: work.glossary, messageId: data.messageId, spend });
    o.observe?.engine((performance.now() - started) / 1000, result.ok);
    // The text was in another language than the sender's, whose direction is still being checked.
    if (!result.ok && result.reason === 'engine_failed' && waitsForCheck(o, result.detectedLanguage ?? null, work.target)) return postpone(o, policy, job);
    update = toTranslationUpdate(result, work.content, work.senderLanguage, work.target);
  } catch (err) {
    o.observe?.engine((performance.now() - started) / 1000, false);
    o.log.warn({ err, messageId: data.messageId, language: data.language, attempt: job.retryCount + 1 }, lastAttempt ? 'message translation failed; giving up' : 'message translation failed; will retry');
    if (lastAttempt) return finish(o, job, translationFailed(work.senderLanguage), 'gave_up', err);
    o.observe?.outcome('retry');
    return failed(err);
  }
  return finish(o, job, update, update.translation_status);
}

/**
 * The message, its room's tone and the row of this job, if that row still waits for this job: an
 * edit (chat/messageLife.ts) gives every row a new job, and the old text's job then has nothing to do.
 * The jobs fetched together read together: one statement per turn (platform/batch.ts).
 */
async function load(o: TranslationJobOptions, data: TranslationJob, jobId: string) {
  const row = await loaderOf(o.db).add({ messageId: data.messageId, language: data.language, jobId });
  if (!row || !isLanguageCode(data.language)) return undefined;
  const kind: RoomKind = row.kind;
  const context: RelationshipContext | null = kind === 'group' ? registerContext(row.register as GroupRegister | null) : row.relationship_context;
  const senderLanguage: LanguageCode | null = isLanguageCode(row.original_language) ? row.original_language : null;
  const glossary = typeof row.glossary === 'string' ? (JSON.parse(row.glossary) as GlossaryEntry[]) : row.glossary;
  return { content: row.content, roomId: row.chat_room_id, senderId: row.sender_id, senderLanguage, target: data.language, context, glossary };
}

type LoadKey = { messageId: string; language: string; jobId: string };

interface Loaded {
  message_id: string;
  language: string;
  job_id: string | null;
  content: string;
  original_language: string | null;
  chat_room_id: string;
  kind: RoomKind;
  register: GroupRegister | null;
  relationship_context: RelationshipContext | null;
  sender_id: string | null;
  glossary: GlossaryEntry[] | string;
}

/**
 * The rows of these jobs still pending, with their message, room, the sender's tone and the room's glossary. Written
 * as SQL rather than with the query builder: it runs for every translation, and building it was a tenth of a group
 * message's CPU in the builder (docs/PERFORMANCE.md).
 */
async function loadMany(db: Db, keys: LoadKey[]): Promise<Loaded[]> {
  const wanted = sql.join(keys.map((k) => sql`(${k.messageId}::bigint, ${k.language}::text)`));
  const result = await sql<Loaded>`
    WITH k (message_id, language) AS (VALUES ${wanted})
    SELECT t.message_id, t.language, t.job_id, m.content, m.original_language, m.chat_room_id, r.kind, r.register, p.relationship_context, m.sender_id,
      -- The room's glossary comes with it (chat/glossary.ts roomGlossary's entries): no statement of its own per job.
      (SELECT coalesce(json_agg(json_build_object('sourceLanguage', g.source_language, 'targetLanguage', g.target_language,
        'sourcePhrase', g.source_phrase, 'targetPhrase', g.target_phrase) ORDER BY g.id), '[]'::json)
        FROM conversation_glossary g WHERE g.chat_room_id = m.chat_room_id) AS glossary
    FROM k
    JOIN message_translations t ON t.message_id = k.message_id AND t.language = k.language
    JOIN messages m ON m.id = t.message_id
    JOIN chat_rooms r ON r.id = m.chat_room_id
    LEFT JOIN chat_room_participants p ON p.chat_room_id = m.chat_room_id AND p.user_id = m.sender_id
    WHERE t.status = 'pending'`.execute(db);
  return result.rows;
}

const loaders = new WeakMap<Db, StatementBatch<LoadKey, Loaded | undefined>>();

function loaderOf(db: Db): StatementBatch<LoadKey, Loaded | undefined> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new StatementBatch(async (keys) => {
      const rows = await loadMany(db, keys);
      return keys.map((k) => rows.find((r) => String(r.message_id) === k.messageId && r.language === k.language && r.job_id === k.jobId));
    });
    loaders.set(db, loader);
  }
  return loader;
}

function waitsForCheck(o: TranslationJobOptions, source: string | null, target: LanguageCode): boolean {
  return !!source && source !== target && isLanguageCode(source) && (o.isDirectionBeingChecked?.(source, target) ?? false);
}

/**
 * The direction is still being checked (start-up self-check): the message stays pending and gets
 * a new job that starts a little later; this one completes (a postponement is not a failed attempt).
 */
async function postpone(o: TranslationJobOptions, policy: JobPolicy, job: Fetched): Promise<JobOutcome> {
  const jobId = randomUUID();
  try {
    await o.db.transaction().execute(async (tx) => {
      const row = await tx.updateTable('message_translations').set({ job_id: jobId, queued_at: sql<Date>`now()` })
        .where('message_id', '=', job.data.messageId).where('language', '=', job.data.language).where('status', '=', 'pending')
        .returning('message_id').executeTakeFirst();
      if (row) await o.boss.send(TRANSLATION_QUEUE, job.data, { ...policy, id: jobId, startAfter: o.postponeSeconds ?? 2, db: jobQueueIn(tx) });
    });
    o.observe?.outcome('postponed');
  } catch (err) {
    o.log.warn({ err, messageId: job.data.messageId }, 'could not postpone translation job; will retry');
    return failed(err);
  }
}

/** Store the outcome, then close the job (completed, or failed for good when it gave up). */
async function finish(o: TranslationJobOptions, job: Fetched, update: TranslationUpdate, outcome: 'done' | 'not_needed' | 'failed' | 'gave_up', err?: unknown): Promise<JobOutcome> {
  try {
    await storeTranslation(o, job, update);
  } catch (storeErr) {
    o.log.warn({ err: storeErr, messageId: job.data.messageId }, 'could not store message translation; will retry');
    return failed(storeErr);
  }
  o.observe?.outcome(outcome);
  return err === undefined ? undefined : failed(err);
}
