import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DB, useTestDatabase } from '../../test/helpers.ts';
import { DbTranslationCache, MemoryTranslationCache } from './cache.ts';
import { ApertiumEngine } from './engines/apertium.ts';
import { DeepLEngine } from './engines/deepl.ts';
import { LibreTranslateEngine } from './engines/libretranslate.ts';
import { OpenAiEngine } from './engines/openai.ts';
import { EngineError } from '../platform/errors.ts';
import { TranslationRouter } from './router.ts';
import { deeplHandler, libreHandler, openAiHandler, startFake, type FakeProvider } from './testing/fakeProviders.ts';
import { spyEngine } from './testing/spyEngine.ts';

const options = { timeoutMs: 300, maxChars: 5000, retries: 1, baseDelayMs: 5 };

describe('TranslationRouter: nothing to translate', () => {
  const spy = spyEngine('spy');
  const router = new TranslationRouter({ ...options, engines: [spy] });

  it('returns the text unchanged for the same language, empty text, whitespace or no letters, without an engine call', async () => {
    for (const text of ['Hello there', '', '   \n ', '👍 123 !!']) {
      const result = await router.translate({ text, source: 'en', target: text === 'Hello there' ? 'en' : 'es' });
      expect(result).toMatchObject({ ok: true, text, engine: null, cached: false });
    }
    expect(spy.calls).toHaveLength(0);
  });

  it('detects an auto-detect source first and reports it', async () => {
    const same = await router.translate({ text: 'Hola, ¿cómo estás?', source: 'auto-detect', target: 'es' });
    expect(same).toMatchObject({ ok: true, detectedLanguage: 'es', engine: null, text: 'Hola, ¿cómo estás?' });
    const other = await router.translate({ text: 'Good morning, how are you today?', source: 'auto-detect', target: 'es' });
    expect(other).toMatchObject({ ok: true, detectedLanguage: 'en', source: 'en', engine: 'spy', text: '[es] Good morning, how are you today?' });
  });

  it('refuses text over the length cap, keeping it', async () => {
    const result = await new TranslationRouter({ ...options, maxChars: 10, engines: [spy] }).translate({ text: 'a'.repeat(11), source: 'en', target: 'es' });
    expect(result).toMatchObject({ ok: false, reason: 'too_long', text: 'a'.repeat(11) });
  });
});

describe('TranslationRouter: unsupported pairs', () => {
  const apertium = new ApertiumEngine();
  afterAll(() => apertium.close());

  it('reports a pair no configured engine serves, with the original text', async () => {
    const router = new TranslationRouter({ ...options, engines: [apertium] });
    const result = await router.translate({ text: 'Good morning', source: 'en', target: 'ja' });
    expect(result).toEqual({
      ok: false, kind: 'not_translated', reason: 'unsupported_pair', text: 'Good morning', engine: null, source: 'en', target: 'ja', cached: false, detectedLanguage: undefined,
      message: 'No translation available for English -> Japanese with the configured engines',
    });
  });

  it('describes every pair: direct, pivot (via), provider or none, with fallbacks', () => {
    const router = new TranslationRouter({ ...options, engines: [apertium, spyEngine('openai', { serves: (s, t) => (s !== t && t !== 'hi' ? 'provider' : null) })] });
    const pairs = router.pairs();
    expect(pairs).toHaveLength(380);
    const find = (s: string, t: string) => pairs.find((p) => p.source === s && p.target === t);
    expect(find('en', 'es')).toEqual({ source: 'en', target: 'es', support: 'direct', engine: 'apertium', fallbacks: ['openai'] });
    expect(find('en', 'fr')).toEqual({ source: 'en', target: 'fr', support: 'pivot', engine: 'apertium', via: 'ca', fallbacks: ['openai'] });
    expect(find('en', 'ja')).toEqual({ source: 'en', target: 'ja', support: 'provider', engine: 'openai', fallbacks: [] });
    expect(find('en', 'hi')).toEqual({ source: 'en', target: 'hi', support: 'none', engine: null, fallbacks: [] });
  });
});

