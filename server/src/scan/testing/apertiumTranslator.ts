import { franc } from 'franc-min';
import type { LanguageCode } from '@parley/common';
import { runProcess } from '../../platform/process.ts';
import type { TextTranslation, TextTranslator } from '../../translation/textTranslator.ts';

/** Apertium modes installed by Debian packages (apertium-eng-spa, apertium-fr-es, apertium-es-pt, ...). */
const MODES: Partial<Record<`${LanguageCode}-${LanguageCode}`, string>> = {
  'en-es': 'eng-spa', 'es-en': 'spa-eng', 'fr-es': 'fr-es', 'es-fr': 'es-fr', 'pt-es': 'pt-es', 'es-pt': 'es-pt',
  'it-es': 'ita-spa', 'es-it': 'spa-ita', 'ro-es': 'ro-es', 'ru-uk': 'rus-ukr', 'uk-ru': 'ukr-rus',
};

const ISO3: Partial<Record<LanguageCode, string>> = {
  en: 'eng', es: 'spa', fr: 'fra', de: 'deu', it: 'ita', pt: 'por', nl: 'nld', ru: 'rus', zh: 'cmn', ja: 'jpn',
  ko: 'kor', ar: 'arb', hi: 'hin', th: 'tha', vi: 'vie', tr: 'tur', pl: 'pol', sv: 'swe', ro: 'ron', uk: 'ukr',
};

/**
 * A small real TextTranslator for tests and the benchmark: one `apertium <mode>` process per call (the
 * app's router keeps warm pipelines instead), pivoting through Spanish; detection by franc-min.
 */
export function createApertiumTranslator(timeoutMs = 20_000): TextTranslator {
  // `apertium` reads /dev/stdin, which cannot be opened on the socket Node gives a child as stdin:
  // `cat` turns it into a real pipe.
  const run = (mode: string, text: string) =>
    runProcess('sh', ['-c', 'cat | apertium -u "$0"', mode], {
      input: Buffer.from(text),
      timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });

  async function translate(text: string, source: LanguageCode, target: LanguageCode): Promise<string | undefined> {
    const direct = MODES[`${source}-${target}`];
    if (direct) return (await run(direct, text)).trim();
    const toEs = MODES[`${source}-es`];
    const fromEs = MODES[`es-${target}`];
    if (toEs && fromEs) return (await run(fromEs, await run(toEs, text))).trim();
    return undefined;
  }

  const detect = (text: string, candidates?: readonly LanguageCode[]): LanguageCode | undefined => {
    const pool = candidates ?? (Object.keys(ISO3) as LanguageCode[]);
    const only = pool.map((c) => ISO3[c]).filter((c): c is string => Boolean(c));
    const found = franc(text, { only, minLength: 3 });
    return pool.find((c) => ISO3[c] === found);
  };

  return {
    detect,
    async translate({ text, source, target }): Promise<TextTranslation> {
      const from = source === 'auto-detect' ? detect(text) : source;
      if (!from) return { text, ok: false, engine: null, message: 'Could not detect the language.' };
      if (from === target) return { text, ok: true, engine: null, detectedLanguage: from };
      const translated = await translate(text, from, target);
      // Debian's rus-ukr pair answers nothing (its tagger data is broken); an empty answer is a failure.
      if (translated === '') return { text, ok: false, engine: 'apertium', message: 'The translation engine returned nothing.' };
      if (translated === undefined) {
        return { text, ok: false, engine: null, message: `No translation available for ${from} → ${target} with the configured engines` };
      }
      return { text: translated, ok: true, engine: 'apertium', detectedLanguage: from };
    },
  };
}
