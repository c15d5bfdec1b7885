import type { LanguageCode } from '@parley/common';
import type { PairSupport, TranslateInput, TranslationEngine } from '../engines/types.ts';

/** An in-process engine that records its calls; translates by tagging the text with the target. */
export interface SpyEngine extends TranslationEngine {
  calls: TranslateInput[];
}

export function spyEngine(
  id: string,
  options: {
    serves?: (source: LanguageCode, target: LanguageCode) => PairSupport | null;
    translate?: (input: TranslateInput) => Promise<string>;
  } = {},
): SpyEngine {
  const calls: TranslateInput[] = [];
  return {
    id,
    calls,
    supports: options.serves ?? ((s, t) => (s !== t ? 'provider' : null)),
    cacheVariant: (context) => context?.formality ?? 'neutral',
    async translate(input) {
      calls.push(input);
      const text = options.translate ? await options.translate(input) : `[${input.target}] ${input.text}`;
      return { text };
    },
    health: async () => ({ live: true }),
    close: async () => {},
  };
}
