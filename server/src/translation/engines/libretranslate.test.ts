import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TranslationRouter } from '../router.ts';
import { libreHandler, startFake, type FakeProvider } from '../testing/fakeProviders.ts';
import { LibreTranslateEngine } from './libretranslate.ts';

// Contract: POST {url}/translate {q, source, target, format: 'text', api_key?} -> {translatedText, detectedLanguage?}.
let fake: FakeProvider;
let engine: LibreTranslateEngine;
const languages = [
  { code: 'en', name: 'English', targets: ['en', 'es', 'zh-Hans', 'ja'] },
  { code: 'es', name: 'Spanish', targets: ['en', 'es'] },
  { code: 'zh-Hans', name: 'Chinese', targets: ['en', 'zh-Hans'] },
  { code: 'eo', name: 'Esperanto', targets: ['en'] },
];
beforeAll(async () => {
  fake = await startFake(libreHandler({ apiKey: 'lt-key', languages }));
  engine = new LibreTranslateEngine({ url: `${fake.url}/`, apiKey: 'lt-key' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const signal = () => AbortSignal.timeout(2_000);
const router = () => new TranslationRouter({ engines: [engine], timeoutMs: 300, maxChars: 5000, retries: 1, baseDelayMs: 5 });

describe('LibreTranslate engine (contract)', () => {
  it('posts /translate with q, source, target, format and the API key', async () => {
    const out = await engine.translate({ text: 'Hello\nworld', source: 'en', target: 'es', signal: signal() });
    expect(out.text).toBe('[es] Hello\nworld');
    expect(fake.requests[0]?.path).toBe('/translate');
    expect(fake.requests[0]?.body).toEqual({ q: 'Hello\nworld', source: 'en', target: 'es', format: 'text', api_key: 'lt-key' });
  });

  it('assumes every pair until /languages is known, then serves only the listed ones (zh as zh-Hans)', async () => {
    const fresh = new LibreTranslateEngine({ url: fake.url, apiKey: 'lt-key' });
    expect(fresh.supports('es', 'ja')).toBe('provider');
    expect(await fresh.health()).toMatchObject({ live: true });
    expect(fresh.supports('es', 'ja')).toBeNull();
    expect(fresh.supports('en', 'ja')).toBe('provider');
    expect(fresh.supports('en', 'zh')).toBe('provider');
    await fresh.translate({ text: 'Hi', source: 'en', target: 'zh', signal: signal() });
    expect(fake.requests.at(-1)?.body).toMatchObject({ source: 'en', target: 'zh-Hans' });
  });

  it('403 with a wrong key: not retried, original text kept', async () => {
    const wrong = new LibreTranslateEngine({ url: fake.url, apiKey: 'bad' });
    const result = await new TranslationRouter({ engines: [wrong], timeoutMs: 300, maxChars: 5000, retries: 2, baseDelayMs: 5 }).translate({
      text: 'Hello', source: 'en', target: 'es',
    });
    expect(result).toMatchObject({ ok: false, text: 'Hello', reason: 'engine_failed' });
    expect(result.failures?.[0]?.message).toContain('Invalid API key');
    expect(fake.requests).toHaveLength(1);
  });

  it('429 then success', async () => {
    fake.script.push({ status: 429, body: { error: 'Too many request limits violations' } });
    const result = await router().translate({ text: 'Bye', source: 'en', target: 'es' });
    expect(result).toMatchObject({ ok: true, text: '[es] Bye', engine: 'libretranslate' });
    expect(fake.requests).toHaveLength(2);
  });

  it('500 and a hang are retryable errors', async () => {
    fake.script.push({ status: 500, body: { error: 'Cannot translate text' } });
    await expect(engine.translate({ text: 'x', source: 'en', target: 'es', signal: signal() })).rejects.toMatchObject({
      code: 'server_error', status: 500, retryable: true,
    });
    fake.script.push({ status: 200, hang: true });
    await expect(engine.translate({ text: 'x', source: 'en', target: 'es', signal: AbortSignal.timeout(150) })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('texts of one turn in one direction go as one request (q a list), each caller answered with its own', async () => {
    const texts = ['one', 'two', 'three'];
    const outs = await Promise.all([
      ...texts.map((text) => engine.translate({ text, source: 'en', target: 'es', signal: signal() })),
      engine.translate({ text: 'other way', source: 'es', target: 'en', signal: signal() }),
    ]);
    expect(outs.map((o) => o.text)).toEqual(['[es] one', '[es] two', '[es] three', '[en] other way']);
    const bodies = fake.requests.map((r) => r.body as { q: unknown; target: string });
    expect(bodies).toHaveLength(2);
    expect(bodies.find((b) => b.target === 'es')).toMatchObject({ q: texts, source: 'en', format: 'text', api_key: 'lt-key' });
    expect(bodies.find((b) => b.target === 'en')).toMatchObject({ q: 'other way', source: 'es' });
  });

  it('a caller that gives up is answered at once; the others of its request still get theirs', async () => {
    fake.script.push({ status: 200, delayMs: 400, body: { translatedText: ['[es] a', '[es] b', '[es] c'] } });
    const order: string[] = [];
    const call = (text: string, given: AbortSignal) => engine.translate({ text, source: 'en', target: 'es', signal: given }).finally(() => order.push(text));
    const [a, b, c] = await Promise.allSettled([call('a', signal()), call('b', AbortSignal.timeout(50)), call('c', signal())]);
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'timeout' } });
    expect([a, c]).toEqual([{ status: 'fulfilled', value: { text: '[es] a', detectedLanguage: undefined } }, { status: 'fulfilled', value: { text: '[es] c', detectedLanguage: undefined } }]);
    expect(order).toEqual(['b', 'a', 'c']); // b did not wait for the shared answer
    expect(fake.requests).toHaveLength(1);
  });

  it('a server that refuses lists that long (--batch-limit) gets the texts one by one: nothing is lost', async () => {
    const limited = await startFake(libreHandler({ batchLimit: 1, languages }));
    try {
      const small = new LibreTranslateEngine({ url: limited.url });
      const outs = await Promise.all(['x', 'y'].map((text) => small.translate({ text, source: 'en', target: 'es', signal: signal() })));
      expect(outs.map((o) => o.text)).toEqual(['[es] x', '[es] y']);
      expect(limited.requests.map((r) => (r.body as { q: unknown }).q)).toEqual([['x', 'y'], 'x', 'y']);
    } finally {
      await limited.close();
    }
  });

  it('an answer with the wrong number of texts is a bad response for each caller', async () => {
    fake.script.push({ status: 200, body: { translatedText: ['[es] only one'] } });
    const results = await Promise.allSettled(['p', 'q'].map((text) => engine.translate({ text, source: 'en', target: 'es', signal: signal() })));
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { code: string }).code)).toEqual(['bad_response', 'bad_response']);
  });

  it('is not live when the server is unreachable', async () => {
    expect((await new LibreTranslateEngine({ url: 'http://127.0.0.1:9' }).health()).live).toBe(false);
  });
});
