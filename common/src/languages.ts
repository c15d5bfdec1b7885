/** The 20 supported languages (spec section 3), with English and native names. */
export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'ru', name: 'Russian', nativeName: 'Русский' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'th', name: 'Thai', nativeName: 'ไทย' },
  { code: 'vi', name: 'Vietnamese', nativeName: 'Tiếng Việt' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'sv', name: 'Swedish', nativeName: 'Svenska' },
  { code: 'ro', name: 'Romanian', nativeName: 'Română' },
  { code: 'uk', name: 'Ukrainian', nativeName: 'Українська' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as unknown as readonly [LanguageCode, ...LanguageCode[]];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const byCode = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && byCode.has(value);
}

export function getLanguage(code: string): Language | undefined {
  return byCode.get(code.toLowerCase());
}

/** English name of a language code, or the code itself when unknown. */
export function languageName(code: string): string {
  return getLanguage(code)?.name ?? code;
}

/** Strip accents and case so 'ESPAÑOL', 'espanol' and 'Español' compare equal. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Extra names people type for a language (ISO 639-2/3 codes, locale tags, common variants). */
const ALIASES: Record<string, LanguageCode> = {
  eng: 'en', spa: 'es', castellano: 'es', fra: 'fr', fre: 'fr', deu: 'de', ger: 'de', ita: 'it',
  por: 'pt', 'portugues brasileiro': 'pt', nld: 'nl', dut: 'nl', flemish: 'nl', rus: 'ru',
  zho: 'zh', chi: 'zh', mandarin: 'zh', 'simplified chinese': 'zh', 'traditional chinese': 'zh',
  jpn: 'ja', kor: 'ko', ara: 'ar', hin: 'hi', tha: 'th', vie: 'vi', tur: 'tr', pol: 'pl',
  swe: 'sv', ron: 'ro', rum: 'ro', moldovan: 'ro', ukr: 'uk',
};

/**
 * Resolve what a user typed ("Spanish", "español", "ES", "es-MX", "spa") to a supported
 * language, or undefined when it names none of them.
 */
export function resolveLanguage(input: string): Language | undefined {
  const text = fold(input);
  if (!text) return undefined;
  const direct = byCode.get(text);
  if (direct) return direct;
  const tag = /^([a-z]{2})[-_][a-z0-9]+$/.exec(text);
  if (tag?.[1] && byCode.has(tag[1])) return byCode.get(tag[1]);
  for (const lang of LANGUAGES) {
    if (fold(lang.name) === text || fold(lang.nativeName) === text) return lang;
  }
  const alias = ALIASES[text];
  return alias ? byCode.get(alias) : undefined;
}
