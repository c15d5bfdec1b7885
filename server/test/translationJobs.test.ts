import type { ServerEvent } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationJobs } from '../src/chat/translationJobs.ts';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/** The job runner on a real database: retries, giving up, and two runners sharing the table. */
let failuresLeft = 0;
const calls: string[] = [];
const translator: ChatTranslator = {
  async translate(input) {
    calls.push(input.text);
    if (input.text.includes('ALWAYS-THROW') || failuresLeft-- > 0) throw new Error('engine down');
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ chatTranslator: translator, translationJobs: { maxAttempts: 3, pollMs: 200 } });
});
afterAll(async () => s.close());

async function room() {
  const a = await signUpAndIn(s.app);
  const b = await signUpAndIn(s.app);
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: a.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: b.cookie } });
  const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: b.id }, headers: { cookie: a.cookie } })).json().room.id as string;
  return { a, b, roomId };
}

async function row(id: string) {
  return s.database.db.selectFrom('messages').selectAll().where('id', '=', id as never).executeTakeFirstOrThrow();
}

async function untilSettled(id: string) {
  for (let i = 0; i < 300; i++) {
    const r = await row(id);
    if (r.translation_status !== 'pending') return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('still pending');
}

describe('translation jobs', () => {
  it('retries a translator that throws, then stores the translation', async () => {
    const { a, roomId } = await room();
    failuresLeft = 1;
    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'retry me please', clientId: 'jobs-retry-0001' }, headers: { cookie: a.cookie } });
    const r = await untilSettled(sent.json().message.id);
    expect(r).toMatchObject({ translation_status: 'done', translated_content: '[es] retry me please', translation_attempts: 2, translation_lease_owner: null });
    expect(calls.filter((c) => c === 'retry me please')).toHaveLength(2);
  }, 30_000);

  it('gives up as failed after maxAttempts, keeping the original', async () => {
    const { a, roomId } = await room();
    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'ALWAYS-THROW', clientId: 'jobs-fail-0001' }, headers: { cookie: a.cookie } });
    const r = await untilSettled(sent.json().message.id);
    expect(r).toMatchObject({ translation_status: 'failed', translated_content: null, content: 'ALWAYS-THROW', translation_attempts: 3 });
    expect(calls.filter((c) => c === 'ALWAYS-THROW')).toHaveLength(3);
  }, 30_000);

  it('two runners on one table translate each waiting message once and publish it once', async () => {
    const { a, b, roomId } = await room();
    // Work left by a stopped process: pending rows nobody holds.
    const rows = await s.database.db
      .insertInto('messages')
      .values(Array.from({ length: 40 }, (_, i) => ({
        chat_room_id: roomId, sender_id: a.id, client_id: `orphan-${i}`, content: `orphan ${i}`,
        original_language: 'en', target_language: 'es', translation_status: 'pending' as const,
      })))
      .returning('id')
      .execute();
    const published: ServerEvent[] = [];
    const second = new TranslationJobs({
      db: s.database.db, translator, log: s.app.log, exclusive: false, pollMs: 100, concurrency: 4,
      events: { publish: (users, e) => (users.includes(b.id) ? published.push(e) : 0) },
    });
    const firstPublished: ServerEvent[] = [];
    const hub = s.app.realtimeHub;
    const original = hub.publish.bind(hub);
    hub.publish = (users, e) => {
      if (users.includes(b.id)) firstPublished.push(e);
      original(users, e);
    };
    await second.start();
    s.app.translationJobs.kick();
    for (const r of rows) expect((await untilSettled(r.id)).translation_status).toBe('done');
    await second.drain();
    hub.publish = original;
    const ids = [...published, ...firstPublished].map((e) => (e.type === 'message.translated' ? e.message.id : ''));
    expect(ids.sort()).toEqual(rows.map((r) => String(r.id)).sort());
    expect(published.length).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) expect(calls.filter((c) => c === `orphan ${i}`)).toHaveLength(1);
  }, 60_000);
});
