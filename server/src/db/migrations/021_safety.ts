import { sql, type Kysely } from 'kysely';

/**
 * Block and report (issue 23 item 6): who blocked whom, and the reports people file for the operators.
 * A report keeps its row when the reporter's or the reported account goes (the operators still see it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_blocks (
      blocker_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blocked_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    )`.execute(db);
  await sql`CREATE INDEX user_blocks_blocked ON user_blocks (blocked_id)`.execute(db);
  await sql`
    CREATE TABLE reports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reporter_id uuid REFERENCES users(id) ON DELETE SET NULL,
      reported_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      message_id bigint REFERENCES messages(id) ON DELETE SET NULL,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX reports_open ON reports (created_at DESC) WHERE resolved_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reports`.execute(db);
  await sql`DROP TABLE user_blocks`.execute(db);
}
