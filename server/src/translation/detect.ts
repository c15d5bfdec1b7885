import { francAll } from 'franc-min';
import { DEFAULT_LANGUAGE, type LanguageCode } from '@parley/common';
import { tokens, wordVotes } from './detect-words.ts';

/**
 * Offline language detection restricted to the 20 supported languages.
 * 1. Scripts decide most languages outright: Hangul -> ko, kana -> ja, Han -> zh, Thai -> th,
 *    Arabic -> ar, Devanagari -> hi; Cyrillic -> uk or ru by their own letters (і ї є ґ / ы э ъ ё).
 * 2. Letters only one of our languages uses decide short Latin texts (ł -> pl, ğ ı -> tr, ñ -> es, ...),
 *    Vietnamese tone letters any text.
 * 3. Short texts (up to 8 words): votes of very frequent words ('merci', 'the', 'te quiero'); the prior
 *    wins a tie, and franc breaks the others.
 * 4. Otherwise franc's trigram model, limited to our Latin-script languages; when the text is short
 *    or the top candidates are close, the prior (e.g. the sender's profile language) wins if it is
 *    among them.
 */

export type DetectionMethod = 'script' | 'letters' | 'words' | 'trigram' | 'prior' | 'default';

export interface Detection {
  language: LanguageCode;
  /** 0..1: 1 for a script decision, the score gap to the runner-up for trigrams, 0 for a guess. */
  confidence: number;
  method: DetectionMethod;
}

export interface DetectOptions {
  /** The language the text is most likely in: breaks ties and close trigram calls. */
  prior?: LanguageCode | undefined;
  /**
   * The language the sender is known to write (their profile language). It is kept unless the text
   * clearly is in another: another script, letters only another language has, or a long text
   * whose trigrams and function words both point elsewhere. Implies `prior`.
   */
  sender?: LanguageCode | undefined;
  /** Answer when nothing can be told (no letters); defaults to the prior, then English. */
  fallback?: LanguageCode | undefined;
  /**
   * Only these languages (e.g. the two a user chose) are considered among those of the text's
   * script; when none of them writes that script, every language of it is.
   */
  candidates?: readonly LanguageCode[] | undefined;
}

const LATIN: Record<string, LanguageCode> = {
  eng: 'en', spa: 'es', fra: 'fr', deu: 'de', ita: 'it', por: 'pt', nld: 'nl', vie: 'vi', tur: 'tr',
  pol: 'pl', swe: 'sv', ron: 'ro',
};
const CYRILLIC: Record<string, LanguageCode> = { rus: 'ru', ukr: 'uk' };


const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Hangul}/gu, 'ko'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/gu, 'kana'],
  [/\p{Script=Han}/gu, 'han'],
  [/\p{Script=Thai}/gu, 'th'],
  [/\p{Script=Arabic}/gu, 'ar'],
  [/\p{Script=Devanagari}/gu, 'hi'],
  [/\p{Script=Cyrillic}/gu, 'cyrillic'],
  [/\p{Script=Latin}/gu, 'latin'],
];