describe('TranslationRouter: retries and fallback across engines', () => {
  let openai: FakeProvider;
  let deepl: FakeProvider;
  let libre: FakeProvider;
  let router: TranslationRouter;
  beforeAll(async () => {
    [openai, deepl, libre] = await Promise.all([startFake(openAiHandler('k')), startFake(deeplHandler('d')), startFake(libreHandler())]);
    router = new TranslationRouter({
      ...options,
      engines: [
        new OpenAiEngine({ baseUrl: `${openai.url}/v1`, apiKey: 'k', model: 'm' }),
        new DeepLEngine({ apiKey: 'd', baseUrl: deepl.url }),
        new LibreTranslateEngine({ url: libre.url }),
      ],
    });
  });
  afterAll(() => Promise.all([openai.close(), deepl.close(), libre.close()]));

  it('500 from the first engine, a timeout from the second: the third answers', async () => {
    openai.script.push({ status: 500, body: {} }, { status: 500, body: {} });
    deepl.script.push({ status: 200, hang: true }, { status: 200, hang: true });
    const result = await router.translate({ text: 'Where is the station?', source: 'en', target: 'es' });
    expect(result).toMatchObject({ ok: true, engine: 'libretranslate', text: '[es] Where is the station?' });
    expect(openai.requests).toHaveLength(2); // first try + 1 retry
    expect(deepl.requests).toHaveLength(2);
  });

  it('when every engine fails, the original text comes back with the reasons', async () => {
    openai.script.push({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    deepl.script.push({ status: 456, body: { message: 'Quota exceeded' } });
    libre.script.push({ status: 500, body: { error: 'boom' } }, { status: 500, body: { error: 'boom' } });
    const result = await router.translate({ text: 'Nothing works today', source: 'en', target: 'de' });
    expect(result).toMatchObject({ ok: false, reason: 'engine_failed', engine: null, text: 'Nothing works today', message: 'Translation failed. Please try again.' });
    expect(result.failures?.map((f) => [f.engine, f.code])).toEqual([['openai', 'unauthorized'], ['deepl', 'quota_exceeded'], ['libretranslate', 'server_error']]);
  });

  it('does not wait for a Retry-After longer than the cap: it moves on to the next engine', async () => {
    const before = openai.requests.length;
    openai.script.push({ status: 429, headers: { 'retry-after': '3600' }, body: { error: { message: 'slow down' } } });
    const result = await router.translate({ text: 'Quick one', source: 'en', target: 'it' });
    expect(result).toMatchObject({ ok: true, engine: 'deepl', text: '[IT] Quick one' });
    expect(openai.requests.length - before).toBe(1);
  });

  it('lists every engine in health()', async () => {
    const health = await router.health();
    expect(health.map((h) => [h.id, h.live])).toEqual([['openai', true], ['deepl', true], ['libretranslate', true]]);
  });
});

describe(`TranslationRouter with the database cache (${TEST_DB})`, () => {
  const database = useTestDatabase();

  it('answers a repeated request from the cache without calling the engine', async () => {
    const spy = spyEngine('spy');
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0 }); // no LRU: the table answers
    const router = new TranslationRouter({ ...options, engines: [spy], cache });
    const first = await router.translate({ text: 'See you tomorrow', source: 'en', target: 'es' });
    const second = await router.translate({ text: 'See you tomorrow', source: 'en', target: 'es' });
    expect(first).toMatchObject({ ok: true, cached: false, engine: 'spy' });
    expect(second).toMatchObject({ ok: true, cached: true, engine: 'spy', text: first.text });
    expect(spy.calls).toHaveLength(1);
    const formal = await router.translate({ text: 'See you tomorrow', source: 'en', target: 'es', context: { type: 'boss', formality: 'formal', description: 'boss' } });
    expect(formal.cached).toBe(false); // another formality is another entry
    expect(spy.calls).toHaveLength(2);
  });

  it('does not cache failures', async () => {
    let fail = true;
    const flaky = spyEngine('flaky', {
      translate: async (input) => {
        if (fail) throw new EngineError('flaky', 'bad_request', 'nope');
        return `ok ${input.text}`;
      },
    });
    const router = new TranslationRouter({ ...options, engines: [flaky], cache: new DbTranslationCache(database().db) });
    expect((await router.translate({ text: 'Try me', source: 'en', target: 'fr' })).ok).toBe(false);
    fail = false;
    expect(await router.translate({ text: 'Try me', source: 'en', target: 'fr' })).toMatchObject({ ok: true, cached: false, text: 'ok Try me' });
  });
});

