import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveLanguage } from './languages.ts';

describe('resolveLanguage', () => {
  it.each([
    ['Spanish', 'es'], ['spanish', 'es'], ['ESPAÑOL', 'es'], ['espanol', 'es'], ['es', 'es'], ['ES', 'es'],
    ['es-MX', 'es'], ['pt_BR', 'pt'], ['spa', 'es'], ['  German ', 'de'], ['Deutsch', 'de'], ['日本語', 'ja'],
    ['Japanese', 'ja'], ['中文', 'zh'], ['Mandarin', 'zh'], ['Українська', 'uk'], ['русский', 'ru'], ['Tiếng Việt', 'vi'],
    ['tieng viet', 'vi'], ['Français', 'fr'], ['francais', 'fr'], ['Türkçe', 'tr'], ['hindi', 'hi'],
  ])('%s -> %s', (input, code) => {
    expect(resolveLanguage(input)?.code).toBe(code);
  });

  it.each(['', '   ', 'Klingon', 'xx', 'english please', 'e'])('%j is not a supported language', (input) => {
    expect(resolveLanguage(input)).toBeUndefined();
  });

  it('resolves every language by code, English name and native name', () => {
    expect(LANGUAGES).toHaveLength(20);
    for (const l of LANGUAGES) {
      expect(resolveLanguage(l.code)?.code).toBe(l.code);
      expect(resolveLanguage(l.name.toUpperCase())?.code).toBe(l.code);
      expect(resolveLanguage(l.nativeName)?.code).toBe(l.code);
    }
  });

  it('never throws and returns only supported languages', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = resolveLanguage(s);
        return r === undefined || LANGUAGES.some((l) => l.code === r.code);
      }),
    );
  });
});
