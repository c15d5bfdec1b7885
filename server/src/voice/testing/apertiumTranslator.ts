import type { LanguageCode } from '@parley/common';
import { runChain } from '../../platform/process.ts';
import type { TextTranslator } from '../../translation/textTranslator.ts';

/** Apertium modes installed by Debian for the languages the voice tests use. */
const MODES: Partial<Record<`${LanguageCode}-${LanguageCode}`, string>> = {
  'en-es': 'eng-spa',
  'es-en': 'spa-eng',
  'fr-es': 'fr-es',
  'es-fr': 'es-fr',
  'pt-es': 'pt-es',
  'es-pt': 'es-pt',
};

/**
 * A small real translator for tests and the benchmark: one `apertium -u <mode>` run per call
 * (the project's translation router is wired in production). detect() guesses between the
 * candidates from a few Spanish markers.
 */
export class ApertiumCliTranslator implements TextTranslator {
  calls = 0;

  async translate(input: { text: string; source: LanguageCode | 'auto-detect'; target: LanguageCode }) {
    this.calls++;
    const source = input.source === 'auto-detect' ? (this.detect(input.text) ?? 'en') : input.source;
    const mode = MODES[`${source}-${input.target}`];
    if (!mode) return { text: input.text, ok: false, engine: null, message: `No Apertium pair ${source}-${input.target}` };
    try {
      // The apertium script opens /dev/stdin, so it needs the shell's real pipe (see Command.shell).
      const out = await runChain([{ cmd: 'cat | apertium -u "$1"', args: [mode], shell: true }], `${input.text}\n`, { timeoutMs: 15_000 });
      return { text: out.toString('utf8').trim(), ok: true, engine: 'apertium' };
    } catch (err) {
      return { text: input.text, ok: false, engine: 'apertium', message: (err as Error).message };
    }
  }

  detect(text: string, candidates?: LanguageCode[]): LanguageCode | undefined {
    const spanish = /[ñ¿¡áéíóú]|\b(el|la|los|las|dónde|donde|está|es|de|que|y)\b/i.test(text);
    const guess: LanguageCode = spanish ? 'es' : 'en';
    return !candidates || candidates.includes(guess) ? guess : candidates[0];
  }
}
