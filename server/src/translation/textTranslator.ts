import type { LanguageCode } from '@parley/common';
import type { TextTranslator } from '../scan/types.ts';
import { detectLanguage } from './detect.ts';
import type { TranslationService } from './service.ts';

/**
 * The translation service as the small TextTranslator that Scan and Voice use: translations go
 * through its router (cache, engine fallbacks, timeouts); detection is its detector, restricted to
 * the candidates the caller asks about.
 */
export function textTranslatorFor(service: Pick<TranslationService, 'translate'>): TextTranslator {
  return {
    async translate({ text, source, target }) {
      const result = await service.translate({ text, sourceLanguage: source, targetLanguage: target });
      const detected = result.detectedLanguage as LanguageCode | undefined;
      return {
        text: result.translatedText,
        ok: result.ok,
        engine: result.engine,
        ...(detected ? { detectedLanguage: detected } : {}),
        ...(result.message ? { message: result.message } : {}),
      };
    },
    detect(text, candidates) {
      const { language, method } = detectLanguage(text, { prior: candidates?.[0], candidates });
      if (method === 'default') return undefined;
      return !candidates || candidates.includes(language) ? language : undefined;
    },
  };
}
