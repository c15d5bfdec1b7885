import { sql, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/connect.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { useTestDatabase } from './helpers.ts';

const db = useTestDatabase();

describe('016_first_sign_in on a database in use', () => {
  it('counts accounts with a session, a chosen language or a sent message as signed in before; a fresh account not', async () => {
    const kysely = db().db;
    const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('011_message_changes');
    expect(down.error).toBeUndefined();

    const users = ['fresh', 'session', 'language', 'sender'];
    const ids: Record<string, string> = {};
    for (const name of users) {
      const { rows } = await sql<{ id: string }>`INSERT INTO users (email, password_hash) VALUES (${`${name}@example.com`}, 'x') RETURNING id`.execute(kysely);
      ids[name] = rows[0]!.id;
      await sql`INSERT INTO profiles (id, username, email, language) VALUES (${ids[name]}, ${name}, ${`${name}@example.com`}, ${name === 'language' ? 'es' : null})`.execute(kysely);
    }
    await sql`INSERT INTO sessions (id, user_id, expires_at) VALUES ('hash', ${ids.session}, now() + interval '1 day')`.execute(kysely);
    const { rows: [room] } = await sql<{ id: string }>`INSERT INTO chat_rooms (name, created_by, pair_key) VALUES ('Chat: fresh', ${ids.sender}, 'pair') RETURNING id`.execute(kysely);
    await sql`INSERT INTO messages (chat_room_id, sender_id, content, client_id) VALUES (${room!.id}, ${ids.sender}, 'hola', 'c1')`.execute(kysely);

    await migrate(kysely);
    const { rows } = await sql<{ email: string; signed_in: boolean }>`
      SELECT email, first_signed_in_at IS NOT NULL AS signed_in FROM users ORDER BY email`.execute(kysely);
    expect(Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r.signed_in]))).toEqual({ fresh: false, session: true, language: true, sender: true });
  });
});
