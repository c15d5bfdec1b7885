import { franc } from 'franc-min';
import type { LanguageCode } from '@parley/common';
import { runChain } from '../../platform/process.ts';
import type { TextTranslateRequest, TextTranslation, TextTranslator } from '../textTranslator.ts';

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
 * A small real TextTranslator for the Scan and Voice tests and benchmarks: one `apertium -u <mode>`
 * process per call, so nothing outlives a call (the app's service keeps warm pipelines instead),
 * pivoting through Spanish; detection by franc-min.
 */
export class ApertiumCliTranslator implements TextTranslator {
  calls = 0;

  constructor(private readonly timeoutMs = 20_000) {}

  detect(text: string, candidates?: readonly LanguageCode[]): LanguageCode | undefined {
    const pool = candidates ?? (Object.keys(ISO3) as LanguageCode[]);
    const only = pool.map((c) => ISO3[c]).filter((c): c is string => Boolean(c));
    const found = franc(text, { only, minLength: 3 });
    return pool.find((c) => ISO3[c] === found);
  }

  async translate({ text, source, target, signal }: TextTranslateRequest): Promise<TextTranslation> {
    this.calls++;
    const from = source === 'auto-detect' ? this.detect(text) : source;
    if (!from) return { text, ok: false, engine: null, message: 'Could not detect the language.' };
    if (from === target) return { text, ok: true, engine: null, detectedLanguage: from };
    let translated: string | undefined;
    try {
      translated = await this.pair(text, from, target, signal);
    } catch (err) {
      return { text, ok: false, engine: 'apertium', message: (err as Error).message };
    }
    // Debian's rus-ukr pair answers nothing (its tagger data is broken); an empty answer is a failure.
    if (translated === '') return { text, ok: false, engine: 'apertium', message: 'The translation engine returned nothing.' };
    if (translated === undefined) {
      return { text, ok: false, engine: null, message: `No translation available for ${from} → ${target} with the configured engines` };
    }
    return { text: translated, ok: true, engine: 'apertium', detectedLanguage: from };
  }

  private async pair(text: string, source: LanguageCode, target: LanguageCode, signal: AbortSignal | undefined): Promise<string | undefined> {
    const direct = MODES[`${source}-${target}`];
    if (direct) return this.run(direct, text, signal);
    const toEs = MODES[`${source}-es`];
    const fromEs = MODES[`es-${target}`];
    if (toEs && fromEs) return this.run(fromEs, await this.run(toEs, text, signal), signal);
    return undefined;
  }

  private async run(mode: string, text: string, signal: AbortSignal | undefined): Promise<string> {
    // `apertium` opens /dev/stdin, which cannot be opened on the socket Node gives a child: `cat` makes a real pipe.
    const out = await runChain([{ cmd: 'cat | apertium -u "$1"', args: [mode], shell: true }], `${text}\n`, {
      engine: 'apertium', timeoutMs: this.timeoutMs, signal,
    });
    return out.toString('utf8').trim();
  }
}
