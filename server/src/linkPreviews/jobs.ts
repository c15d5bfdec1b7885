import type { FastifyBaseLogger } from 'fastify';
import { firstLink, presentLinkPreview, type LanguageCode, type ServerEvent, type StoredLinkPreview } from '@parley/common';
import { sql } from 'kysely';
import type { ChatTranslator, EventPublisher } from '../chat/types.ts';
import { sendContext } from '../chat/messageSender.ts';
import type { JobQueue } from '../db/jobQueue.ts';
import { JobWorker, type Job, type JobOutcome, type JobPolicy } from '../db/jobWorker.ts';
import type { DomainEvent, EventConsumer } from '../events/index.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import { previewOf, type PreviewFetchOptions } from './cache.ts';
import { linkPreviewsEnabled, linkPreviewsLastKnown } from './settings.ts';

/** The pg-boss queue of link previews: one job per message with a link. */
export const LINK_PREVIEW_QUEUE = 'link-previews';

type LinkPreviewJob = { messageId: string; roomId: string };

export interface LinkPreviewJobsOptions extends PreviewFetchOptions {
  boss: JobQueue;
  log: FastifyBaseLogger;
  events: EventPublisher;
  translator: ChatTranslator;
  /** The sender's translation budget pays for the card's translations, as for the message's. */
  budget?: TranslationBudget | undefined;
  takesWork: boolean;
  pollMs?: number | undefined;
}

/**
 * Link previews as the event log's consumer: a send whose text has a link (and whose sender did not remove the
 * preview) records `message.sent` with `link`, and `wants` says yes while previews are on (as this node last read
 * the switch: no I/O). The job, after the send's commit, never on its path: the card from the cache or fetched
 * through the guard (cache.ts), its title and description translated into every language read in the room (the
 * chat translator: its cache, protected spans and engines; the sender's budget), stored on the message
 * (messages.link_preview, changed_at bumped so a resume brings it) and announced to each reader in their language.
 */
export class LinkPreviewJobs {
  readonly policy: JobPolicy = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 };
  private readonly worker: JobWorker<LinkPreviewJob>;

  constructor(private readonly o: LinkPreviewJobsOptions) {
    this.worker = new JobWorker<LinkPreviewJob>({
      boss: o.boss, queue: LINK_PREVIEW_QUEUE, policy: this.policy, log: o.log, takesWork: o.takesWork,
      concurrency: 4, pollMs: o.pollMs ?? 1_000, drainMs: 5_000,
      handle: (job) => this.run(job),
    });
  }

  start(): Promise<void> {
    return this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  consumer(): EventConsumer {
    return {
      queue: LINK_PREVIEW_QUEUE,
      policy: this.policy,
      types: ['message.sent'],
      wants: (e) => {
        if (!e.link) return false;
        // Keep this node's view of the switch fresh (cached read); the job checks it again when it runs.
        void linkPreviewsEnabled(this.o.db).catch(() => undefined);
        return linkPreviewsLastKnown(this.o.db);
      },
      job: (e: DomainEvent) => (e.type === 'message.sent' ? { data: { messageId: e.messageId, roomId: e.roomId } satisfies LinkPreviewJob } : undefined),
      queued: () => void this.worker.queued(),
    };
  }

  private async run(job: Job<LinkPreviewJob>): Promise<JobOutcome> {
    const { db } = this.o;
    if (!(await linkPreviewsEnabled(db))) return;
    const message = await db.selectFrom('messages').select(['id', 'chat_room_id', 'sender_id', 'content', 'link_preview', 'deleted_at'])
      .where('id', '=', job.data.messageId as never).executeTakeFirst();
    if (!message || message.deleted_at || message.link_preview || !message.sender_id) return;
    const url = firstLink(message.content);
    if (!url) return;
    const card = await previewOf(this.o, url);
    if (card.status !== 'ok') return;
    let room: Awaited<ReturnType<typeof sendContext>>;
    try {
      room = await sendContext(db, message.chat_room_id, message.sender_id);
    } catch {
      return; // the sender left or the room is gone: nobody to show it to
    }
    const stored: StoredLinkPreview = {
      url, siteName: card.site_name, title: card.title, description: card.description,
      image: card.image_key ? { width: card.image_width, height: card.image_height } : null,
      language: null, translations: {},
    };
    await this.translate(stored, room.readerLanguages, message.sender_id, message.chat_room_id);
    const updated = await db.updateTable('messages')
      .set({ link_preview: JSON.stringify(stored), changed_at: sql`now()` } as never)
      .where('id', '=', message.id).where('link_preview', 'is', null).where('deleted_at', 'is', null)
      .returning('id').executeTakeFirst();
    if (updated) this.announce(stored, message.chat_room_id, String(message.id), message.sender_id, room);
  }

  /**
   * The title and description into each language read in the room, in the sender's budget. A text already in a
   * language (the engines' detection says so) gets no entry for it: the reader sees the page's own words.
   */
  private async translate(stored: StoredLinkPreview, languages: readonly LanguageCode[], senderId: string, roomId: string): Promise<void> {
    const { budget } = this.o;
    const spend = budget ? (chars: number) => budget.charge(senderId, chars) : undefined;
    const one = async (text: string | null, target: LanguageCode): Promise<string | null | undefined> => {
      if (!text) return text;
      const result = await this.o.translator.translate({ text, sourceHint: null, target, context: null, roomId, spend });
      if (result.detectedLanguage && !stored.language) stored.language = result.detectedLanguage;
      if (!result.ok || result.kind !== undefined && result.kind !== 'translated' || result.detectedLanguage === target) return undefined;
      return result.text;
    };
    for (const target of languages) {
      try {
        const [title, description] = [await one(stored.title, target), await one(stored.description, target)];
        if (title === undefined && description === undefined) continue;
        stored.translations[target] = { title: title ?? stored.title, description: description ?? stored.description };
      } catch (err) {
        // Over budget or no engine: that language's readers see the page's own words.
        this.o.log.warn({ err, target }, 'link preview: translation failed');
      }
    }
  }

  /** Each reader hears the card in their own language (presenters.ts: the same rule). */
  private announce(stored: StoredLinkPreview, roomId: string, messageId: string, senderId: string, room: Awaited<ReturnType<typeof sendContext>>): void {
    const byLanguage = new Map<string, string[]>();
    for (const reader of room.readers) {
      // Everyone in their own language, the sender too (chat/presenters.ts: the same rule).
      const language = reader.id === senderId ? (room.senderLanguage ?? 'en') : (reader.language ?? room.senderLanguage ?? 'en');
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), reader.id]);
    }
    for (const [language, users] of byLanguage) {
      const event: ServerEvent = { v: 1, type: 'message.link_preview', roomId, messageId, preview: presentLinkPreview(stored, roomId, messageId, language) };
      this.o.events.publish(users, event);
    }
  }
}
