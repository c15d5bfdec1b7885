import { sql, type Kysely } from 'kysely';

/**
 * node_heartbeats: one row per running node, its beat renewed every few seconds with the ids of the
 * job-queue jobs it holds. A node whose beat stopped is dead: a live node deletes its row and hands
 * its jobs back to the queue (db/nodeHeartbeats.ts), instead of waiting for their lease to run out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE node_heartbeats (
      node_id uuid PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      beat_at timestamptz NOT NULL DEFAULT now(),
      job_ids uuid[] NOT NULL DEFAULT '{}'
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE node_heartbeats`.execute(db);
}
