import { isLanguageCode, type LanguageCode } from '@parley/common';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { MessagesTable } from '../db/schema.ts';
import { presentMessage } from './presenters.ts';
import type { TranslationJobs } from './translationJobs.ts';
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
  /** The translation queue: the reset rows get new jobs in the same transaction. */
  jobs: Pick<TranslationJobs, 'requeueIn' | 'queued'>;
}

/**
 * The reader changed their language: the latest messages they received (RETARGET_RECENT per
 * conversation) are translated again into it. One transaction resets the rows (target_language,
 * status pending, result and correction cleared) and gives each a new translation job; the job
 * runner is woken after the commit.
 * - Only messages addressed to the reader (sent by someone else): the reader's own messages are
 *   translated into the partner's language, which has not changed.
 * - A message already in the new language becomes not_needed at once, no engine call.
 * - A correction was a person's translation into the old language, of no use in the new one: the
 *   message is re-translated and the correction marks cleared. The phrase pair it taught stays in
 *   the room's glossary (per direction), so it applies again if the reader switches back.
 * - Rows already in the new language are not touched, so calling this twice translates once.
 * - A job in flight for the old language cannot land: a result is applied only while the row's
 *   target is still the language it was translated into (chat/translationJobs.ts).
 */
export async function retargetReceivedMessages(deps: RetargetDeps, userId: string, language: LanguageCode): Promise<{ reset: number }> {
  const reset = await deps.db.transaction().execute(async (tx) => {
    const { rows } = await sql<Selectable<MessagesTable>>`
      WITH recent AS (
        SELECT id FROM (
          SELECT m.id, row_number() OVER (PARTITION BY m.chat_room_id ORDER BY m.id DESC) AS n
          FROM messages m
          JOIN chat_room_participants p ON p.chat_room_id = m.chat_room_id AND p.user_id = ${userId}
          WHERE m.sender_id IS DISTINCT FROM ${userId}
        ) latest
        WHERE n <= ${RETARGET_RECENT}
      )
      UPDATE messages m SET
        target_language = ${language},
        translation_status = CASE WHEN m.original_language = ${language} THEN 'not_needed' ELSE 'pending' END,
        translated_content = NULL,
        translation_error = NULL,
        unknown_spans = NULL,
        translation_attempts = 0,
        machine_translation = NULL,
        corrected_by = NULL,
        corrected_at = NULL
      FROM recent
      WHERE m.id = recent.id AND m.target_language IS DISTINCT FROM ${language}
      RETURNING m.*`.execute(tx);
    const pending = rows.filter((r) => r.translation_status === 'pending').map((r) => String(r.id));
    await deps.jobs.requeueIn(tx, pending);
    return rows;
  });
  if (reset.some((r) => r.translation_status === 'pending')) deps.jobs.queued();
  for (const row of reset) {
    // Both participants see the message go back to "translating" (then message.translated again).
    const audience = row.sender_id ? [userId, row.sender_id] : [userId];
    deps.events.publish(audience, { v: 1, type: 'message.translated', message: presentMessage(row) });
  }
  return { reset: reset.length };
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
