import type { ChatMessage, ServerEvent } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { RETARGET_RECENT, retargetReceivedMessages } from '../src/chat/retarget.ts';
import { signUpSpeaking, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/**
 * A reader who changes their language gets the messages they received in the new language
 * (real Apertium: English -> Spanish, then English -> Portuguese through Galician), each
 * translated once; their own messages are left alone.
 */
const s = useTestServer({ env: { METRICS_TOKEN: 'metrics-token-for-tests' }, listen: true });

/** Translator calls the job runner made so far (the engine histogram of /metrics counts one per job run). */
async function translatorCalls(): Promise<number> {
  const text = (await s.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-tests' } })).body;
  return [...text.matchAll(/^parley_translation_engine_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });

const person = (language: string) => signUpSpeaking(s.app, language);

async function messages(cookie: string, roomId: string): Promise<ChatMessage[]> {
  return (await api(cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages;
}

/** Waits until no message of the room is pending. */
async function settled(cookie: string, roomId: string): Promise<ChatMessage[]> {
  for (let i = 0; i < 600; i++) {
    const list = await messages(cookie, roomId);
    if (list.every((m) => m.translation_status !== 'pending')) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('translations never settled');
}

const translatedEvents = (socket: TestSocket, id: string) =>
  socket.events.filter((e): e is Extract<ServerEvent, { type: 'message.translated' }> => e.type === 'message.translated' && e.message.id === id);

describe('changing the interface language', () => {
  it("re-translates the reader's received messages into the new language, once; the reader's own and settled ones stay", async () => {
    const ana = await person('en');
    const bruno = await person('es');
    const roomId = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    let n = 0;
    const send = async (u: { cookie: string }, content: string) =>
      (await api(u.cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `lang-change-${(n += 1)}` })).json().message.id as string;

    const station = await send(ana, 'Where is the train station?');
    const house = await send(ana, 'The house is near the museum.');
    const own = await send(bruno, 'La casa está cerca del museo.');
    const before = await settled(bruno.cookie, roomId);
    const byId = (list: ChatMessage[], id: string) => list.find((m) => m.id === id)!;
    expect(byId(before, station)).toMatchObject({ translation_status: 'done', target_language: 'es' });
    expect(byId(before, own)).toMatchObject({ translation_status: 'done', target_language: 'en' });
    // Bruno corrects one translation into Spanish: a correction for the old language.
    const fixed = await api(bruno.cookie, 'PUT', `/api/chats/${roomId}/messages/${house}/translation`, { text: 'La casa queda cerca del museo.' });
    expect(fixed.statusCode).toBe(200);

    const [anaSocket, brunoSocket] = await Promise.all([TestSocket.open(s.base, ana.cookie), TestSocket.open(s.base, bruno.cookie)]);
    const callsBefore = await translatorCalls();
    // Bruno switches to Portuguese, twice at once (two tabs): each message is translated once.
    const changes = await Promise.all([api(bruno.cookie, 'PATCH', '/api/profile', { language: 'pt' }), api(bruno.cookie, 'PATCH', '/api/profile', { language: 'pt' })]);
    expect(changes.map((r) => r.statusCode)).toEqual([200, 200]);

    for (const id of [station, house]) {
      const done = (await brunoSocket.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done')) as Extract<ServerEvent, { type: 'message.translated' }>;
      expect(done.message).toMatchObject({ target_language: 'pt', corrected_by: null, machine_translation: null });
      await anaSocket.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done');
    }
    const after = await settled(bruno.cookie, roomId);
    expect(byId(after, station).translated_content).not.toBe(byId(before, station).translated_content);
    expect(byId(after, station).translated_content?.toLowerCase()).toContain('estação');
    expect(byId(after, house).translated_content?.toLowerCase()).toContain('museu');
    // Bruno's own message still goes to Ana in English: untouched, no event.
    expect(byId(after, own)).toEqual(byId(before, own));
    expect(translatedEvents(brunoSocket, own)).toEqual([]);
    // Each received message: one "pending" announcement and one result, one translator call.
    for (const id of [station, house]) {
      expect(translatedEvents(brunoSocket, id).map((e) => e.message.translation_status)).toEqual(['pending', 'done']);
    }
    expect((await translatorCalls()) - callsBefore).toBe(2);

    // The same language again changes nothing.
    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'pt' });
    await api(bruno.cookie, 'PATCH', '/api/profile', { username: `${bruno.username}x` });
    expect(await settled(bruno.cookie, roomId)).toEqual(after);
    expect((await translatorCalls()) - callsBefore).toBe(2);

    // Back to Spanish: the translations come back (from the cache).
    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'es' });
    const back = await settled(bruno.cookie, roomId);
    expect(byId(back, station)).toMatchObject({ target_language: 'es', translation_status: 'done' });
    expect(byId(back, station).translated_content).toBe(byId(before, station).translated_content);

    // English, Ana's language: her messages need no translation, settled at once without a job.
    const calls = await translatorCalls();
    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'en' });
    const english = await messages(bruno.cookie, roomId);
    expect(byId(english, station)).toMatchObject({ target_language: 'en', translation_status: 'not_needed', translated_content: null });
    expect(await translatorCalls()).toBe(calls);
    anaSocket.close();
    brunoSocket.close();
  });

  it(`follows only the latest ${RETARGET_RECENT} received messages of each conversation`, async () => {
    const ana = await person('en');
    const bruno = await person('es');
    const roomId = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    // History written straight into the table: already translated for Spanish.
    const extra = 3;
    const history = await s.database.db
      .insertInto('messages')
      .values(Array.from({ length: RETARGET_RECENT + extra }, (_, i) => ({
        chat_room_id: roomId, sender_id: ana.id, client_id: `history-${i}`, content: 'Good morning', original_language: 'en',
      })))
      .returning('id')
      .execute();
    await s.database.db.insertInto('message_translations')
      .values(history.map((m) => ({ message_id: m.id, language: 'es', status: 'done' as const, content: 'Buenos días' }))).execute();

    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'fr' });
    await settled(bruno.cookie, roomId);
    // The API shows the latest page only: read the whole history from the table.
    const rows = await s.database.db.selectFrom('message_translations').selectAll().where('message_id', 'in', history.map((m) => m.id)).orderBy('message_id').orderBy('language').execute();
    // The Spanish translations stay (rows are added, never replaced); only the latest get French.
    expect(rows.filter((r) => r.language === 'es').map((r) => r.content)).toEqual(Array(RETARGET_RECENT + extra).fill('Buenos días'));
    const french = rows.filter((r) => r.language === 'fr');
    expect(french.map((r) => String(r.message_id))).toEqual(history.slice(extra).map((m) => String(m.id)));
    expect(french.map((r) => [r.status, r.error])).toEqual(Array(RETARGET_RECENT).fill(['done', null]));
    expect(french[0]?.content).toMatch(/bonjour/i);
  });

  it('takes a message whose translation into the old language is in flight: a row and a job of its own in the same transaction, translated into the new language', async () => {
    const ana = await person('en');
    const bruno = await person('es');
    const roomId = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const db = s.database.db;
    // A job in flight elsewhere: pending, translating into Spanish under a job of its own.
    const oldJob = '00000000-0000-4000-8000-000000000001';
    const row = await db.insertInto('messages').values({
      chat_room_id: roomId, sender_id: ana.id, client_id: 'in-flight-1', content: 'Good morning', original_language: 'en',
    }).returningAll().executeTakeFirstOrThrow();
    await db.insertInto('message_translations').values({ message_id: row.id, language: 'es', status: 'pending', attempts: 1, job_id: oldJob }).execute();
    const published: string[] = [];
    const deps = { db, events: { publish: (_to: readonly string[], e: ServerEvent) => void published.push(e.type) }, jobs: s.app.translationJobs };

    // The profile says French (as PATCH /api/profile would store before retargeting).
    await db.updateTable('profiles').set({ language: 'fr' }).where('id', '=', bruno.id).execute();
    expect(await retargetReceivedMessages(deps, bruno.id, 'fr')).toEqual({ reset: 1 });
    expect(published).toEqual(['message.translated']);
    // The Spanish row keeps its job; French is a row of its own with a job of its own.
    const requeued = await db.selectFrom('message_translations').select(['language', 'job_id']).where('message_id', '=', row.id).orderBy('language').execute();
    expect(requeued.map((r) => r.language)).toEqual(['es', 'fr']);
    expect(requeued[0]?.job_id).toBe(oldJob);
    expect(requeued[1]?.job_id).not.toBe(oldJob);
    const [message] = await settled(bruno.cookie, roomId);
    expect(message).toMatchObject({ id: String(row.id), translation_status: 'done' });
    expect(message?.translated_content).toMatch(/bonjour/i);
    // A second call (another tab) finds nothing left to do.
    expect(await retargetReceivedMessages(deps, bruno.id, 'fr')).toEqual({ reset: 0 });
  });
});
