import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { CATALOG_KEYS, ENGLISH_STRINGS } from './format.ts';
import { loadLocaleCatalog } from './locales.ts';
import { formatMessage, messageArguments } from './message.ts';

/** What FormatJS itself makes of a message (the reference the unparsed fast path must equal). */
function icu(text: string, locale: string, vars: Record<string, string | number>): string {
  const out = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(vars);
  return Array.isArray(out) ? out.join('') : String(out);
}

describe('formatMessage', () => {
  it('gives exactly what ICU gives, for every message of every catalog, with text and number arguments', async () => {
    let checked = 0;
    for (const code of LANGUAGE_CODES) {
      const catalog = code === 'en' ? ENGLISH_STRINGS : await loadLocaleCatalog(code as Exclude<LanguageCode, 'en'>);
      for (const key of CATALOG_KEYS) {
        const text = catalog[key];
        if (!text?.includes('{')) continue;
        for (const value of [12345.5, 1, 'Ana & {Bruno}']) {
          const vars = Object.fromEntries(messageArguments(text).map((name) => [name, value]));
          expect(formatMessage(text, code, vars), `${code} ${key}`).toBe(icu(text, code, vars));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20 * 3 * 30);
  });

  it('fills {name} arguments without ICU syntax as they are, and shows a missing one as {name}', () => {
    expect(formatMessage('{n} / {max}', 'ar', { n: 4800, max: 5000 })).toBe('4800 / 5000');
    expect(formatMessage('Hi {name}, {missing}', 'en', { name: 'Ana' })).toBe('Hi Ana, {missing}');
    expect(formatMessage('Hi {toString}', 'en', {})).toBe('Hi {toString}');
  });

  it('still applies ICU plurals and quoting', () => {
    const plural = '{n, plural, one {# message} other {# messages}}';
    expect(formatMessage(plural, 'en', { n: 1 })).toBe('1 message');
    expect(formatMessage(plural, 'en', { n: 1200 })).toBe('1,200 messages');
    expect(formatMessage("It''s '{'literal'}' for {name}", 'en', { name: 'Ana' })).toBe("It's {literal} for Ana");
  });
});
