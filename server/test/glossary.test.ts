import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deeplHandler, openAiHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpSpeaking, type TestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/**
 * Fix a translation once: a participant's correction replaces the translation for both, keeps the
 * machine's version, and becomes a glossary entry that later translations in that conversation
 * (and only that one) apply: Apertium (real) by protected terms, OpenAI-compatible and DeepL
 * through their own mechanisms (local contract servers).
 */

type Server = TestServer;
const start = (env?: Record<string, string>): Promise<Server> => getTestServer({ env, listen: true });

function helpers(s: Server) {
  const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => s.app.inject({ method, url, payload, headers: { cookie } });
  const person = (language: string) => signUpSpeaking(s.app, language);
  async function room(a: { cookie: string }, b: { id: string }) {
    return (await api(a.cookie, 'POST', '/api/chats', { userId: b.id, relationshipType: 'boss' })).json().room.id as string;
  }
  let n = 0;
  /** Send and wait until the translation is stored; returns the stored message. */
  async function send(u: { cookie: string }, roomId: string, content: string) {
    n += 1;
    const id = (await api(u.cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `glossary-msg-${n}` })).json().message.id as string;
    for (let i = 0; i < 200; i++) {
      const m = (await api(u.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages.find((x: { id: string }) => x.id === id);
      if (m.translation_status !== 'pending') return m;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('translation never finished');
  }
  return { api, person, room, send };
}

describe('corrections and the glossary with Apertium (real)', () => {
  let s: Server;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    s = await start();
    h = helpers(s);
  });
  afterAll(async () => s.close());

  it('replaces the translation for both, keeps the machine version, and the next message uses the correction', async () => {
    const ana = await h.person('en');
    const bruno = await h.person('es');
    const roomId = await h.room(ana, bruno);
    const [anaSocket, brunoSocket] = await Promise.all([TestSocket.open(s.base, ana.cookie), TestSocket.open(s.base, bruno.cookie)]);

    const first = await h.send(ana, roomId, 'Where is the train station?');
    // Apertium's eng-spa renders 'station' as 'canal' here: the mistake to fix.
    expect(first.translated_content).toMatch(/canal/i);

    const fixed = await h.api(bruno.cookie, 'PUT', `/api/chats/${roomId}/messages/${first.id}/translation`, {
      text: '¿Dónde está la estación de tren?', glossary: { sourcePhrase: 'station', targetPhrase: 'estación' },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().message).toMatchObject({
      translated_content: '¿Dónde está la estación de tren?', machine_translation: first.translated_content, corrected_by: bruno.id, translation_status: 'done',
    });
    expect(fixed.json().entry).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: 'station', targetPhrase: 'estación', createdBy: bruno.id });
    for (const socket of [anaSocket, brunoSocket]) {
      const event = await socket.next((e) => e.type === 'message.translated' && e.message.id === first.id && e.message.corrected_by === bruno.id);
      expect(event).toMatchObject({ message: { translated_content: '¿Dónde está la estación de tren?' } });
    }
    anaSocket.close();
    brunoSocket.close();

    // Both read the corrected text from now on; a second correction keeps the machine's first version.
    const listed = (await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages[0];
    expect(listed).toMatchObject({ translated_content: '¿Dónde está la estación de tren?', machine_translation: first.translated_content });
    const again = await h.api(ana.cookie, 'PUT', `/api/chats/${roomId}/messages/${first.id}/translation`, { text: '¿Dónde queda la estación de tren?' });
    expect(again.json().message).toMatchObject({ machine_translation: first.translated_content, corrected_by: ana.id });

    const next = await h.send(ana, roomId, 'The station is near the museum.');
    expect(next.translated_content).toMatch(/estación/i);
    expect(next.translated_content).not.toMatch(/canal/i);
    expect(next.translated_content).toMatch(/museo/i);

    // The other direction: bruno's 'estación' comes to ana as 'station'.
    const reply = await h.send(bruno, roomId, 'La estación es grande.');
    expect(reply.translated_content).toMatch(/station/i);

    // Never in another conversation: ana with carla still gets the machine's 'canal'.
    const carla = await h.person('es');
    const other = await h.room(ana, carla);
    expect((await h.send(ana, other, 'The station is near the museum.')).translated_content).toMatch(/canal/i);
    expect((await h.api(carla.cookie, 'GET', `/api/chats/${other}/glossary`)).json().entries).toEqual([]);
  });

  it('lists, edits and deletes entries from either side, and translations follow', async () => {
    const ana = await h.person('en');
    const bruno = await h.person('es');
    const roomId = await h.room(ana, bruno);
    const first = await h.send(ana, roomId, 'The station is closed.');
    await h.api(bruno.cookie, 'PUT', `/api/chats/${roomId}/messages/${first.id}/translation`, {
      text: 'La estación está cerrada.', glossary: { sourcePhrase: 'station', targetPhrase: 'estación' },
    });
    const entries = (await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/glossary`)).json().entries;
    expect(entries).toHaveLength(1);

    const edited = await h.api(ana.cookie, 'PUT', `/api/chats/${roomId}/glossary/${entries[0].id}`, { sourcePhrase: 'station', targetPhrase: 'terminal' });
    expect(edited.json().entry).toMatchObject({ targetPhrase: 'terminal', createdBy: ana.id });
    expect((await h.send(ana, roomId, 'The station is far.')).translated_content).toMatch(/terminal/i);

    expect((await h.api(bruno.cookie, 'DELETE', `/api/chats/${roomId}/glossary/${entries[0].id}`)).statusCode).toBe(200);
    expect((await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/glossary`)).json().entries).toEqual([]);
    expect((await h.send(ana, roomId, 'The station is far away.')).translated_content).toMatch(/canal/i);
    expect((await h.api(bruno.cookie, 'DELETE', `/api/chats/${roomId}/glossary/${entries[0].id}`)).statusCode).toBe(404);
  });

  it('refuses corrections it cannot honour with a clear 400, and changes nothing', async () => {
    const ana = await h.person('en');
    const bruno = await h.person('es');
    const roomId = await h.room(ana, bruno);
    const m = await h.send(ana, roomId, 'The station is open.');
    const put = (payload: object) => h.api(bruno.cookie, 'PUT', `/api/chats/${roomId}/messages/${m.id}/translation`, payload);
    expect((await put({ text: 'La estación está abierta.', glossary: { sourcePhrase: 'museum', targetPhrase: 'estación' } })).json().error.message).toBe('The phrase must appear in the original message');
    expect((await put({ text: 'La estación está abierta.', glossary: { sourcePhrase: 'station', targetPhrase: 'terminal' } })).json().error.message).toBe('Its translation must appear in the corrected text');
    expect((await put({ text: '   ' })).statusCode).toBe(400);
    expect((await put({ text: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await put({ text: 'Bien', glossary: { sourcePhrase: 'a\tb', targetPhrase: 'Bien' } })).statusCode).toBe(400);
    const stored = (await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages[0];
    expect(stored).toMatchObject({ translated_content: m.translated_content, corrected_by: null });
    expect((await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/glossary`)).json().entries).toEqual([]);

    const carla = await h.person('en');
    const same = await h.room(ana, carla);
    const plain = await h.send(ana, same, 'Hello there.');
    const res = await h.api(carla.cookie, 'PUT', `/api/chats/${same}/messages/${plain.id}/translation`, { text: 'Hi there.' });
    expect(res.statusCode).toBe(400);
  });

  it('gives non-participants the same 404 as a missing room for every part', async () => {
    const ana = await h.person('en');
    const bruno = await h.person('es');
    const stranger = await h.person('es');
    const roomId = await h.room(ana, bruno);
    const m = await h.send(ana, roomId, 'The station is open.');
    await h.api(bruno.cookie, 'PUT', `/api/chats/${roomId}/messages/${m.id}/translation`, {
      text: 'La estación está abierta.', glossary: { sourcePhrase: 'station', targetPhrase: 'estación' },
    });
    const entryId = (await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/glossary`)).json().entries[0].id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls = (r: string) => [
      h.api(stranger.cookie, 'PUT', `/api/chats/${r}/messages/${m.id}/translation`, { text: 'Hackeado' }),
      h.api(stranger.cookie, 'GET', `/api/chats/${r}/glossary`),
      h.api(stranger.cookie, 'PUT', `/api/chats/${r}/glossary/${entryId}`, { sourcePhrase: 'station', targetPhrase: 'x' }),
      h.api(stranger.cookie, 'DELETE', `/api/chats/${r}/glossary/${entryId}`),
      h.api(stranger.cookie, 'POST', `/api/chats/${r}/preview`, { content: 'The station' }),
    ];
    const [asStranger, asMissing] = [await Promise.all(calls(roomId)), await Promise.all(calls(missing))];
    asStranger.forEach((res, i) => {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(asMissing[i]!.json());
    });
    // A message id from another room does not reach this one either.
    const mine = await h.room(stranger, ana);
    expect((await h.api(stranger.cookie, 'PUT', `/api/chats/${mine}/messages/${m.id}/translation`, { text: 'x' })).statusCode).toBe(404);
    expect((await h.api(ana.cookie, 'GET', `/api/chats/${roomId}/glossary`)).json().entries[0].targetPhrase).toBe('estación');
  });
});

/** Each of these starts a whole app on its own database: slow on a busy machine. */
const SERVER_TEST_MS = 120_000;

describe('the glossary reaches the OpenAI-compatible and DeepL engines', () => {
  let openai: FakeProvider;
  let deepl: FakeProvider;
  beforeAll(async () => {
    openai = await startFake(openAiHandler('sk-glossary'));
    deepl = await startFake(deeplHandler('dl-key'));
  });
  afterAll(async () => {
    await openai.close();
    await deepl.close();
  });
  beforeEach(() => {
    openai.reset();
    deepl.reset();
  });

  async function correctThenSend(s: Server) {
    const h = helpers(s);
    const ana = await h.person('en');
    const bruno = await h.person('es');
    const roomId = await h.room(ana, bruno);
    const first = await h.send(ana, roomId, 'Where is the station?');
    await h.api(bruno.cookie, 'PUT', `/api/chats/${roomId}/messages/${first.id}/translation`, {
      text: '¿Dónde está la estación?', glossary: { sourcePhrase: 'station', targetPhrase: 'estación' },
    });
    const unrelated = await h.send(ana, roomId, 'Good morning.');
    const next = await h.send(ana, roomId, 'The station is near.');
    return { unrelated, next };
  }

  it('OpenAI-compatible: the glossary is in the instructions, only when the phrase occurs', async () => {
    const s = await start({ TRANSLATION_ENGINES: 'openai', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-glossary', OPENAI_MODEL: 'test-model' });
    try {
      await correctThenSend(s);
      const prompts = openai.requests.map((r) => (r.body as { messages: { role: string; content: string }[] }).messages);
      const forUser = (text: string) => prompts.find((m) => m[1]?.content === text)?.[0]?.content ?? '';
      expect(forUser('Where is the station?')).not.toContain('glossary');
      expect(forUser('Good morning.')).not.toContain('glossary');
      expect(forUser('The station is near.')).toContain('Conversation glossary');
      expect(forUser('The station is near.')).toContain('"station" -> "estación"');
    } finally {
      await s.close();
    }
  }, SERVER_TEST_MS);

  it('DeepL: a glossary is created once through its API and named in the translate request', async () => {
    const s = await start({ TRANSLATION_ENGINES: 'deepl', DEEPL_API_KEY: 'dl-key', DEEPL_BASE_URL: deepl.url });
    try {
      const { unrelated, next } = await correctThenSend(s);
      const created = deepl.requests.filter((r) => r.path === '/v2/glossaries');
      expect(created).toHaveLength(1);
      expect(created[0]?.body).toMatchObject({ source_lang: 'en', target_lang: 'es', entries: 'station\testación', entries_format: 'tsv' });
      const translate = deepl.requests.filter((r) => r.path === '/v2/translate').map((r) => r.body as { text: string[]; glossary_id?: string; source_lang?: string });
      expect(translate.find((b) => b.text[0] === 'Good morning.')?.glossary_id).toBeUndefined();
      expect(translate.find((b) => b.text[0] === 'The station is near.')).toMatchObject({ glossary_id: 'glossary-1', source_lang: 'EN' });
      // The contract server applies the glossary as DeepL does.
      expect(next.translated_content).toBe('[ES] The estación is near.');
      expect(unrelated.translated_content).toBe('[ES] Good morning.');
    } finally {
      await s.close();
    }
  }, SERVER_TEST_MS);
});
