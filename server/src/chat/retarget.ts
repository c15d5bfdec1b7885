import { isLanguageCode, type LanguageCode } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { presentMessage, viewFor } from './presenters.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { QueuedTranslation } from './translationOutbox.ts';
import type { EventPublisher } from './types.ts';

/**
 * How many of a conversation's latest received messages follow the reader into a new language:
 * the ones a conversation shows when it opens (LIMITS.chatHistory is 50). Older history keeps its
 * translation: re-translating years of it would flood the queue and the engines for text nobody
 * scrolls back to.
 */
export const RETARGET_RECENT = 50;

export interface RetargetDeps {
  db: Db;
  events: EventPublisher;
  /** The translation queue: the new rows get their jobs in the same transaction. */
  jobs: Pick<TranslationJobs, 'insertJobs' | 'queued'>;
}

/**
 * The reader changed their language: the latest messages they received (RETARGET_RECENT per
 * conversation, from joining on) get a translation row in it, each with its job, in one
 * transaction; the job runner is woken after the commit. Rows are added, never replaced: a
 * translation (and a person's correction) into the old language stays, and comes back when the
 * reader switches back (issue 27.3). Nothing is made for a message whose original is already in
 * the new language (not_needed), or that has no text. Two tabs changing at once insert each row
 * once (ON CONFLICT DO NOTHING). The reader's own messages are read by the others: untouched.
 * The reader's sockets then get each of those messages as they now see it.
 */
export async function retargetReceivedMessages(deps: RetargetDeps, userId: string, language: LanguageCode): Promise<{ reset: number }> {
  const recent = sql`
    SELECT id FROM (
      SELECT m.id, m.original_language, m.content, m.system_event,
             row_number() OVER (PARTITION BY m.chat_room_id ORDER BY m.id DESC) AS n
        FROM messages m
        JOIN chat_room_participants p ON p.chat_room_id = m.chat_room_id AND p.user_id = ${userId}
        JOIN chat_rooms r ON r.id = m.chat_room_id
       WHERE m.sender_id IS DISTINCT FROM ${userId} AND m.system_event IS NULL
         AND (r.kind = 'direct' OR m.created_at >= p.joined_at)
    ) latest
    WHERE n <= ${RETARGET_RECENT}`;
  const added = await deps.db.transaction().execute(async (tx) => {
    const { rows } = await sql<QueuedTranslation>`
      INSERT INTO message_translations (message_id, language, status, job_id, queued_at)
      SELECT m.id, ${language}, 'pending', gen_random_uuid(), now()
        FROM messages m
       WHERE m.id IN (${recent}) AND m.original_language IS DISTINCT FROM ${language} AND btrim(m.content) <> ''
      ON CONFLICT (message_id, language) DO NOTHING
      RETURNING message_id, language, job_id`.execute(tx);
    const queued = rows.map((r) => ({ ...r, message_id: String(r.message_id), job_id: String(r.job_id) }));
    await deps.jobs.insertJobs(tx, queued);
    return queued;
  });
  if (added.length) deps.jobs.queued();
  // What the reader now sees: the new rows (pending), rows kept from before, originals in their language.
  const messages = await deps.db.selectFrom('messages').selectAll()
    .where('id', 'in', sql<string>`(${recent})`)
    .where((eb) => eb.or([eb('original_language', '=', language), eb.exists(eb.selectFrom('message_translations as t').select('t.language').whereRef('t.message_id', '=', 'messages.id').where('t.language', '=', language))]))
    .orderBy('id').execute();
  if (messages.length) {
    const rows = await deps.db.selectFrom('message_translations').selectAll().where('message_id', 'in', messages.map((m) => m.id)).execute();
    const mine = new Set(added.map((a) => a.message_id));
    for (const message of messages) {
      const own = rows.filter((r) => r.message_id === message.id);
      // A row another call (another tab) added and that still waits: that call announced it.
      if (!mine.has(String(message.id)) && own.some((r) => r.language === language && r.status === 'pending')) continue;
      deps.events.publish([userId], { v: 1, type: 'message.translated', message: presentMessage(message, viewFor(message, own, userId, language)) });
    }
  }
  return { reset: added.length };
}

/** Run retargetReceivedMessages after a profile change; a failure is logged, the profile change stands. */
export function followLanguageChange(
  deps: RetargetDeps & { warn: (err: unknown) => void },
  userId: string,
  language: string | null | undefined,
): Promise<void> {
  if (!isLanguageCode(language)) return Promise.resolve();
  return retargetReceivedMessages(deps, userId, language).then(() => undefined, deps.warn);
}
