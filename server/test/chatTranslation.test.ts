import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { hashText } from '../src/translation/cache.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

/** Chat with the real default router (Apertium), no test doubles. */
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer();
});
afterAll(async () => s.close());

/** ana (English) and bruno (Spanish), and ana's chat with him. */
async function englishAndSpanish(relationshipType: string) {
  const ana = await signUpAndIn(s.app);
  const bruno = await signUpAndIn(s.app);
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
  const roomId: string = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id, relationshipType }, headers: { cookie: ana.cookie } })).json().room.id;
  return { ana, bruno, roomId };
}


describe('chat translation with Apertium', () => {
  it('translates English to Spanish for a Spanish reader and back', async () => {
    const { ana, bruno, roomId } = await englishAndSpanish('boss');

    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'Where is the train station?', clientId: 'ana-msg-0001' }, headers: { cookie: ana.cookie } });
    const toBruno = await settledMessage(s.app, bruno.cookie, roomId, sent.json().message.id);
    expect(toBruno).toMatchObject({ translation_status: 'done', original_language: 'en', target_language: 'es' });
    expect(toBruno.translated_content?.toLowerCase()).toContain('tren');
    expect(toBruno.translated_content?.toLowerCase()).toContain('dónde');

    const reply = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'La casa está cerca del museo.', clientId: 'bruno-msg-0001' }, headers: { cookie: bruno.cookie } });
    const toAna = await settledMessage(s.app, ana.cookie, roomId, reply.json().message.id);
    expect(toAna).toMatchObject({ translation_status: 'done', original_language: 'es', target_language: 'en' });
    expect(toAna.translated_content?.toLowerCase()).toContain('house');
    expect(toAna.translated_content?.toLowerCase()).toContain('museum');
  });

  it('tells translated, same language and not translated (with the reason) apart, and keeps unknown words as spans', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    const kenji = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'ja' }, headers: { cookie: kenji.cookie } });
    const room = async (other: string) => {
      const res = await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: other, relationshipType: 'close_friend' }, headers: { cookie: ana.cookie } });
      if (!res.json().room) throw new Error(res.body);
      return res.json().room.id as string;
    };
    const toBruno = await room(bruno.id);
    const toKenji = await room(kenji.id);
    let n = 0;
    const send = async (roomId: string, content: string, reader: string) => {
      const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content, clientId: `ana-kinds-${(n += 1)}` }, headers: { cookie: ana.cookie } });
      if (!sent.json().message) throw new Error(sent.body);
      return settledMessage(s.app, reader, roomId, sent.json().message.id);
    };

    const translated = await send(toBruno, 'Call me later, Zorblat!', bruno.cookie);
    expect(translated).toMatchObject({ translation_status: 'done', translation_error: null });
    expect((translated.unknown_spans ?? []).map((x: { start: number; end: number }) => translated.translated_content?.slice(x.start, x.end))).toEqual(['Zorblat']);

    const same = await send(toBruno, 'Mañana por la mañana vamos al mercado con mis hermanos y después comemos en casa de mi abuela.', bruno.cookie);
    expect(same).toMatchObject({ translation_status: 'not_needed', original_language: 'es', translated_content: null, translation_error: null });

    const unchanged = await send(toBruno, 'Zorblat!', bruno.cookie);
    expect(unchanged).toMatchObject({ translation_status: 'failed', translation_error: 'unchanged', translated_content: null });

    const unsupported = await send(toKenji, 'Where is the train station?', kenji.cookie);
    expect(unsupported).toMatchObject({ translation_status: 'failed', translation_error: 'unsupported_pair', translated_content: null });

    const emoji = await send(toBruno, '👍👍 10:30', bruno.cookie);
    expect(emoji).toMatchObject({ translation_status: 'not_needed', translation_error: null });
  });

  it('serves the translation API to signed-in users only', async () => {
    expect((await s.app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'hello', targetLanguage: 'es' } })).statusCode).toBe(401);
    const u = await signUpAndIn(s.app);
    const res = await s.app.inject({ method: 'POST', url: '/functions/v1/translate-text', payload: { text: 'The house is big.', targetLanguage: 'es', sourceLanguage: 'en' }, headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ engine: 'apertium' });
    expect(res.json().translatedText.toLowerCase()).toContain('casa');
  });

  it('keeps a chat message\'s translation with the message only, not in the shared cache table; typed text is cached there', async () => {
    const { ana, bruno, roomId } = await englishAndSpanish('close_friend');
    const text = 'The blue house near the old museum is for sale.';
    const cachedRows = async (of = text) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM translation_cache WHERE text_hash = ${hashText(of)}`.execute(s.database.db)).rows[0]!.n);

    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: text, clientId: 'ana-cache-0001' }, headers: { cookie: ana.cookie } });
    const read = await settledMessage(s.app, bruno.cookie, roomId, sent.json().message.id);
    expect(read).toMatchObject({ translation_status: 'done' });
    expect(read.translated_content?.toLowerCase()).toContain('casa');
    // Deleting the message for everyone then leaves no copy of its words behind in a shared table.
    expect(await cachedRows()).toBe(0);

    const typedText = 'The red house near the new museum is for sale.';
    const typed = await s.app.inject({ method: 'POST', url: '/functions/v1/translate-text', payload: { text: typedText, targetLanguage: 'es', sourceLanguage: 'en' }, headers: { cookie: ana.cookie } });
    expect(typed.statusCode).toBe(200);
    expect(await cachedRows(typedText)).toBe(1);
  });
});
