import { sql, type Kysely } from 'kysely';

/**
 * Translated voice calls (issue 26). `calls`: one row per attempt, the state every node agrees on
 * (ringing -> active -> ended, or ringing -> ended). `user_calls`: the "one call per user" rule, one row per
 * person in a ringing or active call (the primary key refuses a second), deleted when the call ends.
 * `*_node` / `*_alive_at`: the node carrying each side's media socket renews its side every few seconds (the
 * node is null while that side is not connected): a side whose node stopped renewing lost its server, a side
 * away longer than the grace lost its connection; any node's sweep ends such a call.
 * `transcript` holds the utterances said after both agreed to keep one (emptied at the end unless saved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calls (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      caller_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      callee_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('ringing', 'active', 'ended')),
      created_at timestamptz NOT NULL DEFAULT now(),
      ring_until timestamptz NOT NULL,
      answered_at timestamptz,
      ended_at timestamptz,
      end_reason text,
      ended_by uuid,
      caller_session text,
      callee_session text,
      accepted_device text,
      caller_consent boolean NOT NULL DEFAULT false,
      callee_consent boolean NOT NULL DEFAULT false,
      transcript jsonb NOT NULL DEFAULT '[]'::jsonb,
      caller_node text,
      callee_node text,
      caller_alive_at timestamptz,
      callee_alive_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX calls_open ON calls (state, ring_until) WHERE state <> 'ended'`.execute(db);
  await sql`CREATE INDEX calls_room ON calls (room_id)`.execute(db);
  await sql`
    CREATE TABLE user_calls (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      call_id uuid NOT NULL REFERENCES calls(id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX user_calls_call ON user_calls (call_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_calls`.execute(db);
  await sql`DROP TABLE calls`.execute(db);
}