/** Letters that, among our 20 languages, (practically) only one uses. */
const UNIQUE_LETTERS: [RegExp, LanguageCode][] = [
  [/[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu, 'vi'],
  [/[łąęśźżń]/iu, 'pl'],
  [/[șțăţ]/iu, 'ro'],
  [/[ğış]/u, 'tr'],
  [/[ß]/u, 'de'],
  [/[å]/iu, 'sv'],
  [/[ñ¿¡]/iu, 'es'],
  [/[ãõ]/iu, 'pt'],
];

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

export function detectLanguage(text: string, options: DetectOptions = {}): Detection {
  if (options.sender) return keepSender(text, options.sender, options);
  return detect(text, options);
}

/** Scripts of the languages that share one: a text in another script is never the sender's. */
const SCRIPT_OF: Partial<Record<LanguageCode, string>> = { ru: 'cyrillic', uk: 'cyrillic', zh: 'cjk', ja: 'cjk' };
const scriptOf = (language: LanguageCode) => SCRIPT_OF[language] ?? (Object.values(LATIN).includes(language) ? 'latin' : language);

/** A text needs this many words before trigrams and function words may overrule the sender's language. */
const LONG_TEXT_WORDS = 8;
/** ... or this many with letters only the other language has (ł, ğ, ș, ß, å, ñ, ã). */
const MEDIUM_TEXT_WORDS = 5;

function keepSender(text: string, sender: LanguageCode, options: DetectOptions): Detection {
  const free = detect(text, { ...options, sender: undefined, prior: undefined });
  if (free.language === sender || free.method === 'default') return { ...free, language: sender };
  const kept: Detection = { language: sender, confidence: 0.5, method: 'prior' };
  // Another script (or, for Chinese and Japanese, kana): clearly not what the sender usually writes.
  if (scriptOf(free.language) !== scriptOf(sender) || free.method === 'script') return free;
  // Letters only one language has: і ї є (uk) against ы э ъ ё (ru) decide; in Latin script a single
  // letter may be a name or a borrowed word, so it takes a few, and only Vietnamese tone letters.
  if (free.method === 'letters') {
    const other = free.language === 'vi' ? count(text, /[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/giu) >= 2 : scriptOf(sender) === 'cyrillic';
    return other ? free : kept;
  }
  if (scriptOf(sender) === 'cyrillic') return kept; // Russian and Ukrainian are told by letters only
  // A long text: the trigram model must rank the sender's language well below, and the frequent
  // words must not speak for it ('My sister lives in a small village' is not Swedish, whatever the
  // trigrams say). Letters only the other language has count as well.
  const words = tokens(text);
  const votes = wordVotes(words, Object.values(LATIN));
  const otherVotes = votes.get(free.language) ?? 0;
  const ownVotes = votes.get(sender) ?? 0;
  if (ownVotes > otherVotes) return kept;
  const letters = (language: LanguageCode) => UNIQUE_LETTERS.filter(([, l]) => l === language).reduce((n, [re]) => n + count(text, new RegExp(re.source, 'giu')), 0);
  if (words.length >= MEDIUM_TEXT_WORDS && letters(free.language) >= 2 && letters(sender) === 0) return free;
  if (words.length < LONG_TEXT_WORDS) return kept;
  const scores = new Map(
    francAll(text, { only: Object.keys(LATIN), minLength: 1 }).map(([code, score]): [LanguageCode | undefined, number] => [LATIN[code], score]),
  );
  const gap = (scores.get(free.language) ?? 0) - (scores.get(sender) ?? 0);
  if (gap >= 0.1 || (gap >= 0.05 && otherVotes >= 2)) return free;
  return kept;
}

function detect(text: string, options: DetectOptions): Detection {
  const { prior } = options;
  const only = options.candidates ? new Set(options.candidates) : undefined;
  const restrict = (map: Record<string, LanguageCode>) => {
    if (!only) return map;
    const kept = Object.fromEntries(Object.entries(map).filter(([, lang]) => only.has(lang)));
    return Object.keys(kept).length > 0 ? kept : map;
  };
  const letters = text.replace(/[^\p{L}\p{M}]/gu, '');
  if (!letters) return { language: options.fallback ?? prior ?? DEFAULT_LANGUAGE, confidence: 0, method: 'default' };

  const counts = new Map(SCRIPTS.map(([re, name]) => [name, count(letters, re)]));
  const get = (name: string) => counts.get(name) ?? 0;
  const cjk = get('kana') + get('han');
  const ranked = [...counts.entries()].map(([name, n]): [string, number] => [name === 'kana' || name === 'han' ? 'cjk' : name, name === 'kana' || name === 'han' ? cjk : n]);
  ranked.sort((a, b) => b[1] - a[1]);
  const script = ranked[0]?.[0];

  if (script === 'cjk') return { language: get('kana') > 0 ? 'ja' : 'zh', confidence: 1, method: 'script' };
  if (script === 'ko' || script === 'th' || script === 'ar' || script === 'hi') {
    return { language: script, confidence: 1, method: 'script' };
  }
  if (script === 'cyrillic') {
    const uk = count(letters, /[іїєґ]/giu);
    const ru = count(letters, /[ыэъё]/giu);
    if (uk > 0 && ru === 0) return { language: 'uk', confidence: 1, method: 'letters' };
    if (ru > 0 && uk === 0) return { language: 'ru', confidence: 1, method: 'letters' };
    return vote(text, letters.length, restrict(CYRILLIC), prior, 'ru');
  }
  if (script !== 'latin') return { language: options.fallback ?? prior ?? DEFAULT_LANGUAGE, confidence: 0, method: 'default' };

  const vietnamese = UNIQUE_LETTERS[0] as [RegExp, LanguageCode];
  if (vietnamese[0].test(letters)) return { language: 'vi', confidence: 1, method: 'letters' };
  if (letters.length < 40) {
    const latin = new Set(Object.values(restrict(LATIN)));
    const hints = new Set(UNIQUE_LETTERS.filter(([re, lang]) => re.test(letters) && latin.has(lang)).map(([, lang]) => lang));
    if (hints.size === 1) return { language: [...hints][0] as LanguageCode, confidence: 0.9, method: 'letters' };
  }
  return vote(text, letters.length, restrict(LATIN), prior, 'en');
}

function vote(
  text: string,
  length: number,
  map: Record<string, LanguageCode>,
  prior: LanguageCode | undefined,
  fallback: LanguageCode,
): Detection {
  const words = tokens(text);
  if (words.length > 0 && words.length <= 8) {
    const votes = wordVotes(words, Object.values(map));
    const max = Math.max(0, ...votes.values());
    if (max > 0) {
      const leaders = [...votes.entries()].filter(([, n]) => n === max).map(([lang]) => lang);
      const confidence = max / words.length;
      if (prior && leaders.includes(prior)) return { language: prior, confidence, method: 'words' };
      if (leaders.length === 1) return { language: leaders[0] as LanguageCode, confidence, method: 'words' };
      const narrowed = Object.fromEntries(Object.entries(map).filter(([, lang]) => leaders.includes(lang)));
      return trigram(text, length, narrowed, prior, fallback);
    }
  }
  return trigram(text, length, map, prior, fallback);
}

function trigram(
  text: string,
  length: number,
  map: Record<string, LanguageCode>,
  prior: LanguageCode | undefined,
  fallback: LanguageCode,
): Detection {
  const scores = francAll(text, { only: Object.keys(map), minLength: 1 })
    .map(([code, score]): [LanguageCode | undefined, number] => [map[code], score])
    .filter((entry): entry is [LanguageCode, number] => entry[0] !== undefined);
  const [top, second] = scores;
  if (!top) return { language: prior && Object.values(map).includes(prior) ? prior : fallback, confidence: 0, method: 'default' };
  const confidence = second ? top[1] - second[1] : 1;
  if (prior && prior !== top[0]) {
    // Short texts are scored on few trigrams: the prior needs only to be near the top.
    const margin = length < 12 ? 0.3 : length < 25 ? 0.15 : length < 60 ? 0.06 : 0.02;
    const priorScore = scores.find(([lang]) => lang === prior)?.[1];
    if (priorScore !== undefined && top[1] - priorScore <= margin) return { language: prior, confidence: priorScore, method: 'prior' };
  }
  return { language: top[0], confidence, method: 'trigram' };
}

/** Word-level helpers that Scan's short-text rule shares with detection. */
export { tokens, wordVotes } from './detect-words.ts';
