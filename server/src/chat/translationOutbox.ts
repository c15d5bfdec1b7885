import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { JOB_SCHEMA } from '../db/jobQueue.ts';

/** A pending translation row (message, language) just given a new job id. */
export interface QueuedTranslation {
  message_id: string;
  language: string;
  job_id: string;
}

/**
 * The outbox side of the queue: pending translation rows queued at least `olderThanMs` ago whose
 * job is not live (created, retry or active) in pg-boss get a new job id, in the caller's
 * transaction (which then inserts those jobs). SKIP LOCKED and the refreshed queued_at keep two
 * sweepers from queueing one row twice.
 */
export async function queueOrphans(tx: Db, queue: string, olderThanMs: number): Promise<QueuedTranslation[]> {
  const jobs = sql.id(JOB_SCHEMA, 'job');
  const result = await sql<QueuedTranslation>`
    UPDATE message_translations t SET job_id = gen_random_uuid(), queued_at = now()
    FROM (
      SELECT mt.message_id, mt.language FROM message_translations mt
      WHERE mt.status = 'pending'
        AND (mt.queued_at IS NULL OR mt.queued_at <= now() - ${olderThanMs} * interval '1 millisecond')
        AND NOT EXISTS (
          SELECT 1 FROM ${jobs} j
          WHERE j.name = ${queue} AND j.id = mt.job_id AND j.state IN ('created', 'retry', 'active'))
      ORDER BY mt.message_id, mt.language
      LIMIT 500
      FOR UPDATE SKIP LOCKED) o
    WHERE t.message_id = o.message_id AND t.language = o.language AND t.status = 'pending'
    RETURNING t.message_id, t.language, t.job_id`.execute(tx);
  return result.rows.map((r) => ({ ...r, message_id: String(r.message_id) }));
}
