import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.ts';
import { CATALOG_KEYS, ENGLISH_STRINGS } from './format.ts';
import { loadLocaleCatalog, mayEqualEnglish, type LocaleCatalog } from './locales.ts';
import { formatMessage, messageArguments, parseMessage, pluralSelectors } from './message.ts';

const OTHERS = LANGUAGE_CODES.filter((c): c is Exclude<LanguageCode, 'en'> => c !== 'en');
const catalogs = new Map<string, LocaleCatalog>();
for (const code of OTHERS) catalogs.set(code, await loadLocaleCatalog(code));

/** Keys whose English is a plural: every language with more than one CLDR category must use one too. */
const PLURAL_KEYS = CATALOG_KEYS.filter((k) => pluralSelectors(ENGLISH_STRINGS[k]).length > 0);

describe('the English catalog', () => {
  it('parses as ICU and uses only English plural categories', () => {
    const categories = new Intl.PluralRules('en').resolvedOptions().pluralCategories as string[];
    for (const key of CATALOG_KEYS) {
      expect(() => parseMessage(ENGLISH_STRINGS[key]), key).not.toThrow();
      for (const p of pluralSelectors(ENGLISH_STRINGS[key])) for (const c of p.categories) expect(categories, key).toContain(c);
    }
    expect(PLURAL_KEYS).toContain('userSearch.resultCount');
    expect(formatMessage(ENGLISH_STRINGS['userSearch.resultCount'], 'en', { n: 1 })).toBe('1 user(s) found');
  });
});

describe.each(OTHERS)('the %s catalog', (code) => {
  const catalog = catalogs.get(code) ?? {};
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
  // Categories a whole count can select (es/fr/it/pt 'many' is for millions in compact form only).
  const rules = new Intl.PluralRules(code);
  const countCategories = [...new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))];

  it('has every key of the English catalog and no other', () => {
    expect(CATALOG_KEYS.filter((k) => typeof catalog[k] !== 'string' || !catalog[k]?.trim())).toEqual([]);
    expect(Object.keys(catalog).filter((k) => !(k in ENGLISH_STRINGS))).toEqual([]);
  });

  it('parses as ICU with the same arguments as the English', () => {
    for (const key of CATALOG_KEYS) {
      const value = catalog[key] ?? '';
      expect(() => parseMessage(value), `${code} ${key}: ${value}`).not.toThrow();
      expect(messageArguments(value), `${code} ${key}: ${value}`).toEqual(messageArguments(ENGLISH_STRINGS[key]));
    }
  });

  it(`uses plural categories of ${code} (${categories.join(', ')}), every one a count can select, wherever a count needs one`, () => {
    for (const key of CATALOG_KEYS) {
      for (const p of pluralSelectors(catalog[key] ?? '')) {
        for (const c of p.categories) expect(categories, `${code} ${key} has '${c}'`).toContain(c);
        for (const c of countCategories) expect(p.categories, `${code} ${key} lacks '${c}'`).toContain(c);
      }
    }
    if (countCategories.length > 1) {
      for (const key of PLURAL_KEYS) expect(pluralSelectors(catalog[key] ?? '').length, `${code} ${key} needs a plural`).toBeGreaterThan(0);
    }
  });

  it('translates every string (only allow-listed keys may read as the English)', () => {
    const same = CATALOG_KEYS.filter((k) => catalog[k] === ENGLISH_STRINGS[k] && !mayEqualEnglish(code, k));
    expect(same).toEqual([]);
  });

  it('formats without throwing', () => {
    for (const key of CATALOG_KEYS) {
      const vars = Object.fromEntries(messageArguments(ENGLISH_STRINGS[key]).map((a) => [a, 2]));
      expect(formatMessage(catalog[key] ?? '', code, vars), key).not.toMatch(/\{\w+\}/);
    }
  });
});
