import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/**
 * The send path keeps each (room, sender) context for a few seconds (chat/sendContexts.ts): what
 * the context depends on must still take effect on the very next send.
 */
const calls: Parameters<ChatTranslator['translate']>[0][] = [];
const translator: ChatTranslator = {
  async translate(input) {
    calls.push(input);
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ chatTranslator: translator });
});
afterAll(async () => s.close());

const api = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });

async function room() {
  const a = await signUpAndIn(s.app);
  const b = await signUpAndIn(s.app);
  await api(a.cookie, 'PATCH', '/api/profile', { language: 'en' });
  await api(b.cookie, 'PATCH', '/api/profile', { language: 'es' });
  const roomId = (await api(a.cookie, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
  return { a, b, roomId };
}

let seq = 0;
const send = (cookie: string, roomId: string, content: string) =>
  api(cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `send-context-${++seq}` });

describe('cached send contexts', () => {
  it("the partner's new language applies to the next send at once", async () => {
    const { a, b, roomId } = await room();
    expect((await send(a.cookie, roomId, 'one')).json().message.target_language).toBe('es');
    await api(b.cookie, 'PATCH', '/api/profile', { language: 'fr' });
    expect((await send(a.cookie, roomId, 'two')).json().message.target_language).toBe('fr');
  });

  it('a saved relationship context applies to the next send at once', async () => {
    const { a, roomId } = await room();
    await send(a.cookie, roomId, 'before');
    expect((await api(a.cookie, 'PUT', `/api/chats/${roomId}/context`, { relationshipType: 'boss' })).statusCode).toBe(200);
    expect((await send(a.cookie, roomId, 'after the context')).statusCode).toBe(201);
    // The job translates right after the answer: wait for its call to the translator.
    const call = await vi.waitFor(() => {
      const found = calls.find((c) => c.text === 'after the context');
      if (!found) throw new Error('not translated yet');
      return found;
    });
    expect(call.context).toMatchObject({ formality: 'formal' });
  });

  it('a room deleted behind the cache (another node, a lost bus message) answers the room 404, not a 500', async () => {
    const { a, roomId } = await room();
    expect((await send(a.cookie, roomId, 'cached')).statusCode).toBe(201);
    await sql`DELETE FROM chat_rooms WHERE id = ${roomId}`.execute(s.database.db);
    const refused = await send(a.cookie, roomId, 'into a deleted room');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
  });

  it('a non-member is never served from the cache', async () => {
    const { a, roomId } = await room();
    const stranger = await signUpAndIn(s.app);
    await send(a.cookie, roomId, 'warm the cache');
    const refused = await send(stranger.cookie, roomId, 'let me in');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
  });
});
