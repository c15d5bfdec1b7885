import { isLanguageCode } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA } from '../db/jobQueue.ts';
import type { TranslationJob } from './translationJobs.ts';

/** A pending message row just given a new job id. */
export interface QueuedRow {
  id: string;
  chat_room_id: string;
  sender_id: string | null;
  content: string;
  original_language: string | null;
  target_language: string | null;
  translation_job_id: string | null;
}

/**
 * The outbox side of the queue: pending messages queued at least `olderThanMs` ago whose job is
 * not live (created, retry or active) in pg-boss get a new job id, in the caller's transaction
 * (which then inserts those jobs). SKIP LOCKED and the refreshed queued_at keep two sweepers
 * from queueing one message twice.
 */
export async function queueOrphans(tx: Db, queue: string, olderThanMs: number): Promise<QueuedRow[]> {
  const jobs = sql.id(JOB_SCHEMA, 'job');
  const result = await sql<QueuedRow>`
    UPDATE messages SET translation_job_id = gen_random_uuid(), translation_queued_at = now()
    WHERE translation_status = 'pending' AND id IN (
      SELECT m.id FROM messages m
      WHERE m.translation_status = 'pending'
        AND (m.translation_queued_at IS NULL OR m.translation_queued_at <= now() - ${olderThanMs} * interval '1 millisecond')
        AND NOT EXISTS (
          SELECT 1 FROM ${jobs} j
          WHERE j.name = ${queue} AND j.id = m.translation_job_id AND j.state IN ('created', 'retry', 'active'))
      ORDER BY m.id
      LIMIT 500
      FOR UPDATE SKIP LOCKED)
    RETURNING id, chat_room_id, sender_id, content, original_language, target_language, translation_job_id`.execute(tx);
  return result.rows;
}

/** Each row's job: its text and direction from the row, the sender's context and the audience from its room. */
export async function pendingRowsToJobs(tx: Db, rows: readonly QueuedRow[]): Promise<{ jobId: string; job: TranslationJob }[]> {
  if (rows.length === 0) return [];
  const participants = await tx
    .selectFrom('chat_room_participants')
    .select(['chat_room_id', 'user_id', 'relationship_context'])
    .where('chat_room_id', 'in', [...new Set(rows.map((r) => r.chat_room_id))])
    .execute();
  return rows.map((row) => {
    const inRoom = participants.filter((p) => p.chat_room_id === row.chat_room_id);
    const senderLanguage = isLanguageCode(row.original_language) ? row.original_language : null;
    return {
      jobId: String(row.translation_job_id),
      job: {
        messageId: String(row.id),
        roomId: row.chat_room_id,
        senderId: row.sender_id ?? undefined,
        content: row.content,
        senderLanguage,
        target: isLanguageCode(row.target_language) ? row.target_language : (senderLanguage ?? 'en'),
        context: inRoom.find((p) => p.user_id === row.sender_id)?.relationship_context ?? null,
        audience: inRoom.map((p) => p.user_id),
      },
    };
  });
}
