import type { FastifyBaseLogger } from 'fastify';
import { DOCUMENT_LIMITS, isLanguageCode, type LanguageCode } from '@parley/common';
import type { ChatTranslator } from '../../chat/types.ts';
import type { Db } from '../../db/connect.ts';
import type { JobQueue } from '../../db/jobQueue.ts';
import { JobWorker, type Job, type JobOutcome, type JobPolicy } from '../../db/jobWorker.ts';
import type { TranslationBudget } from '../../http/translationBudget.ts';
import type { OcrEngine } from '../../scan/index.ts';
import { extractDocument, UnreadableDocument } from './extract.ts';
import { limitParagraphs } from './paragraphs.ts';

/** The pg-boss queue of documents: reading a file's text, then translating it into each reader's language. */
export const DOCUMENT_QUEUE = 'documents';

type DocumentJob = { step: 'read'; mediaId: string } | { step: 'translate'; mediaId: string; language: string };

export interface DocumentJobsOptions {
  db: Db;
  boss: JobQueue;
  log: FastifyBaseLogger;
  translator: ChatTranslator;
  ocrEngines: readonly OcrEngine[];
  /** The sender's translation budget counts each engine call (charged: the send was accepted). */
  budget?: TranslationBudget | undefined;
  takesWork: boolean;
  concurrency?: number;
  pollMs?: number;
  /** Limit of one document's reading (OCR included). */
  readTimeoutMs?: number;
}

/**
 * Documents' work on the server's one worker loop (db/jobWorker.ts), a queue of its own rather than chat's
 * translate-message jobs: a document is translated in many engine calls (one per paragraph chunk), with its
 * progress stored after each (done of total), so a retry resumes where the last attempt stopped and the reader sees
 * "Translating… 3/10". `read`: the text is extracted (a scanned PDF page through OCR), cut to the limits, stored;
 * then one `translate` job per language the room's other members read. A translation row is the truth
 * (`document_translations`); a job for a row already done does nothing.
 */
export class DocumentJobs {
  private readonly policy: JobPolicy = { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 };
  private readonly worker: JobWorker<DocumentJob>;

  constructor(private readonly o: DocumentJobsOptions) {
    this.worker = new JobWorker<DocumentJob>({
      boss: o.boss, queue: DOCUMENT_QUEUE, policy: this.policy, log: o.log, takesWork: o.takesWork,
      concurrency: o.concurrency ?? 2, pollMs: o.pollMs ?? 1000, drainMs: 5000,
      handle: (job) => this.run(job),
    });
  }

