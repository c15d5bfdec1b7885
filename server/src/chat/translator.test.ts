import { afterAll, describe, expect, it } from 'vitest';
import { createTranslationService } from '../translation/service.ts';
import { chatTranslatorFrom } from './translator.ts';

// Chat's adapter over the real translation service (Apertium, in-memory cache).

const service = createTranslationService({ config: { engines: ['apertium'], timeoutMs: 15_000, maxChars: 5_000 } });
afterAll(() => service.close());

describe('chatTranslatorFrom', () => {
  it('detects with the sender language as prior, and keeps the original on failure', async () => {
    const chat = chatTranslatorFrom(service);
    expect(await chat.translate({ text: 'El gato es negro.', sourceHint: 'es', target: 'en', context: null })).toEqual({
      text: 'The cat is black.', ok: true, kind: 'translated', reason: undefined, detectedLanguage: 'es', message: undefined, unknownWords: undefined,
      engine: 'apertium', via: undefined,
    });
    expect(await chat.translate({ text: 'Hello friend', sourceHint: 'en', target: 'ja', context: null })).toEqual({
      text: 'Hello friend', ok: false, kind: 'not_translated', reason: 'unsupported_pair', detectedLanguage: 'en',
      message: 'No translation available for English -> Japanese with the configured engines', unknownWords: undefined,
      engine: null, via: undefined,
    });
    const unknown = await chat.translate({ text: 'Call me later, Zorblat!', sourceHint: 'en', target: 'es', context: null });
    expect(unknown.unknownWords?.map((s) => unknown.text.slice(s.start, s.end))).toEqual(['Zorblat']);
  });

  it('passes the prior, the target and the relationship context through, and keeps answers out of the shared cache', async () => {
    const seen: unknown[] = [];
    const chat = chatTranslatorFrom({
      translate: async (input) => {
        seen.push(input);
        return { text: 'x', ok: true, engine: 'fake' };
      },
    });
    const context = { type: 'boss', formality: 'formal', description: 'my boss' } as const;
    await chat.translate({ text: 'Hola', sourceHint: null, target: 'en', context });
    await chat.translate({ text: 'Hola', sourceHint: 'es', target: 'fr', context: null });
    await chat.translate({ text: 'Hi', sourceHint: 'es', target: 'es', context: null, source: 'en' });
    expect(seen).toEqual([
      { text: 'Hola', source: 'auto-detect', prior: undefined, target: 'en', context, cache: 'memory' },
      { text: 'Hola', source: 'auto-detect', prior: 'es', target: 'fr', context: undefined, cache: 'memory' },
      { text: 'Hi', source: 'en', prior: 'es', target: 'es', context: undefined, cache: 'memory' },
    ]);
  });
});
