import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryTranslationCache } from '../cache.ts';
import { TranslationRouter } from '../router.ts';
import { openAiHandler, startFake, type FakeProvider } from '../testing/fakeProviders.ts';
import { spyEngine } from '../testing/spyEngine.ts';
import { OpenAiEngine } from './openai.ts';
import type { Conversation } from './types.ts';

// Contract: the conversation goes into the instructions as JSON data; the cache key and the budget include it.
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFake(openAiHandler('sk-1'));
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const earlier: Conversation = { speaker: 'ana', reader: 'bruno', turns: [{ speaker: 'ana', text: 'Did you see her?' }, { speaker: 'bruno', text: 'Sí, a las 5.', translation: 'Yes, at 5.' }] };
const systemOf = (i: number) => (fake.requests[i]?.body as { messages: { content: string }[] }).messages[0]?.content ?? '';

describe('conversation context through the router (OpenAI-compatible)', () => {
  it('is sent as data, keys the cache, and is paid for', async () => {
    const spent: number[] = [];
    const router = new TranslationRouter({ engines: [new OpenAiEngine({ baseUrl: `${fake.url}/v1`, apiKey: 'sk-1', model: 'm' })], cache: new MemoryTranslationCache(100), timeoutMs: 2_000, maxChars: 5_000 });
    const spend = async (n: number) => void spent.push(n);
    const text = 'Was she ok?';
    await router.translate({ text, source: 'en', target: 'es', conversation: earlier, spend });
    expect(systemOf(0)).toContain('(written by "ana", to be read by "bruno")');
    expect(systemOf(0)).toContain('Earlier messages, oldest first (JSON): [{"from":"ana","text":"Did you see her?"},{"from":"bruno","text":"Sí, a las 5.","translation":"Yes, at 5."}]');
    const contextChars = 'ana'.length + 'bruno'.length + 'ana'.length + 'Did you see her?'.length + 'bruno'.length + 'Sí, a las 5.'.length + 'Yes, at 5.'.length;
    expect(spent).toEqual([text.length + contextChars]);
    // Same text and context: cached. Other context, or none: a new translation.
    expect((await router.translate({ text, source: 'en', target: 'es', conversation: earlier, spend })).cached).toBe(true);
    const other = { ...earlier, turns: [{ speaker: 'ana', text: 'Did you see him?' }] };
    expect((await router.translate({ text, source: 'en', target: 'es', conversation: other, spend })).cached).toBe(false);
    expect((await router.translate({ text, source: 'en', target: 'es', spend })).cached).toBe(false);
    expect(fake.requests).toHaveLength(3);
    expect(systemOf(2)).not.toContain('Earlier messages');
    expect(spent.at(-1)).toBe(text.length);
    await router.close();
  });

  it('is not given to, keyed or paid for an engine that does not read it', async () => {
    const spent: number[] = [];
    const spy = spyEngine('spy', { serves: () => 'provider' });
    const router = new TranslationRouter({ engines: [spy], cache: new MemoryTranslationCache(100), timeoutMs: 2_000, maxChars: 5_000 });
    await router.translate({ text: 'Was she ok?', source: 'en', target: 'es', conversation: earlier, spend: async (n) => void spent.push(n) });
    expect(spent).toEqual(['Was she ok?'.length]);
    expect(spy.calls[0]?.conversation).toBeUndefined();
    expect((await router.translate({ text: 'Was she ok?', source: 'en', target: 'es' })).cached).toBe(true);
    await router.close();
  });
});
