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

describe('018_groups on a database in use', () => {
  it("turns each message's translation into a row, keeps pairs working, and goes down and up again", async () => {
    const kysely = db().db;
    const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('016_first_sign_in')).error).toBeUndefined();

    const ids: string[] = [];
    for (const name of ['ana018', 'li018']) {
      const { rows } = await sql<{ id: string }>`INSERT INTO users (email, password_hash) VALUES (${`${name}@example.com`}, 'x') RETURNING id`.execute(kysely);
      ids.push(rows[0]!.id);
      await sql`INSERT INTO profiles (id, username, email, language) VALUES (${rows[0]!.id}, ${name}, ${`${name}@example.com`}, ${name === 'ana018' ? 'en' : 'es'})`.execute(kysely);
    }
    const [ana, li] = ids as [string, string];
    const { rows: [room] } = await sql<{ id: string }>`INSERT INTO chat_rooms (name, created_by, pair_key) VALUES ('Chat: li018', ${ana}, ${`${ana}:${li}`}) RETURNING id`.execute(kysely);
    await sql`INSERT INTO chat_room_participants (chat_room_id, user_id) VALUES (${room!.id}, ${ana}), (${room!.id}, ${li})`.execute(kysely);
    await sql`
      INSERT INTO messages (chat_room_id, sender_id, client_id, content, original_language, target_language, translation_status, translated_content, translation_error, machine_translation, corrected_by, corrected_at)
      VALUES (${room!.id}, ${ana}, 'm1', 'Good morning', 'en', 'es', 'done', 'Buenos días a todos', null, 'Buenos días', ${li}, now()),
             (${room!.id}, ${ana}, 'm2', 'Hmm', 'en', 'es', 'failed', null, 'unchanged', null, null, null),
             (${room!.id}, ${li}, 'm3', 'Hola', 'es', 'es', 'not_needed', null, null, null, null, null)`.execute(kysely);

    await migrate(kysely);
    const { rows } = await sql<{ client_id: string; language: string; content: string | null; status: string; error: string | null; machine_translation: string | null; corrected_by: string | null }>`
      SELECT m.client_id, t.language, t.content, t.status, t.error, t.machine_translation, t.corrected_by
        FROM message_translations t JOIN messages m ON m.id = t.message_id ORDER BY m.client_id`.execute(kysely);
    expect(rows).toEqual([
      { client_id: 'm1', language: 'es', content: 'Buenos días a todos', status: 'done', error: null, machine_translation: 'Buenos días', corrected_by: li },
      { client_id: 'm2', language: 'es', content: null, status: 'failed', error: 'unchanged', machine_translation: null, corrected_by: null },
      { client_id: 'm3', language: 'es', content: null, status: 'not_needed', error: null, machine_translation: null, corrected_by: null },
    ]);
    const { rows: [kind] } = await sql<{ kind: string; role: string }>`
      SELECT r.kind, p.role FROM chat_rooms r JOIN chat_room_participants p ON p.chat_room_id = r.id WHERE r.id = ${room!.id} LIMIT 1`.execute(kysely);
    expect(kind).toEqual({ kind: 'direct', role: 'member' });

    // A group (which the old schema cannot hold) goes on the way down; pairs and their translations stay.
    await sql`INSERT INTO chat_rooms (name, created_by, kind, register) VALUES ('Family', ${ana}, 'group', 'family')`.execute(kysely);
    await sql`UPDATE message_translations SET content = 'Buenos días, gente' WHERE content = 'Buenos días a todos'`.execute(kysely);
    expect((await migrator.migrateTo('016_first_sign_in')).error).toBeUndefined();
    const { rows: back } = await sql<{ translated_content: string | null }>`SELECT translated_content FROM messages WHERE client_id = 'm1'`.execute(kysely);
    expect(back).toEqual([{ translated_content: 'Buenos días, gente' }]);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_rooms WHERE name = 'Family'`.execute(kysely)).rows).toEqual([{ n: 0 }]);
    await migrate(kysely);
  });
});