describe('TranslationRouter: an engine that goes down and comes back', () => {
  it('probes a down engine with the request that failed and announces it back once (not for a wrong answer)', async () => {
    let down = true;
    const spy = spyEngine('spy', {
      translate: async (input) => {
        if (input.text === 'broken input') throw new EngineError('spy', 'bad_response', 'not a translation');
        if (input.text === 'stalls every time') throw new EngineError('spy', 'timeout', 'spy did not answer in time', { retryable: true });
        if (down) throw new EngineError('spy', 'server_error', 'down for maintenance', { status: 503, retryable: true });
        return `[${input.target}] ${input.text}`;
      },
    });
    const router = new TranslationRouter({ ...options, engines: [spy], cache: new MemoryTranslationCache(100), recovery: { probeMs: 10 } });
    const back: { engine: string; since: Date }[] = [];
    router.onRecovered((engine, since) => back.push({ engine, since }));
    const before = Date.now();
    expect(await router.translate({ text: 'broken input', source: 'en', target: 'es' })).toMatchObject({ ok: false, reason: 'engine_failed' });
    const failed = await router.translate({ text: 'Good morning', source: 'en', target: 'es' });
    expect(failed).toMatchObject({ ok: false, reason: 'engine_failed' });
    const probes = spy.calls.length;
    down = false;
    await vi.waitFor(() => expect(back).toHaveLength(1), { timeout: 10_000, interval: 10 });
    expect(back[0]?.engine).toBe('spy');
    expect(back[0]?.since.getTime()).toBeGreaterThanOrEqual(before);
    expect(spy.calls.length).toBeGreaterThan(probes); // it was the probe, nobody else translated
    // The probe's answer is cached: the retry of that message costs no engine call.
    const calls = spy.calls.length;
    expect(await router.translate({ text: 'Good morning', source: 'en', target: 'es' })).toMatchObject({ ok: true, cached: true });
    expect(spy.calls.length).toBe(calls);
    // A text that fails however often it is tried: other requests succeeding do not announce a recovery.
    expect(await router.translate({ text: 'stalls every time', source: 'en', target: 'es' })).toMatchObject({ ok: false, reason: 'engine_failed' });
    expect(await router.translate({ text: 'Good evening', source: 'en', target: 'es' })).toMatchObject({ ok: true });
    const probed = spy.calls.length;
    await vi.waitFor(() => expect(spy.calls.length).toBeGreaterThan(probed + 2), { timeout: 10_000, interval: 10 }); // still probing it
    expect(back).toHaveLength(1);
    await router.close();
  });
});

describe("TranslationRouter: the console's order and switches", () => {
  it('tries engines in the chosen order, skips those switched off, counts usage per engine call and remembers the last error', async () => {
    const neural = { ...spyEngine('neural', { serves: (s, t) => (s === 'en' && t === 'es' ? 'direct' : null) }), preferred: true };
    const first = spyEngine('first', {
      translate: async (input) => {
        if (input.text.includes('fail')) throw new EngineError('first', 'bad_response', 'broken answer');
        return `[first] ${input.text}`;
      },
    });
    const second = spyEngine('second');
    let policy: { order: string[]; off: string[] } | null = null;
    const router = new TranslationRouter({ ...options, engines: [first, second, neural], cache: new MemoryTranslationCache(100) });
    router.usePolicy(async () => policy);
    const usage: [string, number][] = [];
    router.onUsage(async (engine, chars) => void usage.push([engine, chars]));
    const engine = async (text: string) => (await router.translate({ text, source: 'en', target: 'es' })).engine;

    // No choice made: a model of the direction on this server goes first, then the configured order.
    expect(await engine('one')).toBe('neural');
    expect(await engine('one')).toBe('neural');
    expect(usage).toEqual([['neural', 3]]);
    policy = { order: ['second', 'first', 'neural'], off: [] };
    expect(await engine('two')).toBe('second');
    expect(router.pairs().find((p) => p.source === 'en' && p.target === 'es')).toMatchObject({ engine: 'second', fallbacks: ['first', 'neural'] });
    policy = { order: ['second', 'first', 'neural'], off: ['second'] };
    expect(await engine('three')).toBe('first');
    expect(router.active().map((e) => e.id)).toEqual(['first', 'neural']);
    expect(await engine('please fail')).toBe('neural');
    expect(router.lastError('first')).toMatchObject({ code: 'bad_response', message: 'broken answer' });
    expect(await engine('four')).toBe('first');
    expect(router.lastError('first')).toBeUndefined();
    policy = { order: [], off: ['first', 'second', 'neural'] };
    expect(await router.translate({ text: 'five', source: 'en', target: 'es' })).toMatchObject({ ok: false, reason: 'unsupported_pair' });
    expect(second.calls.map((c) => c.text)).toEqual(['two']);
    expect(usage.map(([e]) => e)).toEqual(['neural', 'second', 'first', 'neural', 'first']);
  });
});
