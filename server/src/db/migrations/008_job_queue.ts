import { sql, type Kysely } from 'kysely';

/**
 * Translation jobs move to pg-boss (chat/translationJobs.ts; pg-boss creates and upgrades its own
 * schema, `pgboss`, when it starts). The message row stays the outbox: it names its current job
 * (translation_job_id) and when that job was queued (translation_queued_at), so a pending message
 * whose job is gone can be found and queued again. The lease columns of the hand-written queue
 * go. Rows left pending by the old queue have no job: the sweeper queues them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages
      DROP COLUMN translation_lease_until,
      DROP COLUMN translation_lease_owner,
      ADD COLUMN translation_job_id uuid,
      ADD COLUMN translation_queued_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages
      DROP COLUMN translation_queued_at,
      DROP COLUMN translation_job_id,
      ADD COLUMN translation_lease_until timestamptz,
      ADD COLUMN translation_lease_owner text`.execute(db);
}
