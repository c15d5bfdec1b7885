import { describe, expect, it } from 'vitest';
import { createEngines } from './index.ts';

describe('createEngines', () => {
  it('builds the configured engines in order and skips those without settings', () => {
    const { engines, skipped } = createEngines({
      engines: ['deepl', 'apertium', 'openai', 'libretranslate', 'apertium', 'google', 'neural'],
      neural: { modelsDir: '/nonexistent/models' },
      deepl: { apiKey: 'k:fx' },
      openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
      timeoutMs: 1000,
      maxChars: 5000,
    });
    expect(engines.map((e) => e.id)).toEqual(['deepl', 'apertium']);
    expect(skipped).toEqual([
      { id: 'openai', reason: 'OPENAI_API_KEY is not set' },
      { id: 'libretranslate', reason: 'LIBRETRANSLATE_URL is not set' },
      { id: 'google', reason: 'unknown engine (known: neural, apertium, openai, deepl, libretranslate)' },
      { id: 'neural', reason: 'no translation model in MODELS_DIR (/nonexistent/models)' },
    ]);
  });

  it('accepts a local OpenAI-compatible server without a key', () => {
    const { engines } = createEngines({
      engines: ['openai'], openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' }, timeoutMs: 1000, maxChars: 5000,
    });
    expect(engines.map((e) => e.id)).toEqual(['openai']);
  });
});
