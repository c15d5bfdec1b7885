import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/**
 * What a client gets when it resumes with ?resume=<newest id it holds> (chat/messages.ts): the
 * messages after the mark, plus the earlier ones that changed shortly before it. The commit-order
 * race itself (a lower id committing after a higher one was seen) needs two connections:
 * server/cluster-test/resume.test.ts reproduces it on PostgreSQL.
 */
const translator: ChatTranslator = {
  // Never answers: every translated message stays pending until the test stores a result itself.
  translate: () => new Promise(() => {}),
};

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ chatTranslator: translator, translationJobs: { drainMs: 50 } });
});
afterAll(async () => s.close());

const api = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });

async function room(langA: string, langB: string) {
  const a = await signUpAndIn(s.app);
  const b = await signUpAndIn(s.app);
  await api(a.cookie, 'PATCH', '/api/profile', { language: langA });
  await api(b.cookie, 'PATCH', '/api/profile', { language: langB });
  const roomId = (await api(a.cookie, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
  return { a, b, roomId };
}

let seq = 0;
const send = async (cookie: string, roomId: string, content: string) => {
  const res = await api(cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `resume-${++seq}` });
  expect(res.statusCode).toBe(201);
  return res.json().message as { id: string; translation_status: string };
};

const resume = async (cookie: string, roomId: string, after: string) => {
  const res = await api(cookie, 'GET', `/api/chats/${roomId}/messages?resume=${after}`);
  expect(res.statusCode).toBe(200);
  return res.json().messages as { id: string; content: string; translation_status: string; translated_content: string | null }[];
};

/** Makes messages old: sent and last changed ten minutes ago (the look-back is two minutes). */
const age = (ids: string[]) =>
  sql`UPDATE messages SET created_at = created_at - interval '10 minutes', changed_at = changed_at - interval '10 minutes' WHERE id IN (${sql.join(ids)})`
    .execute(s.database.db);

describe('resume after a reconnect', () => {
  it('returns every message after the mark and the recent ones before it, oldest first, never the old ones', async () => {
    const { a, b, roomId } = await room('en', 'en');
    const old = [await send(a.cookie, roomId, 'old one'), await send(b.cookie, roomId, 'old two')];
    await age(old.map((m) => m.id));
    const recent = await send(a.cookie, roomId, 'recent');
    const mark = await send(b.cookie, roomId, 'the mark');
    const after = [await send(a.cookie, roomId, 'after one'), await send(b.cookie, roomId, 'after two')];

    const got = await resume(b.cookie, roomId, mark.id);
    // The mark and the one just before it again (the client merges by id); the old ones are not resent.
    expect(got.map((m) => m.content)).toEqual(['recent', 'the mark', 'after one', 'after two']);
    expect(got.map((m) => m.id)).toEqual([recent.id, mark.id, ...after.map((m) => m.id)]);
  });

  it('delivers a translation that was stored but never announced (its node died in between)', async () => {
    const { a, b, roomId } = await room('en', 'es');
    const pending = await send(a.cookie, roomId, 'Good morning');
    expect(pending.translation_status).toBe('pending');
    await age([pending.id]);
    const mark = await send(a.cookie, roomId, 'Are you there?');
    expect((await resume(b.cookie, roomId, mark.id)).map((m) => m.id)).toEqual([mark.id]);

    // A new job for it (the sweeper re-queueing) is not a change the reader sees: still not resent.
    await sql`UPDATE message_translations SET job_id = gen_random_uuid(), queued_at = now() WHERE message_id = ${pending.id}`.execute(s.database.db);
    expect((await resume(b.cookie, roomId, mark.id)).map((m) => m.id)).toEqual([mark.id]);

    // What a translation job stores (and would then announce, had its node not died).
    await sql`UPDATE message_translations SET status = 'done', content = 'Buenos días' WHERE message_id = ${pending.id}`.execute(s.database.db);
    const got = await resume(b.cookie, roomId, mark.id);
    expect(got.map((m) => m.id)).toEqual([pending.id, mark.id]);
    expect(got[0]).toMatchObject({ translation_status: 'done', translated_content: 'Buenos días' });
  });

  it('a correction of an older message is resent too; a non-member gets the room 404', async () => {
    const { a, b, roomId } = await room('en', 'es');
    const first = await send(a.cookie, roomId, 'Good night');
    await sql`UPDATE message_translations SET status = 'done', content = 'Buenas noches' WHERE message_id = ${first.id}`.execute(s.database.db);
    await age([first.id]);
    const mark = await send(a.cookie, roomId, 'See you');
    const corrected = await api(b.cookie, 'PUT', `/api/chats/${roomId}/messages/${first.id}/translation`, { text: 'Buenas noches a todos' });
    expect(corrected.statusCode).toBe(200);
    expect((await resume(b.cookie, roomId, mark.id)).map((m) => m.translated_content ?? m.content)).toEqual(['Buenas noches a todos', 'See you']);

    const stranger = await signUpAndIn(s.app);
    const refused = await api(stranger.cookie, 'GET', `/api/chats/${roomId}/messages?resume=${mark.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    const malformed = await api(b.cookie, 'GET', `/api/chats/${roomId}/messages?resume=12x`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('invalid_id');
  });
});
