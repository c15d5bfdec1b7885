import { isLanguageCode, type LanguageCode } from '@parley/common';

/** Parley's 20 languages as NLLB-200 (FLORES-200) codes. */
export const NLLB_CODES: Record<LanguageCode, string> = {
  en: 'eng_Latn', es: 'spa_Latn', fr: 'fra_Latn', de: 'deu_Latn', it: 'ita_Latn', pt: 'por_Latn', nl: 'nld_Latn',
  ru: 'rus_Cyrl', zh: 'zho_Hans', ja: 'jpn_Jpan', ko: 'kor_Hang', ar: 'arb_Arab', hi: 'hin_Deva', th: 'tha_Thai',
  vi: 'vie_Latn', tr: 'tur_Latn', pl: 'pol_Latn', sv: 'swe_Latn', ro: 'ron_Latn', uk: 'ukr_Cyrl',
};

const FROM_NLLB = new Map(Object.entries(NLLB_CODES).map(([code, nllb]) => [nllb, code as LanguageCode]));

/** OPUS-MT folder and tokenizer_config names that are not the ISO 639-1 code (e.g. opus-mt-en-jap, opus-mt-en-zh). */
const OPUS_ALIASES: Record<string, LanguageCode> = {
  jap: 'ja', jpn: 'ja', zho: 'zh', cmn: 'zh', kor: 'ko', ara: 'ar', hin: 'hi', tha: 'th', vie: 'vi', tur: 'tr', pol: 'pl',
  swe: 'sv', ron: 'ro', ukr: 'uk', rus: 'ru', deu: 'de', fra: 'fr', spa: 'es', ita: 'it', por: 'pt', nld: 'nl', eng: 'en',
};

/** A language token of a many-to-many model: NLLB 'jpn_Jpan', M2M-100 '__ja__'. */
export function languageOfToken(token: string): LanguageCode | undefined {
  const m2m = /^__([a-z]{2,3})__$/.exec(token);
  if (m2m) return plainCode(m2m[1]!);
  return FROM_NLLB.get(token);
}

/** 'en', 'eng', 'jap', 'zh_CN'... as one of the 20, or undefined. */
export function plainCode(raw: string): LanguageCode | undefined {
  const code = raw.toLowerCase().split(/[-_]/)[0] ?? '';
  if (isLanguageCode(code)) return code;
  return OPUS_ALIASES[code];
}

/** The pair in an OPUS-MT folder name: 'opus-mt-en-ja', 'opus-mt-tc-big-en-ko', 'Xenova--opus-mt-de-en'. */
export function pairFromFolderName(name: string): { source: LanguageCode; target: LanguageCode } | undefined {
  const m = /opus-(?:mt|tatoeba)-(?:tc-(?:big|base)-)?([a-z]{2,3})-([a-z]{2,3})$/i.exec(name);
  if (!m) return undefined;
  const source = plainCode(m[1]!);
  const target = plainCode(m[2]!);
  return source && target && source !== target ? { source, target } : undefined;
}
