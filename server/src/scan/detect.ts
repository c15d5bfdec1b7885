import type { LanguageCode } from '@parley/common';
import { tokens, wordVotes } from '../translation/detect.ts';
import { LANGUAGE_SCRIPT, SCRIPT_LANGUAGES, dominantScript, languageReads } from './ocr/scripts.ts';

export type Detect = (text: string, candidates?: readonly LanguageCode[]) => LanguageCode | undefined;

/** Below this many letters a statistical detector is unreliable; the chosen languages are preferred. */
const SHORT_TEXT = 60;

/**
 * Language of OCR text, preferring the two languages the user chose:
 * 1. The script decides when only one of the 20 languages writes it (Chinese, Japanese, Korean,
 *    Arabic, Hindi, Thai).
 * 2. Cyrillic letters only Ukrainian or only Russian has decide between those two.
 * 3. Otherwise (Latin, Cyrillic) the detector picks among that script's languages; a language outside
 *    the chosen pair wins only when the text is long enough to be sure, else the chosen language of
 *    that script is taken.
 * 4. Text in no known script: the detector's guess among the chosen pair.
 */
export function detectScanLanguage(
  text: string,
  chosen: readonly [LanguageCode, LanguageCode],
  detect: Detect,
): LanguageCode | undefined {
  const script = dominantScript(text);
  if (!script) return detect(text, chosen);
  const scriptLanguages = SCRIPT_LANGUAGES[script];
  const chosenOfScript = chosen.filter((c) => LANGUAGE_SCRIPT[c] === script || (script === 'Han' && languageReads(c, script)));
  if (scriptLanguages.length === 1) {
    // Kanji-only text for a user who chose Japanese (and not Chinese) is more likely Japanese.
    if (script === 'Han' && chosenOfScript.length === 1) return chosenOfScript[0];
    return scriptLanguages[0];
  }
  if (script === 'Cyrillic') {
    const letters = cyrillicLetters(text);
    if (letters) return letters;
  }
  const guess = detect(text, scriptLanguages);
  if (guess && chosen.includes(guess)) return guess;
  if (chosenOfScript.length === 0) return guess ?? scriptLanguages[0];
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (guess && letters >= SHORT_TEXT) return guess;
  // Short text: the guess still stands when its frequent words are there and none of the chosen
  // languages' are ('Where is the train station?' for a Spanish/French user is English).
  if (guess) {
    const votes = wordVotes(tokens(text), [guess, ...chosenOfScript]);
    if ((votes.get(guess) ?? 0) >= 2 && chosenOfScript.every((c) => !votes.get(c))) return guess;
  }
  if (chosenOfScript.length === 1) return chosenOfScript[0];
  return detect(text, chosenOfScript) ?? chosenOfScript[0];
}

/** Letters only Ukrainian (і ї є ґ) or only Russian (ы э ъ ё) writes decide between the two. */
function cyrillicLetters(text: string): LanguageCode | undefined {
  const ukrainian = text.match(/[іїєґІЇЄҐ]/g)?.length ?? 0;
  const russian = text.match(/[ыэъёЫЭЪЁ]/g)?.length ?? 0;
  if (ukrainian > russian) return 'uk';
  if (russian > ukrainian) return 'ru';
  return undefined;
}
