import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS } from '@parley/common';
import { TEST_DB, useTestDatabase } from '../../test/helpers.ts';
import { presentSmartTranslation, presentTranslation } from './presenter.ts';
import { createTranslationService, type TranslationService } from './service.ts';
import { spyEngine } from './testing/spyEngine.ts';

const config = { engines: ['apertium'], timeoutMs: 15_000, maxChars: 5_000 };
const database = useTestDatabase();
let service: TranslationService;
const warnings: { obj: object; msg?: string | undefined }[] = [];
const logger = { debug() {}, info() {}, error() {}, warn: (obj: object, msg?: string) => void warnings.push({ obj, msg }) };

beforeAll(async () => {
  service = createTranslationService({ db: database().db, config, logger });
});
afterAll(async () => {
  await service.close();
});

describe(`translation service on Apertium (${TEST_DB})`, () => {
  it('translates with detection, then answers the same message from the cache', async () => {
    const first = presentTranslation(await service.translate({ text: 'The weather is nice today.', source: 'auto-detect', target: 'pt' }));
    expect(first).toEqual({ translatedText: 'O tempo é agradável hoje.', detectedLanguage: 'en', engine: 'apertium', via: 'gl', ok: true, kind: 'translated' });
    const second = presentTranslation(await service.translate({ text: 'The weather is nice today.', source: 'auto-detect', target: 'pt' }));
    expect(second).toEqual({ ...first, cached: true });
  });

  it('keeps the original with a clear message when no engine serves the pair', async () => {
    expect(presentTranslation(await service.translate({ text: 'Good morning', source: 'en', target: 'ja' }))).toEqual({
      translatedText: 'Good morning', engine: null, ok: false, kind: 'not_translated', reason: 'unsupported_pair',
      message: 'No translation available for English -> Japanese with the configured engines',
    });
  });

  it('smart-translate: primary-language text goes to the secondary language, anything else to the primary', async () => {
    expect(presentSmartTranslation(await service.smartTranslate({ text: 'The cat is black.', primaryLanguage: 'en', secondaryLanguage: 'es' }))).toEqual({
      translatedText: 'El gato es negro.', detectedLanguage: 'en', translationDirection: 'en → es', engine: 'apertium', ok: true, kind: 'translated',
    });
    expect(presentSmartTranslation(await service.smartTranslate({ text: 'El perro es grande.', primaryLanguage: 'en', secondaryLanguage: 'es' }))).toMatchObject({
      translatedText: 'The dog is big.', detectedLanguage: 'es', translationDirection: 'es → en',
    });
    expect(presentSmartTranslation(await service.smartTranslate({ text: 'Le chat est noir.', primaryLanguage: 'es', secondaryLanguage: 'en' }))).toMatchObject({
      translatedText: 'El gato es negro.', detectedLanguage: 'fr', translationDirection: 'fr → es',
    });
  });

  it('translates the whole interface catalog into Spanish with every placeholder intact', async () => {
    const strings = ENGLISH_STRINGS as Record<string, string>;
    const spanish = await service.translateCatalog('es', strings);
    expect(Object.keys(spanish)).toEqual(Object.keys(strings));
    const fixed = await service.translateCatalog('es', { a: 'Welcome, {name}!', b: 'No users found for "{query}"' });
    expect(fixed).toEqual({ a: '¡Bienvenido, {name}!', b: 'Ningún usuario encontrado para "{query}"' });
    for (const [key, english] of Object.entries(strings)) {
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(spanish[key] ?? ''), key).toEqual(placeholders(english));
    }
    const changed = Object.keys(strings).filter((k) => spanish[k] !== strings[k]);
    expect(changed.length).toBeGreaterThan(Object.keys(strings).length * 0.8);
  });

  it('returns English unchanged, and keeps English when no engine reaches the language', async () => {
    const strings = { 'a.b': 'Sign Out', 'a.c': 'Welcome, {name}!' };
    expect(await service.translateCatalog('en', strings)).toEqual(strings);
    expect(await service.translateCatalog('ja', strings)).toEqual(strings);
    expect(warnings.some((w) => (w.obj as { language?: string }).language === 'ja')).toBe(true);
  });
});

describe('translation service catalog batching and caching', () => {
  it('translates 10 strings at a time, and serves a repeated catalog without engine calls', async () => {
    let inFlight = 0;
    let peak = 0;
    const engine = spyEngine('spy', {
      translate: async (input) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        return `<${input.text}>`;
      },
    });
    const own = createTranslationService({ config: { ...config, engines: [] }, engines: [engine] });
    const strings = Object.fromEntries(Array.from({ length: 35 }, (_, i) => [`k${i}`, `String number ${i} for {name}`]));
    const out = await own.translateCatalog('de', strings);
    expect(out.k7).toBe('<String number 7 for {name}>');
    expect(engine.calls).toHaveLength(35);
    expect(peak).toBe(10);
    await own.translateCatalog('de', strings);
    expect(engine.calls).toHaveLength(35);
    await own.close();
  });

  it('keeps the English string when a translation loses its placeholder', async () => {
    const engine = spyEngine('lossy', { translate: async (input) => input.text.replace(/[\uE000-\uF8FF]/g, '') });
    const own = createTranslationService({ config: { ...config, engines: [] }, engines: [engine] });
    expect(await own.translateCatalog('fr', { x: 'Hello {name}', y: 'Hello' })).toEqual({ x: 'Hello {name}', y: 'Hello' });
    await own.close();
  });
});

describe('smart-translate on short text outside the pair', () => {
  it('takes a short Spanish sign as Spanish for an English/Spanish user', async () => {
    const service = createTranslationService({ config: { engines: ['apertium'], timeoutMs: 15_000, maxChars: 5000 } });
    try {
      const res = presentSmartTranslation(await service.smartTranslate({ text: 'Prohibido fumar', primaryLanguage: 'en', secondaryLanguage: 'es' }));
      expect(res).toMatchObject({ detectedLanguage: 'es', translationDirection: 'es → en', ok: true });
    } finally {
      await service.close();
    }
  });
});
