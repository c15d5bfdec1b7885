import { ADMIN_TRANSLATION_API, type TranslationConsole } from '@parley/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TranslationSettings } from '../src/translation/operator/settings.ts';
import { deeplHandler, openAiHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';

/**
 * The console's Translation tab (issue 34 item 4): engines with health and coverage, characters per engine
 * per day, the order, the switches and the budget, kept in `settings` and honoured by the router. Two real
 * HTTP engines (the OpenAI-compatible and DeepL contract servers); LibreTranslate is named without its URL.
 */
let s: TestServer;
let openai: FakeProvider;
let deepl: FakeProvider;
let admin: Awaited<ReturnType<typeof signUpAndIn>>;
let user: Awaited<ReturnType<typeof signUpAndIn>>;
const boss = uniqueUser('console');

beforeAll(async () => {
  openai = await startFake(openAiHandler('sk-console'));
  deepl = await startFake(deeplHandler('dl-key'));
  s = await getTestServer({
    env: {
      ADMIN_EMAILS: boss.email, TRANSLATION_ENGINES: 'openai,deepl,libretranslate',
      OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-console', OPENAI_MODEL: 'test-model',
      DEEPL_API_KEY: 'dl-key', DEEPL_BASE_URL: deepl.url, TRANSLATION_CHARS_PER_MINUTE: '100000',
    },
  });
  admin = await signUpAndIn(s.app, boss);
  user = await signUpAndIn(s.app);
});
afterAll(async () => {
  await s.close();
  await openai.close();
  await deepl.close();
});
beforeEach(() => {
  openai.reset();
  deepl.reset();
});

const as = (cookie: string | undefined, method: 'GET' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const translate = (text: string, target = 'es') =>
  s.app.inject({ method: 'POST', url: '/api/translate', payload: { text, sourceLanguage: 'en', targetLanguage: target }, headers: { cookie: user.cookie } });
const view = async () => (await as(admin.cookie, 'GET', ADMIN_TRANSLATION_API.translation)).json() as TranslationConsole;
const settingsRows = () => s.database.db.selectFrom('settings').selectAll().where('key', 'like', 'translation%').execute();
const setEngines = (order: string[], off: string[] = []) => as(admin.cookie, 'PUT', ADMIN_TRANSLATION_API.engines, { order, off });

describe('console Translation tab', () => {
  it('refuses everyone but an operator the way the other admin routes do, and changes nothing', async () => {
    const before = await settingsRows();
    for (const [method, url, payload] of [
      ['GET', ADMIN_TRANSLATION_API.translation, undefined],
      ['PUT', ADMIN_TRANSLATION_API.engines, { order: ['deepl', 'openai'], off: ['openai'] }],
      ['PUT', ADMIN_TRANSLATION_API.budget, { charsPerMinute: 1, charsPerDay: 1 }],
    ] as const) {
      const refused = await as(user.cookie, method, url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('admin_required');
      expect((await as(undefined, method, url, payload)).statusCode).toBe(401);
    }
    expect(await settingsRows()).toEqual(before);
  });

  it('shows the engines in order with health, coverage and why an engine is missing', async () => {
    const tab = await view();
    expect(tab.languages).toHaveLength(20);
    expect(tab.engines.map((e) => [e.id, e.available, e.on])).toEqual([
      ['openai', true, true], ['deepl', true, true],
      ['neural', false, false], ['apertium', false, false], ['libretranslate', false, false],
    ]);
    const [ai, dl] = tab.engines;
    expect(ai!.live).toBe(true);
    expect(ai!.coverage).toHaveLength(20);
    expect(ai!.coverage.every((row) => row.length === 20)).toBe(true);
    const en = tab.languages.indexOf('en');
    const ja = tab.languages.indexOf('ja');
    expect(ai!.coverage[en]![en]).toBe('=');
    expect(ai!.coverage[en]![ja]).toBe('h');
    expect(dl!.coverage[en]!.includes('h')).toBe(true);
    expect(tab.engines.find((e) => e.id === 'libretranslate')!.reason).toMatch(/LIBRETRANSLATE_URL/);
    expect(tab.engines.find((e) => e.id === 'apertium')!.reason).toMatch(/TRANSLATION_ENGINES/);
    expect(tab.served[en]![ja]).toBe('h');
    expect(tab.budget).toMatchObject({ charsPerMinute: 100_000, defaults: { charsPerMinute: 100_000 } });
  });

  it('counts the characters each engine translated once per engine call, never for a cache hit', async () => {
    const text = 'Count these characters for the console, please';
    const first = (await translate(text)).json();
    expect(first).toMatchObject({ engine: 'openai' });
    await translate(text);
    const usage = (await view()).usage.filter((u) => u.engine === 'openai');
    expect(usage).toEqual([{ day: new Date().toISOString().slice(0, 10), engine: 'openai', chars: text.length, calls: 1 }]);
  });

  it('a new order, an engine switched off: the router and /api/languages follow, each change is audited', async () => {
    expect((await setEngines(['deepl', 'openai'])).statusCode).toBe(200);
    expect((await translate('Who translates this one now?')).json()).toMatchObject({ engine: 'deepl' });
    const languages = async () => (await s.app.inject({ method: 'GET', url: '/api/languages', headers: { cookie: user.cookie } })).json();
    expect((await languages()).engines).toEqual(['deepl', 'openai']);

    const off = await setEngines(['deepl', 'openai'], ['deepl']);
    expect((off.json() as TranslationConsole).engines.map((e) => [e.id, e.on]).slice(0, 2)).toEqual([['openai', true], ['deepl', false]]);
    expect((await translate('And who translates this one?')).json()).toMatchObject({ engine: 'openai' });
    expect(deepl.requests.filter((r) => r.path === '/v2/translate')).toHaveLength(1);

    // Every engine off: nothing is served, and the languages say so.
    await setEngines(['deepl', 'openai'], ['deepl', 'openai']);
    expect((await translate('Nobody translates this')).json()).toMatchObject({ reason: 'unsupported_pair' });
    expect((await languages()).pairs.every((p: { support: string }) => p.support === 'none')).toBe(true);

    // Kept in the database, where every node reads it.
    const elsewhere = new TranslationSettings(s.database.db, { defaultBudget: { charsPerMinute: 1, charsPerDay: 1 }, ttlMs: 0 });
    expect(await elsewhere.engines()).toEqual({ order: ['deepl', 'openai'], off: ['deepl', 'openai'] });

    await setEngines(['openai', 'deepl']);
    expect((await translate('Back to the first engine')).json()).toMatchObject({ engine: 'openai' });
    const audit = (await s.app.inject({ method: 'GET', url: '/api/admin/audit?action=translation.engines_changed', headers: { cookie: admin.cookie } })).json();
    expect(audit.entries).toHaveLength(4);
    expect(audit.entries[0]).toMatchObject({ actorEmail: admin.email, details: { to: { order: ['openai', 'deepl'], off: [] } } });
  });

  it('an engine without its key cannot be switched on or ordered; a bad order is refused; nothing changes', async () => {
    const before = await settingsRows();
    for (const body of [
      { order: ['openai', 'deepl', 'libretranslate'], off: [] },
      { order: ['openai'], off: [] },
      { order: ['openai', 'openai'], off: [] },
      { order: ['openai', 'deepl'], off: ['apertium'] },
      { order: ['openai', 'deepl'], off: ['google'] },
    ]) {
      const res = await as(admin.cookie, 'PUT', ADMIN_TRANSLATION_API.engines, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await settingsRows()).toEqual(before);
  });

  it('the budget set in the console applies to the next request, and is audited', async () => {
    const put = (charsPerMinute: number, charsPerDay: number) => as(admin.cookie, 'PUT', ADMIN_TRANSLATION_API.budget, { charsPerMinute, charsPerDay });
    expect((await put(500, 100)).statusCode).toBe(400);
    expect((await put(0, 100)).statusCode).toBe(400);
    const set = await put(40, 10_000);
    expect(set.statusCode).toBe(200);
    expect((set.json() as TranslationConsole).budget).toMatchObject({ charsPerMinute: 40, charsPerDay: 10_000 });
    const spender = await signUpAndIn(s.app);
    const spend = (text: string) =>
      s.app.inject({ method: 'POST', url: '/api/translate', payload: { text, sourceLanguage: 'en', targetLanguage: 'fr' }, headers: { cookie: spender.cookie } });
    expect((await spend('This sentence uses up the whole minute of budget')).statusCode).toBe(200);
    const refused = await spend('And this one is refused until the minute ends');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('translation_budget');
    await put(100_000, 1_000_000);
    expect((await spend('And this one is allowed again')).statusCode).toBe(200);
    const audit = (await s.app.inject({ method: 'GET', url: '/api/admin/audit?action=translation.budget_changed', headers: { cookie: admin.cookie } })).json();
    expect(audit.entries[0].details).toEqual({ from: { charsPerMinute: 40, charsPerDay: 10_000 }, to: { charsPerMinute: 100_000, charsPerDay: 1_000_000 } });
  });
});
