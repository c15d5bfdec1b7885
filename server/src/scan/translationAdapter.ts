import type { LanguageCode } from '@parley/common';
import { detectLanguage } from '../translation/detect.ts';
import type { TranslationService } from '../translation/service.ts';
import type { TextTranslator } from './types.ts';

/**
 * The app's translation service as Scan's TextTranslator: translations go through its router (cache,
 * engine fallbacks, timeouts); detection is its detector, restricted to the candidates Scan asks about.
 */
export function scanTranslatorFrom(service: Pick<TranslationService, 'translate'>): TextTranslator {
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
