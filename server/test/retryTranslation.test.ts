import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

/** A translator that fails until told to work (an engine that was down and came back). */
let working = false;
let calls = 0;
const translator: ChatTranslator = {
  async translate({ text }) {
    calls++;
    return working ? { text: `ES: ${text}`, ok: true, detectedLanguage: 'en' } : { text, ok: false };
  },
};

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ chatTranslator: translator });
});
afterAll(async () => s.close());

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  s.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });


describe('POST /api/chats/:roomId/messages/:id/retry-translation', () => {
  it('puts a failed translation back to pending and translates it again; members only, same 404 as a missing room', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    const eve = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
    const roomId = (await inject('POST', '/api/chats', ana.cookie, { userId: bruno.id })).json().room.id;

    working = false;
    const id = (await inject('POST', `/api/chats/${roomId}/messages`, ana.cookie, { content: 'Good morning', clientId: 'retry-0001' })).json().message.id;
    expect(await settledMessage(s.app, bruno.cookie, roomId, id)).toMatchObject({ translation_status: 'failed', translated_content: null });

    const retry = `/api/chats/${roomId}/messages/${id}/retry-translation`;
    const missingRoom = await inject('POST', `/api/chats/00000000-0000-4000-8000-000000000000/messages/${id}/retry-translation`, eve.cookie);
    const outsider = await inject('POST', retry, eve.cookie);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(missingRoom.json());
    expect((await inject('POST', `/api/chats/${roomId}/messages/999999999/retry-translation`, bruno.cookie)).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'POST', url: retry })).statusCode).toBe(401);

    working = true;
    const answer = await inject('POST', retry, bruno.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message.translation_status).toBe('pending');
    expect(await settledMessage(s.app, ana.cookie, roomId, id)).toMatchObject({ translation_status: 'done', translated_content: 'ES: Good morning' });

    // The reader's language first: the list preview carries the translation for the reader only.
    const brunoList = (await inject('GET', '/api/chats', bruno.cookie)).json();
    const anaList = (await inject('GET', '/api/chats', ana.cookie)).json();
    const rooms = (body: { conversations: { id: string; lastMessage: Record<string, unknown> }[] }) => body.conversations;
    expect(rooms(brunoList).find((r) => r.id === roomId)?.lastMessage).toMatchObject({ content: 'Good morning', translated_content: 'ES: Good morning' });
    expect(rooms(anaList).find((r) => r.id === roomId)?.lastMessage).toMatchObject({ content: 'Good morning', translated_content: null });

    // Not failed any more: a second retry changes nothing and calls no engine.
    const before = calls;
    expect((await inject('POST', retry, ana.cookie)).json().message).toMatchObject({ translation_status: 'done' });
    expect(calls).toBe(before);
  });
});
