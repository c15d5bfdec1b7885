import { describe, expect, it } from 'vitest';
import type { TranslateTextInput } from './service.ts';
import { detectScanLanguage } from '../scan/detect.ts';
import { textTranslatorFor } from './textTranslator.ts';

describe('textTranslatorFor', () => {
  it('passes source and target to the translation service and maps its answer', async () => {
    const calls: TranslateTextInput[] = [];
    const translator = textTranslatorFor({
      translate: async (input) => {
        calls.push(input);
        return input.targetLanguage === 'en'
          ? { translatedText: 'The library is closed.', engine: 'apertium', ok: true, kind: 'translated' as const }
          : { translatedText: input.text, engine: null, ok: false, kind: 'not_translated' as const, reason: 'unsupported_pair' as const, message: 'No translation available for Spanish -> Thai' };
      },
    });
    expect(await translator.translate({ text: 'La biblioteca está cerrada.', source: 'es', target: 'en' })).toEqual({
      text: 'The library is closed.',
      ok: true,
      engine: 'apertium',
    });
    expect(calls[0]).toEqual({ text: 'La biblioteca está cerrada.', sourceLanguage: 'es', targetLanguage: 'en' });
    expect(await translator.translate({ text: 'Hola', source: 'es', target: 'th' })).toEqual({
      text: 'Hola',
      ok: false,
      engine: null,
      message: 'No translation available for Spanish -> Thai',
    });
  });

  it("detects with the app's detector, within the candidates Scan asks about", () => {
    const { detect } = textTranslatorFor({ translate: () => Promise.reject(new Error('unused')) });
    expect(detect('¿Dónde está la biblioteca? Gracias por su visita.', ['en', 'es'])).toBe('es');
    expect(detect('Добро пожаловать', ['ru', 'uk'])).toBe('ru');
    expect(detect('12 34', ['en', 'es'])).toBeUndefined();
    expect(detectScanLanguage('La biblioteca está cerrada los domingos.', ['en', 'es'], detect)).toBe('es');
    expect(detectScanLanguage('Le musée est ouvert tous les jours.', ['es', 'fr'], detect)).toBe('fr');
  });
});
