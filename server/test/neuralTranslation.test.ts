import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_API, type PairInfo } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyModels } from '../src/translation/engines/neural/testing/tiny-models.ts';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';
import { until } from './support/poll.ts';

/**
 * The app with a folder of tiny models (MODELS_DIR) and Apertium listed first: the directions the models
 * declare are served by them (direct, then through English), reported in /api/languages and the
 * console's status, and chat messages are translated by them; what they do not serve stays Apertium's.
 */
const modelsDir = mkdtempSync(path.join(tmpdir(), 'parley-models-'));
writeTinyModels(modelsDir);
let s: TestServer;
const adminUser = uniqueUser('boss');
let admin: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  s = await getTestServer({ env: { MODELS_DIR: modelsDir, TRANSLATION_ENGINES: 'apertium,neural', MODELS_IDLE_MINUTES: '0', ADMIN_EMAILS: adminUser.email } });
  admin = await signUpAndIn(s.app, adminUser);
});
afterAll(async () => {
  await s?.close();
  rmSync(modelsDir, { recursive: true, force: true });
});

const get = (url: string) => s.app.inject({ url, headers: { cookie: admin.cookie } });
const translate = (text: string, sourceLanguage: string, targetLanguage: string) =>
  s.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: admin.cookie }, payload: { text, sourceLanguage, targetLanguage } });

describe('neural models in the app', () => {
  it('/api/languages reports the models\' directions first, pivots through English, Apertium for the rest', async () => {
    const res = await get('/api/languages');
    expect(res.statusCode).toBe(200);
    const pairs = res.json().pairs as PairInfo[];
    const pair = (source: string, target: string) => pairs.find((p) => p.source === source && p.target === target);
    expect(res.json().engines).toEqual(['apertium', 'neural']);
    expect(pair('en', 'es')).toMatchObject({ support: 'direct', engine: 'neural', fallbacks: ['apertium'] });
    expect(pair('de', 'ja')).toMatchObject({ support: 'direct', engine: 'neural', fallbacks: [] });
    // Apertium has Spanish -> French itself; two neural models through English come first.
    expect(pair('es', 'fr')).toMatchObject({ support: 'pivot', engine: 'neural', via: 'en', fallbacks: ['apertium'] });
    expect(pair('fr', 'es')).toMatchObject({ engine: 'apertium' });
    expect(pair('ko', 'th')).toMatchObject({ support: 'none', engine: null });
  });

  it('translates with the models and says which route it took', async () => {
    const direct = await translate('Hello my friend', 'en', 'es');
    expect(direct.json()).toMatchObject({ ok: true, translatedText: 'hola mi amigo', engine: 'neural' });
    expect(direct.json().via).toBeUndefined();
    const pivot = await translate('hola mi amigo', 'es', 'fr');
    expect(pivot.json()).toMatchObject({ ok: true, translatedText: 'bonjour mon ami', engine: 'neural', via: 'en' });
    const many = await translate('hallo freund', 'de', 'ja');
    expect(many.json()).toMatchObject({ ok: true, translatedText: 'こんにちは 友達', engine: 'neural' });
  });

  it('translates chat messages with the models', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
    const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id;
    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'Hello my friend', clientId: 'c-neural-1' }, headers: { cookie: ana.cookie } });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().message.id as string;
    const row = await until(
      'the message is translated',
      () => s.database.db.selectFrom('message_translations').select(['status', 'content']).where('message_id', '=', id as never).where('language', '=', 'es').executeTakeFirstOrThrow(),
      (r) => r.status !== 'pending',
    );
    expect(row).toEqual({ status: 'done', content: 'hola mi amigo' });
  });

  it('the console status counts the models\' languages and directions', async () => {
    const res = await get(ADMIN_API.status);
    expect(res.statusCode).toBe(200);
    const text = res.json().languages.text as { engines: string[]; directions: number; languages: string[] };
    expect(text.engines).toEqual(['apertium', 'neural']);
    expect(text.languages).toEqual(expect.arrayContaining(['de', 'ja']));
    const engines = (await get('/api/engines')).json().engines as { id: string; detail?: string }[];
    expect(engines.find((e) => e.id === 'neural')).toMatchObject({ live: true, detail: expect.stringContaining('4 models') });
  });
});
