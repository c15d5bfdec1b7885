import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inferRelationshipContext, pickerContext } from '@parley/common';
import { TranslationRouter } from '../router.ts';
import { deeplHandler, startFake, type FakeProvider } from '../testing/fakeProviders.ts';
import { deeplBaseUrl, DeepLEngine } from './deepl.ts';

// Contract: POST /v2/translate, Authorization: DeepL-Auth-Key KEY, JSON {text: [..], source_lang, target_lang, formality?}.
let fake: FakeProvider;
let engine: DeepLEngine;
beforeAll(async () => {
  fake = await startFake(deeplHandler('key-1:fx'));
  engine = new DeepLEngine({ apiKey: 'key-1:fx', baseUrl: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const signal = () => AbortSignal.timeout(2_000);
const sentBody = (i = 0) => fake.requests[i]?.body as Record<string, unknown>;
const router = () => new TranslationRouter({ engines: [engine], timeoutMs: 300, maxChars: 5000, retries: 1, baseDelayMs: 5 });

describe('DeepL engine (contract)', () => {
  it('uses the free host for :fx keys and the pro host otherwise', () => {
    expect(deeplBaseUrl('abc:fx')).toBe('https://api-free.deepl.com');
    expect(deeplBaseUrl('abc')).toBe('https://api.deepl.com');
    expect(deeplBaseUrl('abc', 'http://127.0.0.1:1/')).toBe('http://127.0.0.1:1');
  });

  it('posts /v2/translate with the auth header, DeepL language codes and the text array', async () => {
    const out = await engine.translate({ text: 'Good morning', source: 'en', target: 'de', signal: signal() });
    expect(out).toEqual({ text: '[DE] Good morning', detectedLanguage: 'en' });
    expect(fake.requests[0]?.path).toBe('/v2/translate');
    expect(fake.requests[0]?.headers.authorization).toBe('DeepL-Auth-Key key-1:fx');
    expect(sentBody()).toMatchObject({ text: ['Good morning'], source_lang: 'EN', target_lang: 'DE' });
    expect(sentBody()).not.toHaveProperty('formality');
  });

  it('sends variant target codes for English, Portuguese and Chinese', async () => {
    await engine.translate({ text: 'Hola', source: 'es', target: 'en', signal: signal() });
    await engine.translate({ text: 'Hola', source: 'es', target: 'pt', signal: signal() });
    await engine.translate({ text: 'Hola', source: 'es', target: 'zh', signal: signal() });
    expect(fake.requests.map((r) => (r.body as { target_lang: string }).target_lang)).toEqual(['EN-US', 'PT-PT', 'ZH-HANS']);
  });

  it('texts of one turn with the same options go as one request (its text list); other options go apart', async () => {
    const formal = pickerContext('boss');
    const outs = await Promise.all([
      engine.translate({ text: 'one', source: 'en', target: 'de', signal: signal() }),
      engine.translate({ text: 'two', source: 'en', target: 'de', signal: signal() }),
      engine.translate({ text: 'three', source: 'en', target: 'de', context: formal, signal: signal() }),
      engine.translate({ text: 'four', source: 'en', target: 'fr', signal: signal() }),
    ]);
    expect(outs.map((o) => o.text)).toEqual(['[DE] one', '[DE] two', '[DE] three', '[FR] four']);
    const bodies = fake.requests.map((r) => r.body as { text: string[]; target_lang: string; formality?: string });
    expect(bodies.map((b) => [b.target_lang, b.formality ?? null, b.text]).sort()).toEqual([
      ['DE', null, ['one', 'two']], ['DE', 'prefer_more', ['three']], ['FR', null, ['four']],
    ].sort());
  });

  it('an answer with fewer translations than texts is a bad response for each caller', async () => {
    fake.script.push({ status: 200, body: { translations: [{ text: '[DE] a', detected_source_language: 'EN' }] } });
    const results = await Promise.allSettled(['a', 'b'].map((text) => engine.translate({ text, source: 'en', target: 'de', signal: signal() })));
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { code: string }).code)).toEqual(['bad_response', 'bad_response']);
  });

  it('maps the relationship formality to prefer_more / prefer_less where the target supports it', async () => {
    await engine.translate({ text: 'Can we talk?', source: 'en', target: 'de', context: inferRelationshipContext('my boss'), signal: signal() });
    await engine.translate({ text: 'Can we talk?', source: 'en', target: 'fr', context: pickerContext('close_friend'), signal: signal() });
    await engine.translate({ text: 'Can we talk?', source: 'en', target: 'ja', context: pickerContext('client'), signal: signal() });
    await engine.translate({ text: 'Can we talk?', source: 'en', target: 'ko', context: pickerContext('boss'), signal: signal() });
    await engine.translate({ text: 'Can we talk?', source: 'en', target: 'es', context: pickerContext('colleague'), signal: signal() });
    expect(sentBody(0).formality).toBe('prefer_more');
    expect(sentBody(1).formality).toBe('prefer_less');
    expect(sentBody(2).formality).toBe('prefer_more');
    expect(sentBody(3)).not.toHaveProperty('formality'); // Korean has no formality option
    expect(sentBody(4)).not.toHaveProperty('formality'); // neutral
    expect(engine.cacheVariant(pickerContext('boss'))).toBe('formal');
  });

  it('serves our languages except Hindi', () => {
    expect(engine.supports('en', 'ja')).toBe('provider');
    expect(engine.supports('en', 'hi')).toBeNull();
    expect(engine.supports('hi', 'en')).toBeNull();
  });

  it('403 (bad key): unauthorized, not retried', async () => {
    const wrong = new DeepLEngine({ apiKey: 'nope', baseUrl: fake.url });
    const result = await new TranslationRouter({ engines: [wrong], timeoutMs: 300, maxChars: 5000, retries: 2, baseDelayMs: 5 }).translate({
      text: 'Hello', source: 'en', target: 'de',
    });
    expect(result).toMatchObject({ ok: false, reason: 'engine_failed', text: 'Hello' });
    expect(result.failures?.[0]).toMatchObject({ engine: 'deepl', code: 'unauthorized' });
    expect(fake.requests).toHaveLength(1);
  });

  it('429 then success', async () => {
    fake.script.push({ status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too many requests' } });
    const result = await router().translate({ text: 'Thanks', source: 'en', target: 'it' });
    expect(result).toMatchObject({ ok: true, text: '[IT] Thanks', engine: 'deepl' });
    expect(fake.requests).toHaveLength(2);
  });

  it('456 quota exceeded: not retried', async () => {
    fake.script.push({ status: 456, body: { message: 'Quota exceeded' } });
    await expect(engine.translate({ text: 'x', source: 'en', target: 'de', signal: signal() })).rejects.toMatchObject({
      code: 'quota_exceeded', retryable: false,
    });
  });

  it('500 and timeouts are retryable', async () => {
    fake.script.push({ status: 500, body: { message: 'Internal error' } });
    await expect(engine.translate({ text: 'x', source: 'en', target: 'de', signal: signal() })).rejects.toMatchObject({
      code: 'server_error', retryable: true,
    });
    fake.script.push({ status: 200, hang: true });
    await expect(engine.translate({ text: 'x', source: 'en', target: 'de', signal: AbortSignal.timeout(150) })).rejects.toMatchObject({
      code: 'timeout', retryable: true,
    });
  });

  it('reports health from /v2/usage', async () => {
    expect(await engine.health()).toEqual({ live: true, detail: '180 of 500000 characters used' });
  });
});
