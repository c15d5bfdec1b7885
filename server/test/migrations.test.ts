import { sql, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/connect.ts';
import { listMessages } from '../src/chat/messages.ts';
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

describe('029_single_reader_columns on a database in use', () => {
  it('drops the columns of the one-reader days; the messages still read with their translations, and changes still touch changed_at', async () => {
    const kysely = db().db;
    const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('028_report_evidence')).error).toBeUndefined();

    const ids: string[] = [];
    for (const name of ['ana029', 'li029']) {
      const { rows } = await sql<{ id: string }>`INSERT INTO users (email, password_hash) VALUES (${`${name}@example.com`}, 'x') RETURNING id`.execute(kysely);
      ids.push(rows[0]!.id);
      await sql`INSERT INTO profiles (id, username, email, language) VALUES (${rows[0]!.id}, ${name}, ${`${name}@example.com`}, ${name === 'ana029' ? 'en' : 'es'})`.execute(kysely);
    }
    const [ana, li] = ids as [string, string];
    const { rows: [room] } = await sql<{ id: string }>`INSERT INTO chat_rooms (name, created_by, pair_key) VALUES ('Chat: li029', ${ana}, ${`${ana}:${li}`}) RETURNING id`.execute(kysely);
    await sql`INSERT INTO chat_room_participants (chat_room_id, user_id) VALUES (${room!.id}, ${ana}), (${room!.id}, ${li})`.execute(kysely);
    // The lie this migration ends: the message row still says `pending`; its translation row is done.
    const { rows: [sent] } = await sql<{ id: string }>`
      INSERT INTO messages (chat_room_id, sender_id, client_id, content, original_language, translation_status)
      VALUES (${room!.id}, ${ana}, 'm029', 'Good morning', 'en', 'pending') RETURNING id`.execute(kysely);
    await sql`INSERT INTO message_translations (message_id, language, content, status) VALUES (${sent!.id}, 'es', 'Buenos días', 'done')`.execute(kysely);

    await migrate(kysely);
    const { rows: left } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'messages'
         AND column_name IN ('translation_status', 'translated_content', 'target_language', 'translation_error', 'unknown_spans',
                             'translation_attempts', 'translation_job_id', 'translation_queued_at', 'machine_translation', 'corrected_by', 'corrected_at')`.execute(kysely);
    expect(left).toEqual([]);
    const [seen] = await listMessages(kysely, li, room!.id);
    expect(seen).toMatchObject({ id: String(sent!.id), content: 'Good morning', translated_content: 'Buenos días', translation_status: 'done', target_language: 'es' });
    const [own] = await listMessages(kysely, ana, room!.id);
    expect(own).toMatchObject({ content: 'Good morning', sender_id: ana });

    const changedAt = async () => (await sql<{ at: string }>`SELECT changed_at::text AS at FROM messages WHERE id = ${sent!.id}`.execute(kysely)).rows[0]!.at;
    const before = await changedAt();
    await sql`UPDATE messages SET content = 'Good morning!', edited_at = now() WHERE id = ${sent!.id}`.execute(kysely);
    const edited = await changedAt();
    expect(edited > before).toBe(true);
    await sql`UPDATE message_translations SET content = '¡Buenos días!' WHERE message_id = ${sent!.id}`.execute(kysely);
    expect((await changedAt()) > edited).toBe(true);

    // And down again: the old columns come back holding what the reader saw.
    expect((await migrator.migrateTo('028_report_evidence')).error).toBeUndefined();
    const { rows: back } = await sql<{ translated_content: string; translation_status: string }>`
      SELECT translated_content, translation_status FROM messages WHERE id = ${sent!.id}`.execute(kysely);
    expect(back).toEqual([{ translated_content: '¡Buenos días!', translation_status: 'done' }]);
    await migrate(kysely);
  });
});

describe('049_chat_out_of_translation_cache', () => {
  it('empties the translation cache once (chat translations earlier versions kept there outlived their messages)', async () => {
    const kysely = db().db;
    const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('048_link_previews')).error).toBeUndefined();
    await sql`INSERT INTO translation_cache (engine, source, target, formality, text_hash, translated_text)
      VALUES ('apertium', 'en', 'es', 'neutral', 'a-deleted-message', 'Nos vemos en la estación')`.execute(kysely);
    await migrate(kysely);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM translation_cache`.execute(kysely);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