  start(): Promise<void> {
    return this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  async queueRead(mediaId: string): Promise<void> {
    await this.send({ step: 'read', mediaId });
  }

  /**
   * A translation of a read document into `language` (a reader who joined later, or changed language, asks for it when
   * opening the reader): a pending row and its job, unless the row exists or the text is in that language already.
   */
  async ensureTranslation(mediaId: string, language: LanguageCode): Promise<void> {
    const doc = await this.o.db.selectFrom('chat_documents').select(['status', 'source_language', 'paragraphs'])
      .where('media_id', '=', mediaId).executeTakeFirst();
    if (doc?.status !== 'ready') return;
    await this.addRows(mediaId, [language], doc.source_language, jsonList(doc.paragraphs).length);
  }

  private async send(data: DocumentJob): Promise<void> {
    await this.o.boss.send(DOCUMENT_QUEUE, data, this.policy);
    this.worker.queued();
  }

  private async addRows(mediaId: string, languages: readonly string[], source: string | null, total: number): Promise<void> {
    const wanted = [...new Set(languages)].filter((l) => l !== source);
    if (!wanted.length) return;
    const inserted = await this.o.db.insertInto('document_translations')
      .values(wanted.map((language) => ({ media_id: mediaId, language, status: 'pending' as const, total, paragraphs: '[]' })))
      .onConflict((c) => c.columns(['media_id', 'language']).doNothing())
      .returning('language').execute();
    for (const row of inserted) await this.send({ step: 'translate', mediaId, language: row.language });
  }

  private async run(job: Job<DocumentJob>): Promise<JobOutcome> {
    const last = job.retryCount >= job.retryLimit;
    if (job.data.step === 'read') return this.read(job.data.mediaId, last);
    return this.translate(job.data.mediaId, job.data.language, last);
  }

  private async read(mediaId: string, last: boolean): Promise<JobOutcome> {
    const { db } = this.o;
    const row = await db.selectFrom('chat_documents as d').innerJoin('chat_media as m', 'm.id', 'd.media_id')
      .leftJoin('profiles as sp', 'sp.id', 'd.sender_id')
      .select(['d.status', 'd.document_kind', 'd.chat_room_id', 'd.sender_id', 'd.file_name', 'm.bytes', 'sp.language as sender_language'])
      .where('d.media_id', '=', mediaId).executeTakeFirst();
    if (!row || row.status !== 'reading' || !row.document_kind) return;
    const source = isLanguageCode(row.sender_language) ? row.sender_language : null;
    const readers = await db.selectFrom('chat_room_participants as p').innerJoin('profiles as pr', 'pr.id', 'p.user_id')
      .select('pr.language').where('p.chat_room_id', '=', row.chat_room_id).where('p.user_id', '!=', row.sender_id ?? '00000000-0000-0000-0000-000000000000').execute();
    const targets = readers.map((r) => r.language).filter((l): l is LanguageCode => isLanguageCode(l));
    try {
      const extracted = await extractDocument(row.document_kind, Buffer.from(row.bytes), {
        maxPages: DOCUMENT_LIMITS.maxPages, ocrEngines: this.o.ocrEngines,
        languages: [...new Set([source ?? 'en', ...targets])].slice(0, 3),
        signal: AbortSignal.timeout(this.o.readTimeoutMs ?? 120_000),
      });
      const { paragraphs, truncated } = limitParagraphs(extracted.paragraphs);
      if (!paragraphs.length) throw new UnreadableDocument('no_text', 'no text found');
      await db.updateTable('chat_documents').set({
        status: 'ready', problem: null, source_language: source, pages: extracted.pages, truncated: truncated || extracted.truncated,
        paragraphs: JSON.stringify(paragraphs), search_text: `${row.file_name}\n${paragraphs.join('\n')}`,
      }).where('media_id', '=', mediaId).where('status', '=', 'reading').execute();
      await this.addRows(mediaId, targets, source, paragraphs.length);
    } catch (err) {
      if (!(err instanceof UnreadableDocument) && !last) {
        this.o.log.warn({ err, mediaId }, 'reading a document failed; will retry');
        return { fail: { message: err instanceof Error ? err.message : String(err) } };
      }
      const problem = err instanceof UnreadableDocument ? err.problem : 'failed';
      await db.updateTable('chat_documents').set({ status: 'unreadable', problem }).where('media_id', '=', mediaId).where('status', '=', 'reading').execute();
    }
  }

  private async translate(mediaId: string, language: string, last: boolean): Promise<JobOutcome> {
    const { db, budget } = this.o;
    const row = await db.selectFrom('document_translations as t').innerJoin('chat_documents as d', 'd.media_id', 't.media_id')
      .innerJoin('chat_rooms as r', 'r.id', 'd.chat_room_id')
      .select(['t.status', 't.done', 't.paragraphs as translated', 'd.paragraphs', 'd.source_language', 'd.sender_id', 'd.chat_room_id'])
      .where('t.media_id', '=', mediaId).where('t.language', '=', language).executeTakeFirst();
    if (!row || row.status !== 'pending' || !isLanguageCode(language)) return;
    const senderId = row.sender_id;
    const spend = budget && senderId ? (chars: number) => budget.charge(senderId, chars) : undefined;
    const sourceHint = isLanguageCode(row.source_language) ? row.source_language : null;
    const translated = jsonList(row.translated);
    const paragraphs = jsonList(row.paragraphs);
    try {
      for (let i = row.done; i < paragraphs.length; i += 1) {
        const result = await this.o.translator.translate({ text: paragraphs[i]!, sourceHint, target: language, context: null, roomId: row.chat_room_id, spend });
        // No engine translates this direction: asking again will not change that, so the reader is told at once.
        if (!result.ok && result.reason === 'unsupported_pair') return await this.giveUp(mediaId, language);
        if (!result.ok) throw new Error(result.message ?? result.reason ?? 'translation failed');
        translated[i] = result.text;
        await db.updateTable('document_translations')
          .set({ done: i + 1, paragraphs: JSON.stringify(translated), updated_at: new Date() })
          .where('media_id', '=', mediaId).where('language', '=', language).where('status', '=', 'pending').execute();
      }
      await db.updateTable('document_translations').set({ status: 'done', updated_at: new Date() })
        .where('media_id', '=', mediaId).where('language', '=', language).where('status', '=', 'pending').execute();
    } catch (err) {
      this.o.log.warn({ err, mediaId, language }, last ? 'document translation failed; giving up' : 'document translation failed; will retry');
      if (!last) return { fail: { message: err instanceof Error ? err.message : String(err) } };
      await this.giveUp(mediaId, language);
    }
  }

  private async giveUp(mediaId: string, language: string): Promise<void> {
    await this.o.db.updateTable('document_translations').set({ status: 'failed', updated_at: new Date() })
      .where('media_id', '=', mediaId).where('language', '=', language).where('status', '=', 'pending').execute();
  }
}

/** A jsonb list as the driver gives it (parsed by pg; a string where a driver leaves JSON as text). */
export function jsonList(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : [...value];
}
