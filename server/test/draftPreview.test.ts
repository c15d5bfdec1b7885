import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

/**
 * "See how you will be read": the preview of a draft, through the real router and cache with the
 * OpenAI-compatible engine against its local contract server (which counts the calls).
 */
let s: TestServer;
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFake(openAiHandler('sk-preview'));
  s = await getTestServer({
    env: { TRANSLATION_ENGINES: 'openai', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-preview', OPENAI_MODEL: 'test-model' },
  });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});
beforeEach(() => fake.reset());

type Completion = { messages: { role: string; content: string }[] };
const userTexts = () => fake.requests.map((r) => (r.body as Completion).messages.find((m) => m.role === 'user')?.content);
const systemPrompts = () => fake.requests.map((r) => (r.body as Completion).messages.find((m) => m.role === 'system')?.content ?? '');

async function pair(anaLanguage: string, brunoLanguage: string, relationshipType = 'boss') {
  const ana = await signUpAndIn(s.app);
  const bruno = await signUpAndIn(s.app);
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: anaLanguage }, headers: { cookie: ana.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: brunoLanguage }, headers: { cookie: bruno.cookie } });
  const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id, relationshipType }, headers: { cookie: ana.cookie } })).json().room.id as string;
  return { ana, bruno, roomId };
}

const preview = (cookie: string, roomId: string, content: unknown) =>
  s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/preview`, payload: { content }, headers: { cookie } });


describe('draft preview', () => {
  it('shows the partner translation with the sender context and its back-translation, and sending stores exactly that text with no second engine call', async () => {
    const { ana, bruno, roomId } = await pair('en', 'es', 'boss');
    const draft = 'Could we move the meeting to Friday?';

    const res = await preview(ana.cookie, roomId, draft);
    expect(res.statusCode).toBe(200);
    const shown = res.json();
    expect(shown).toMatchObject({ status: 'done', sourceLanguage: 'en', targetLanguage: 'es', translation: `[es] ${draft}` });
    expect(shown.backTranslation).toBe(`[en] [es] ${draft}`);
    // Forward with the boss (formal) context, back into English.
    expect(userTexts()).toEqual([draft, `[es] ${draft}`]);
    expect(systemPrompts()[0]).toContain('formality: formal');
    expect(systemPrompts()[1]).toContain('from Spanish (es) to English (en)');

    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: draft, clientId: 'ana-preview-0001' }, headers: { cookie: ana.cookie } });
    expect(sent.statusCode).toBe(201);
    const stored = await settledMessage(s.app, bruno.cookie, roomId, sent.json().message.id);
    expect(stored).toMatchObject({ translation_status: 'done', translated_content: shown.translation, target_language: 'es' });
    // The engine translated the draft once, for the preview; the send was a cache hit.
    expect(userTexts().filter((t) => t === draft)).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('previews again without calling the engine (cached) and follows a context change', async () => {
    const { ana, roomId } = await pair('en', 'es', 'close_friend');
    const first = (await preview(ana.cookie, roomId, 'See you tomorrow')).json();
    const again = (await preview(ana.cookie, roomId, 'See you tomorrow')).json();
    expect(again).toEqual(first);
    expect(fake.requests).toHaveLength(2);
    expect(systemPrompts()[0]).toContain('formality: informal');

    await s.app.inject({ method: 'PUT', url: `/api/chats/${roomId}/context`, payload: { relationshipType: 'boss' }, headers: { cookie: ana.cookie } });
    await preview(ana.cookie, roomId, 'See you tomorrow');
    expect(systemPrompts()[2]).toContain('formality: formal');
  });

  it('makes no engine call when both read the same language', async () => {
    const { ana, roomId } = await pair('es', 'es');
    const res = await preview(ana.cookie, roomId, 'Hola, ¿qué tal?');
    expect(res.json()).toEqual({ status: 'not_needed', translation: null, backTranslation: null, sourceLanguage: 'es', targetLanguage: 'es' });
    expect(fake.requests).toHaveLength(0);
  });

  it('says why when no engine can translate, and the draft is untouched', async () => {
    const { ana, roomId } = await pair('en', 'es');
    fake.script.push({ status: 400, body: { error: { message: 'bad request' } } });
    const res = await preview(ana.cookie, roomId, 'Unlucky text');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', translation: null, backTranslation: null, message: 'Translation failed. Please try again.' });
  });

  it('gives non-members the same 404 as a missing room, and refuses bad drafts with a 400', async () => {
    const { roomId } = await pair('en', 'es');
    const stranger = await signUpAndIn(s.app);
    const asStranger = await preview(stranger.cookie, roomId, 'Hello there');
    const missing = await preview(stranger.cookie, '00000000-0000-4000-8000-000000000000', 'Hello there');
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual(missing.json());
    expect(fake.requests).toHaveLength(0);

    const { ana, roomId: own } = await pair('en', 'es');
    expect((await preview(ana.cookie, own, '   ')).statusCode).toBe(400);
    expect((await preview(ana.cookie, own, 'x'.repeat(5001))).statusCode).toBe(400);
    expect((await s.app.inject({ method: 'POST', url: `/api/chats/${own}/preview`, payload: { content: 'Hi' } })).statusCode).toBe(401);
  });
});

describe('draft preview in a group', () => {
  async function person(language: string) {
    const p = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language }, headers: { cookie: p.cookie } });
    return p;
  }

  it('gives one line per language the other members read, most-read first, each with its back-translation', async () => {
    const [ana, bruno, carla, dora, eve] = [await person('en'), await person('es'), await person('es'), await person('fr'), await person('en')];
    const created = await s.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Trip', memberIds: [bruno.id, carla.id, dora.id, eve.id] }, headers: { cookie: ana.cookie } });
    expect(created.statusCode, created.body).toBe(201);
    const roomId = created.json().room.id as string;
    const draft = 'The train leaves at nine';

    const res = await preview(ana.cookie, roomId, draft);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'done', sourceLanguage: 'en', targetLanguage: 'es', translation: `[es] ${draft}`, backTranslation: `[en] [es] ${draft}`,
      languages: [
        { targetLanguage: 'es', status: 'done', translation: `[es] ${draft}`, backTranslation: `[en] [es] ${draft}` },
        { targetLanguage: 'fr', status: 'done', translation: `[fr] ${draft}`, backTranslation: `[en] [fr] ${draft}` },
      ],
    });
    // Forward and back for each of the two other languages; none for English (eve reads the original).
    expect(userTexts().sort()).toEqual([draft, draft, `[es] ${draft}`, `[fr] ${draft}`].sort());

    // Bruno's preview: English (two readers) before French (one).
    const fromBruno = (await preview(bruno.cookie, roomId, 'Hasta luego')).json();
    expect(fromBruno.languages.map((l: { targetLanguage: string }) => l.targetLanguage)).toEqual(['en', 'fr']);
  });

  it('answers not_needed with no lines and no engine call when every other member reads the sender language', async () => {
    const [ana, bruno, carla] = [await person('de'), await person('de'), await person('de')];
    const roomId = (await s.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Haus', memberIds: [bruno.id, carla.id] }, headers: { cookie: ana.cookie } })).json().room.id as string;
    expect((await preview(ana.cookie, roomId, 'Bis morgen')).json()).toEqual({
      status: 'not_needed', translation: null, backTranslation: null, sourceLanguage: 'de', targetLanguage: 'de', languages: [],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
