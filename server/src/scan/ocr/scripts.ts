import type { LanguageCode } from '@parley/common';

/** Writing systems of the 20 languages, as Tesseract's OSD names them. */
export type Script = 'Latin' | 'Cyrillic' | 'Han' | 'Japanese' | 'Hangul' | 'Arabic' | 'Devanagari' | 'Thai';

/**
 * Tesseract traineddata for each language (Debian: tesseract-ocr-<code>). Chinese is Simplified here;
 * Traditional (chi_tra) is read as a variant and compared (mixing both in one pass makes small text flip
 * between the two character sets).
 */
export const TESSERACT_CODES: Record<LanguageCode, readonly string[]> = {
  en: ['eng'], es: ['spa'], fr: ['fra'], de: ['deu'], it: ['ita'], pt: ['por'], nl: ['nld'],
  ru: ['rus'], zh: ['chi_sim'], ja: ['jpn'], ko: ['kor'], ar: ['ara'], hi: ['hin'],
  th: ['tha'], vi: ['vie'], tr: ['tur'], pl: ['pol'], sv: ['swe'], ro: ['ron'], uk: ['ukr'],
};

export const LANGUAGE_SCRIPT: Record<LanguageCode, Script> = {
  en: 'Latin', es: 'Latin', fr: 'Latin', de: 'Latin', it: 'Latin', pt: 'Latin', nl: 'Latin',
  vi: 'Latin', tr: 'Latin', pl: 'Latin', sv: 'Latin', ro: 'Latin',
  ru: 'Cyrillic', uk: 'Cyrillic', zh: 'Han', ja: 'Japanese', ko: 'Hangul', ar: 'Arabic',
  hi: 'Devanagari', th: 'Thai',
};

/** Data read as a variant of a pass, the more confident reading wins. */
export const ALTERNATE_DATA: Readonly<Record<string, string>> = { chi_sim: 'chi_tra' };

/** Languages written in each script, most widely read first. */
export const SCRIPT_LANGUAGES: Record<Script, readonly LanguageCode[]> = {
  Latin: ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'tr', 'pl', 'vi', 'ro', 'sv'],
  Cyrillic: ['ru', 'uk'],
  Han: ['zh'],
  Japanese: ['ja'],
  Hangul: ['ko'],
  Arabic: ['ar'],
  Devanagari: ['hi'],
  Thai: ['th'],
};

/** Tesseract OSD script names (5.x osd.traineddata) mapped to ours; others (Greek, Hebrew...) are not served. */
const OSD_SCRIPTS: Record<string, Script> = {
  Latin: 'Latin', Cyrillic: 'Cyrillic', Han: 'Han', Han_vert: 'Han', Japanese: 'Japanese', Japanese_vert: 'Japanese',
  Hiragana: 'Japanese', Katakana: 'Japanese', Hangul: 'Hangul', Hangul_vert: 'Hangul', Korean: 'Hangul',
  Arabic: 'Arabic', Devanagari: 'Devanagari', Thai: 'Thai',
};

export function scriptFromOsd(name: string): Script | undefined {
  return OSD_SCRIPTS[name];
}

/** Whether text in `script` can be read with `language`'s data (Japanese data also reads kanji-only text). */
export function languageReads(language: LanguageCode, script: Script): boolean {
  const own = LANGUAGE_SCRIPT[language];
  return own === script || (own === 'Japanese' && script === 'Han');
}

const SCRIPT_PATTERNS: ReadonlyArray<[Script, RegExp]> = [
  ['Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['Han', /\p{Script=Han}/gu],
  ['Hangul', /\p{Script=Hangul}/gu],
  ['Cyrillic', /\p{Script=Cyrillic}/gu],
  ['Arabic', /\p{Script=Arabic}/gu],
  ['Devanagari', /\p{Script=Devanagari}/gu],
  ['Thai', /\p{Script=Thai}/gu],
  ['Latin', /\p{Script=Latin}/gu],
];

/** Letters of each script in `text`. */
export function countScripts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  for (const [script, pattern] of SCRIPT_PATTERNS) {
    const n = text.match(pattern)?.length ?? 0;
    if (n > 0) counts.set(script, n);
  }
  return counts;
}

/**
 * The script most of the letters are in. Kana anywhere makes Han text Japanese (Japanese mixes kanji
 * and kana; Chinese has no kana).
 */
export function dominantScript(text: string): Script | undefined {
  const counts = countScripts(text);
  const kana = counts.get('Japanese') ?? 0;
  if (kana > 0) {
    counts.set('Japanese', kana + (counts.get('Han') ?? 0));
    counts.delete('Han');
  }
  let best: Script | undefined;
  let bestCount = 0;
  for (const [script, n] of counts) {
    if (n > bestCount) [best, bestCount] = [script, n];
  }
  return best;
}
