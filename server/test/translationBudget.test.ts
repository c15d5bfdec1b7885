import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

/**
 * One translation budget per user, in characters, shared by every path that calls an engine (the probe drew
 * 2.4 M characters a minute through the preview alone). The OpenAI-compatible engine runs against its local
 * contract server, which counts the engine calls. Budget here: 100 characters a minute.
 */
let s: TestServer;
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFake(openAiHandler('sk-budget'));
  s = await getTestServer({
    env: {
      TRANSLATION_ENGINES: 'openai', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-budget', OPENAI_MODEL: 'test-model',
      TRANSLATION_CHARS_PER_MINUTE: '100',
    },
  });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});
beforeEach(() => fake.reset());

type User = Awaited<ReturnType<typeof signUpAndIn>>;
const translate = (u: User, text: string) =>
  s.app.inject({ method: 'POST', url: '/api/translate', payload: { text, sourceLanguage: 'en', targetLanguage: 'es' }, headers: { cookie: u.cookie } });
const preview = (u: User, roomId: string, content: string) =>
  s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/preview`, payload: { content }, headers: { cookie: u.cookie } });
const send = (u: User, roomId: string, content: string, clientId: string) =>
  s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content, clientId }, headers: { cookie: u.cookie } });
/** Sixty characters of English that no one has translated yet (the cache would answer otherwise). */
const fresh = (tag: string) => `Please bring the ${tag} to the station tomorrow`.padEnd(60, '.');

function expectBudgetRefusal(res: Awaited<ReturnType<typeof translate>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().error.code).toBe('translation_budget');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function pair() {
  const ana = await signUpAndIn(s.app);
  const bruno = await signUpAndIn(s.app);
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
  const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id as string;
  return { ana, bruno, roomId };
}


describe('translation budget', () => {
  it('counts the characters of engine calls, answers 429 translation_budget with Retry-After beyond it, and cached results stay free', async () => {
    const me = await signUpAndIn(s.app);
    const first = fresh('red umbrella');
    expect((await translate(me, first)).statusCode).toBe(200);
    expect((await translate(me, first)).statusCode).toBe(200); // cached: free, no engine call
    expect(fake.requests).toHaveLength(1);
    expect((await translate(me, fresh('blue umbrella'))).statusCode).toBe(200); // 60 of 100 spent before it
    expectBudgetRefusal(await translate(me, fresh('green umbrella')));
    expect(fake.requests).toHaveLength(2);
    // Over budget, a cached result is still answered.
    expect((await translate(me, first)).statusCode).toBe(200);
    // Someone else's budget is their own.
    expect((await translate(await signUpAndIn(s.app), fresh('green umbrella'))).statusCode).toBe(200);
  });

  it('the draft preview (forward and back) spends the same budget as translate, speech and sends', async () => {
    const { ana, roomId } = await pair();
    const draft = fresh('yellow kite');
    const shown = await preview(ana, roomId, draft);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(fake.requests).toHaveLength(2); // forward and back: 60 + 65 characters, past 100
    expectBudgetRefusal(await preview(ana, roomId, fresh('purple kite')));
    expectBudgetRefusal(await translate(ana, fresh('orange kite')));
    expectBudgetRefusal(await s.app.inject({ url: `/api/speech?text=${encodeURIComponent('Hello there')}&language=en`, headers: { cookie: ana.cookie } }));
    // A send that needs translating is refused too, nothing stored; the previewed draft is still served from cache.
    expectBudgetRefusal(await send(ana, roomId, fresh('orange kite'), 'budget-send-0001'));
    expect((await preview(ana, roomId, draft)).statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const history = (await s.app.inject({ url: `/api/chats/${roomId}/messages`, headers: { cookie: ana.cookie } })).json().messages;
    expect(history).toEqual([]);
  });

  it('counts the translation of a sent message for its sender, not for the reader', async () => {
    const { ana, bruno, roomId } = await pair();
    const long = `${fresh('silver bicycle')} ${fresh('golden bicycle')}`; // 121 characters
    const sent = await send(ana, roomId, long, 'budget-send-0002');
    expect(sent.statusCode).toBe(201);
    expect(await settledMessage(s.app, bruno.cookie, roomId, sent.json().message.id)).toMatchObject({ translation_status: 'done' });
    expectBudgetRefusal(await translate(ana, fresh('bronze bicycle')));
    expect((await s.app.inject({
      method: 'POST', url: '/api/translate', payload: { text: fresh('bronze bicycle'), sourceLanguage: 'es', targetLanguage: 'en' }, headers: { cookie: bruno.cookie },
    })).statusCode).toBe(200);
  });

  it('a group preview spends for every language line: one that a pair preview of the same draft would leave within budget', async () => {
    const people = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    for (const [p, language] of [[people[0]!, 'en'], [people[1]!, 'es'], [people[2]!, 'fr']] as const) {
      await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language }, headers: { cookie: p.cookie } });
    }
    const [ana, bruno, carla] = people as [User, User, User];
    const created = await s.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Kites', memberIds: [bruno.id, carla.id] }, headers: { cookie: ana.cookie } });
    expect(created.statusCode, created.body).toBe(201);
    // 26 characters: a pair's forward and back stay near 57, the two languages' lines spend over 100.
    const shown = await preview(ana, created.json().room.id as string, 'Fly the green kite'.padEnd(26, '.'));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().languages).toHaveLength(2);
    expect(fake.requests).toHaveLength(4);
    expectBudgetRefusal(await translate(ana, fresh('green kite')));
  });
});
