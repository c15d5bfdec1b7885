import { isLanguageCode, type LanguageCode } from '@parley/common';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { MessagesTable } from '../db/schema.ts';
import { presentMessage } from './presenters.ts';
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
  /** Wake the translation job runner: the reset rows are ordinary pending jobs. */
  kick: () => void;
}

export interface RetargetResult {
  /** Rows reset to pending (or settled as not_needed: already in the new language). */
  reset: number;
  /** Rows an engine is translating right now (leased): left alone, retry later. */
  inFlight: number;
}

/**
 * The reader changed their language: the latest messages they received (RETARGET_RECENT per
 * conversation) are translated again into it, in one statement that resets the rows as jobs
 * (target_language, status pending, attempts and lease cleared), then the job runner is woken.
 * - Only messages addressed to the reader (sent by someone else): the reader's own messages are
 *   translated into the partner's language, which has not changed.
 * - A message already in the new language becomes not_needed at once, no engine call.
 * - A correction was a person's translation into the old language, of no use in the new one: the
 *   message is re-translated and the correction marks cleared. The phrase pair it taught stays in
 *   the room's glossary (per direction), so it applies again if the reader switches back.
 * - Rows already in the new language are not touched, so calling this twice translates once.
 * - A row leased by a job in flight is skipped (its result will be applied under the old target);
 *   the result says so and the caller runs this again once that lease has settled.
 */
export async function retargetReceivedMessages(deps: RetargetDeps, userId: string, language: LanguageCode): Promise<RetargetResult> {
  const { rows } = await sql<Selectable<MessagesTable> & { in_flight: boolean }>`
    WITH recent AS (
      SELECT id FROM (
        SELECT m.id, row_number() OVER (PARTITION BY m.chat_room_id ORDER BY m.id DESC) AS n
        FROM messages m
        JOIN chat_room_participants p ON p.chat_room_id = m.chat_room_id AND p.user_id = ${userId}
        WHERE m.sender_id IS DISTINCT FROM ${userId}
      ) latest
      WHERE n <= ${RETARGET_RECENT}
    ),
    busy AS (
      SELECT m.id FROM messages m JOIN recent USING (id)
      WHERE m.translation_status = 'pending' AND m.translation_lease_until > now()
        AND m.target_language IS DISTINCT FROM ${language}
    ),
    reset AS (
      UPDATE messages m SET
        target_language = ${language},
        translation_status = CASE WHEN m.original_language = ${language} THEN 'not_needed' ELSE 'pending' END,
        translated_content = NULL,
        translation_error = NULL,
        unknown_spans = NULL,
        translation_attempts = 0,
        translation_lease_until = NULL,
        translation_lease_owner = NULL,
        machine_translation = NULL,
        corrected_by = NULL,
        corrected_at = NULL
      FROM recent
      WHERE m.id = recent.id
        AND m.target_language IS DISTINCT FROM ${language}
        AND m.id NOT IN (SELECT id FROM busy)
      RETURNING m.*, false AS in_flight
    )
    SELECT * FROM reset
    UNION ALL
    SELECT m.*, true AS in_flight FROM messages m JOIN busy USING (id)`.execute(deps.db);

  const reset = rows.filter((r) => !r.in_flight);
  for (const { in_flight: _, ...row } of reset) {
    // Both participants see the message go back to "translating" (then message.translated again).
    const audience = row.sender_id ? [userId, row.sender_id] : [userId];
    deps.events.publish(audience, { v: 1, type: 'message.translated', message: presentMessage(row) });
  }
  if (reset.some((r) => r.translation_status === 'pending')) deps.kick();
  return { reset: reset.length, inFlight: rows.length - reset.length };
}

/**
 * Run retargetReceivedMessages, and again while some rows were in flight (their jobs settle
 * within a lease), a few times at most. Failures are logged: the profile change itself stands.
 */
export function followLanguageChange(
  deps: RetargetDeps & { warn: (err: unknown) => void; settleMs?: number },
  userId: string,
  language: string | null | undefined,
): Promise<void> {
  if (!isLanguageCode(language)) return Promise.resolve();
  const run = async (left: number): Promise<void> => {
    const { inFlight } = await retargetReceivedMessages(deps, userId, language);
    if (inFlight > 0 && left > 0) {
      setTimeout(() => void run(left - 1).catch(deps.warn), deps.settleMs ?? 5_000).unref();
    }
  };
  return run(3).catch(deps.warn);
}
