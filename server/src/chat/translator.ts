import type { TextTranslator } from '../translation/textTranslator.ts';
import type { ChatTranslator } from './types.ts';

/**
 * Chat's adapter over the shared TextTranslator: the source is detected with the sender's profile
 * language as the prior (unless given, as for a back-translation), in the room's relationship context.
 */
export function chatTranslatorFrom(translator: Pick<TextTranslator, 'translate'>): ChatTranslator {
  return {
    async translate({ text, sourceHint, target, context, source }) {
      const result = await translator.translate({ text, source: source ?? 'auto-detect', prior: sourceHint ?? undefined, target, context: context ?? undefined });
      return { text: result.text, ok: result.ok, detectedLanguage: result.detectedLanguage, message: result.message };
    },
  };
}
