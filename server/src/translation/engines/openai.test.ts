import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inferRelationshipContext } from '@parley/common';
import { TranslationRouter } from '../router.ts';
import { startFake, openAiHandler, type FakeProvider } from '../testing/fakeProviders.ts';
import { buildSystemPrompt, cleanCompletion, OpenAiEngine } from './openai.ts';
import { EngineError } from '../../platform/errors.ts';

// Contract: POST {base}/chat/completions, Authorization: Bearer KEY, {model, messages}; answer choices[0].message.content.
let fake: FakeProvider;
let engine: OpenAiEngine;
beforeAll(async () => {
  fake = await startFake(openAiHandler('sk-test'));
  engine = new OpenAiEngine({ baseUrl: `${fake.url}/v1/`, apiKey: 'sk-test', model: 'test-model' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const signal = () => AbortSignal.timeout(2_000);
const router = () => new TranslationRouter({ engines: [engine], timeoutMs: 300, maxChars: 5000, retries: 1, baseDelayMs: 5 });

describe('OpenAI-compatible engine (contract)', () => {
  it('posts a chat completion with the key, the model and the pair, and returns only the translation', async () => {
    const out = await engine.translate({ text: 'Good morning', source: 'en', target: 'es', signal: signal() });
    expect(out.text).toBe('[es] Good morning');
    const req = fake.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    const body = req?.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('test-model');
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[0]?.content).toContain('from English (en) to Spanish (es)');
    expect(body.messages[0]?.content).toContain('Output only the translation');
    expect(body.messages[1]).toEqual({ role: 'user', content: 'Good morning' });
  });

  it('puts the relationship context (type, formality, description) into the instructions', async () => {
    await engine.translate({ text: 'Can we meet?', source: 'en', target: 'es', context: inferRelationshipContext('my boss at the bank'), signal: signal() });
    await engine.translate({ text: 'Can we meet?', source: 'en', target: 'es', context: inferRelationshipContext('my girlfriend'), signal: signal() });
    const [formal, informal] = fake.requests.map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '');
    expect(formal).toContain('"my boss at the bank"');
    expect(formal).toContain('formality: formal');
    expect(formal).toContain('formal, respectful register');
    expect(formal).toContain('usted');
    expect(informal).toContain('"my girlfriend"');
    expect(informal).toContain('formality: informal');
    expect(informal).toContain('tú');
    expect(informal).toContain('affectionate');
  });

  it('keys its cache by the context, since the prompt depends on it', () => {
    expect(engine.cacheVariant(undefined)).toBe('neutral');
    const boss = engine.cacheVariant(inferRelationshipContext('my boss'));
    expect(boss).toMatch(/^formal:boss:/);
    expect(engine.cacheVariant(inferRelationshipContext('my manager'))).not.toBe(boss);
  });

  it('uses the api-key header and api-version for Azure deployments', async () => {
    const azure = new OpenAiEngine({ baseUrl: `${fake.url}/openai/deployments/gpt4o`, apiKey: 'sk-test', model: 'gpt-4o', azure: true });
    fake.script.push({ status: 200, body: { choices: [{ message: { role: 'assistant', content: 'Hola' } }] } });
    expect((await azure.translate({ text: 'Hello', source: 'en', target: 'es', signal: signal() })).text).toBe('Hola');
    const req = fake.requests[0];
    expect(req?.path).toBe('/openai/deployments/gpt4o/chat/completions');
    expect(req?.query.get('api-version')).toBe('2024-10-21');
    expect(req?.headers['api-key']).toBe('sk-test');
    expect(req?.headers.authorization).toBeUndefined();
  });

  it('401: not retried, reported as unauthorized; the router keeps the original text', async () => {
    const wrong = new OpenAiEngine({ baseUrl: `${fake.url}/v1`, apiKey: 'wrong', model: 'm' });
    await expect(wrong.translate({ text: 'Hi there', source: 'en', target: 'es', signal: signal() })).rejects.toMatchObject({
      code: 'unauthorized', status: 401, retryable: false,
    });
    const result = await new TranslationRouter({ engines: [wrong], timeoutMs: 300, maxChars: 5000, retries: 2, baseDelayMs: 5 }).translate({
      text: 'Hi there', source: 'en', target: 'es',
    });
    expect(result).toMatchObject({ ok: false, reason: 'engine_failed', text: 'Hi there', engine: null });
    expect(fake.requests).toHaveLength(2); // one direct call + one through the router: no retries
  });

  it('429 then success: retried after Retry-After', async () => {
    fake.script.push({ status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'Rate limit reached', type: 'requests' } } });
    const result = await router().translate({ text: 'See you soon', source: 'en', target: 'fr' });
    expect(result).toMatchObject({ ok: true, text: '[fr] See you soon', engine: 'openai' });
    expect(fake.requests).toHaveLength(2);
  });

  it('500: retryable; after the retries the original text comes back', async () => {
    fake.script.push({ status: 500, body: { error: { message: 'boom' } } }, { status: 503, body: { error: { message: 'overloaded' } } });
    const error = await engine.translate({ text: 'x y', source: 'en', target: 'es', signal: signal() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'server_error', status: 500, retryable: true });
    fake.script.push({ status: 500, body: {} }, { status: 500, body: {} });
    const result = await router().translate({ text: 'Keep me', source: 'en', target: 'es' });
    expect(result).toMatchObject({ ok: false, reason: 'engine_failed', text: 'Keep me' });
  });

  it('a server that never answers times out (retryable)', async () => {
    fake.script.push({ status: 200, hang: true });
    await expect(engine.translate({ text: 'Hello', source: 'en', target: 'es', signal: AbortSignal.timeout(150) })).rejects.toMatchObject({
      code: 'timeout', retryable: true,
    });
  });

  it('reports health from GET /models', async () => {
    expect(await engine.health()).toMatchObject({ live: true });
    const down = new OpenAiEngine({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    expect((await down.health()).live).toBe(false);
  });
});

describe('OpenAI prompt and answer helpers', () => {
  it('defaults to a neutral register without context', () => {
    expect(buildSystemPrompt('de', 'ja')).toContain('from German (de) to Japanese (ja)');
    expect(buildSystemPrompt('de', 'ja')).toContain('neutral, friendly register');
  });

  it("drops a reasoning block and quotes the model added, but not the user's own quotes", () => {
    expect(cleanCompletion('<think>hmm</think>\n"Hola"', 'Hello')).toBe('Hola');
    expect(cleanCompletion('"Hola"', '"Hello"')).toBe('"Hola"');
  });
});
