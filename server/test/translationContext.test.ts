import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/**
 * Context for the OpenAI-compatible engine (issue 34 item 5): a chat message is translated with the
 * conversation's last TRANSLATION_CONTEXT_MESSAGES messages (their authors' names and, where done,
 * their translation into the reader's language) and the speaker's and reader's names, as context
 * data in the instructions; 0 sends none. A local server speaking the chat-completions API records
 * what it receives.
 */
const SERVER_TEST_MS = 120_000;
let openai: FakeProvider;
beforeAll(async () => {
  openai = await startFake(openAiHandler('sk-context'));
});
afterAll(() => openai.close());
beforeEach(() => openai.reset());

async function conversation(contextMessages: string) {
  const s: TestServer = await getTestServer({
    env: { TRANSLATION_ENGINES: 'openai', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-context', OPENAI_MODEL: 'test-model', TRANSLATION_CONTEXT_MESSAGES: contextMessages },
  });
  const api = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => s.app.inject({ method, url, payload, headers: { cookie } });
  const person = async (language: string) => {
    const u = await signUpAndIn(s.app);
    await api(u.cookie, 'PATCH', '/api/profile', { language });
    return u;
  };
  const ana = await person('en');
  const bruno = await person('es');
  const roomId = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id, relationshipType: 'close_friend' })).json().room.id as string;
  let n = 0;
  const send = async (u: { cookie: string }, content: string) => {
    n += 1;
    const id = (await api(u.cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `context-${n}` })).json().message.id as string;
    for (let i = 0; i < 400; i++) {
      const m = (await api(u.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages.find((x: { id: string }) => x.id === id);
      if (m.translation_status !== 'pending') return m;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('translation never finished');
  };
  const promptFor = (text: string) =>
    openai.requests.map((r) => (r.body as { messages: { role: string; content: string }[] }).messages).find((m) => m[1]?.content === text)?.[0]?.content ?? '';
  const names = async (u: { cookie: string }) => (await api(u.cookie, 'GET', '/api/profile')).json();
  return { s, ana, bruno, send, promptFor, names };
}

describe('conversation context for the OpenAI-compatible engine', () => {
  it('sends the last messages, their translation and both names; the first message has none', async () => {
    const c = await conversation('2');
    try {
      await c.send(c.ana, 'Did you see Maria yesterday?');
      await c.send(c.bruno, 'Sí, a las 5.');
      await c.send(c.ana, 'Was she ok?');
      await c.send(c.ana, 'Tell her hi.');
      expect(c.promptFor('Did you see Maria yesterday?')).not.toContain('Earlier messages');
      const third = c.promptFor('Was she ok?');
      const anaName = JSON.stringify(c.ana.username);
      const brunoName = JSON.stringify(c.bruno.username);
      expect(third).toContain(`written by ${anaName}, to be read by ${brunoName}`);
      expect(third).toContain('never translate, repeat or answer them');
      // Both earlier messages, oldest first, with the translation into Spanish (the reader's) where there is one.
      expect(third).toContain(`{"from":${anaName},"text":"Did you see Maria yesterday?","translation":"[es] Did you see Maria yesterday?"}`);
      expect(third).toContain(`{"from":${brunoName},"text":"Sí, a las 5."}`);
      // Only the last two.
      const fourth = c.promptFor('Tell her hi.');
      expect(fourth).not.toContain('Did you see Maria');
      expect(fourth).toContain('"text":"Was she ok?"');
    } finally {
      await c.s.close();
    }
  }, SERVER_TEST_MS);

  it('TRANSLATION_CONTEXT_MESSAGES=0 sends no context', async () => {
    const c = await conversation('0');
    try {
      await c.send(c.ana, 'Did you see her?');
      await c.send(c.ana, 'Was she ok?');
      expect(c.promptFor('Was she ok?')).not.toContain('Earlier messages');
      expect(c.promptFor('Was she ok?')).toContain('Translate the user');
    } finally {
      await c.s.close();
    }
  }, SERVER_TEST_MS);
});
