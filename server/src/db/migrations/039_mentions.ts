import { sql, type Kysely } from 'kysely';

/**
 * @mentions (issue 36 item 1). `messages.mentions`: who a message mentions, by user id, with the name as written
 * ([{id, name}]; id 'all' for a group admin's @all), so a rename keeps it right. `chat_room_participants.mute_mentions`:
 * a mute that silences mentions too ("Mute everything"); a plain mute lets them through ("Only mentions").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN mentions jsonb`.execute(db);
  await sql`ALTER TABLE chat_room_participants ADD COLUMN mute_mentions boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_room_participants DROP COLUMN mute_mentions`.execute(db);
  await sql`ALTER TABLE messages DROP COLUMN mentions`.execute(db);
}
