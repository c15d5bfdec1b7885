import { describe, expect, it } from 'vitest';
import { createTranslationService } from './service.ts';
import { spyEngine } from './testing/spyEngine.ts';
import { detectAmong } from './textTranslator.ts';

describe('the translation service as the TextTranslator of Scan and Voice', () => {
  it('translates through its router and keeps the original with a message when no engine serves the pair', async () => {
    const engine = spyEngine('spy', { serves: (s, t) => (s === 'es' && t === 'en' ? 'provider' : null) });
    const service = createTranslationService({ config: { engines: [], timeoutMs: 5_000, maxChars: 5_000 }, engines: [engine] });
    try {
      expect(await service.translate({ text: 'La biblioteca está cerrada.', source: 'es', target: 'en' })).toMatchObject({
        text: '[en] La biblioteca está cerrada.',
        ok: true,
        engine: 'spy',
      });
      expect(await service.translate({ text: 'Hola', source: 'es', target: 'th' })).toMatchObject({
        text: 'Hola',
        ok: false,
        engine: null,
        reason: 'unsupported_pair',
        message: 'No translation available for Spanish -> Thai with the configured engines',
      });
      expect(service.detect).toBe(detectAmong);
    } finally {
      await service.close();
    }
  });

  it("detects with the app's detector, within the candidates asked about", () => {
    expect(detectAmong('¿Dónde está la biblioteca? Gracias por su visita.', ['en', 'es'])).toBe('es');
    expect(detectAmong('Добро пожаловать', ['ru', 'uk'])).toBe('ru');
    expect(detectAmong('12 34', ['en', 'es'])).toBeUndefined();
  });
});
