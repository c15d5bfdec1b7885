import { sql, type Kysely } from 'kysely';

/**
 * Former members of a group (issue 38 item 2): who was in it, so their words keep their author for everyone,
 * and, for a person removed by an admin, the read-only history they keep up to the removal line
 * (`until_message_id`) until they delete it themselves (`hidden`). A person who left chose to: hidden from the start.
 * Re-adding someone deletes the row (they are a member again); deleting the account cascades (then "Deleted user").
 * Existing groups: everyone who wrote in a group and is no longer in it is recorded (names only, hidden).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE room_former_members (
      chat_room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('removed', 'left')),
      joined_at timestamptz NOT NULL,
      left_at timestamptz NOT NULL DEFAULT now(),
      until_message_id bigint NOT NULL,
      hidden boolean NOT NULL DEFAULT false,
      PRIMARY KEY (chat_room_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX room_former_members_user ON room_former_members (user_id) WHERE NOT hidden`.execute(db);
  await sql`
    INSERT INTO room_former_members (chat_room_id, user_id, reason, joined_at, left_at, until_message_id, hidden)
    SELECT m.chat_room_id, m.sender_id, 'left', min(m.created_at), max(m.created_at), max(m.id), true
      FROM messages m JOIN chat_rooms r ON r.id = m.chat_room_id AND r.kind = 'group'
     WHERE m.sender_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM chat_room_participants p WHERE p.chat_room_id = m.chat_room_id AND p.user_id = m.sender_id)
     GROUP BY m.chat_room_id, m.sender_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE room_former_members`.execute(db);
}
