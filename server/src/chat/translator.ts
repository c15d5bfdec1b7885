import type { LanguageCode } from '@parley/common';
import type { Conversation, GlossaryEntry, TextTranslator } from '../translation/textTranslator.ts';
import type { ChatTranslator } from './types.ts';

/**
 * Chat's adapter over the shared TextTranslator: the source is detected with the sender's profile
 * language as the prior (unless given, as for a back-translation), in the room's relationship context,
 * with the room's glossary when `glossaryFor` is given and the request names the room, and the
 * conversation before the message when `conversationFor` is given and the request names the message. Answers are
 * cached in this process's memory only (a message's translation is stored with it: translation/cache.ts CacheScope).
 */
export function chatTranslatorFrom(
  translator: Pick<TextTranslator, 'translate'>,
  glossaryFor?: (roomId: string) => Promise<GlossaryEntry[]>,
  conversationFor?: (messageId: string, target: LanguageCode) => Promise<Conversation | undefined>,
): ChatTranslator {
  return {
    async translate({ text, sourceHint, target, context, source, roomId, messageId, spend, glossary: known }) {
      const glossary = known ?? (roomId && glossaryFor ? await glossaryFor(roomId) : undefined);
      const conversation = messageId && conversationFor ? await conversationFor(messageId, target) : undefined;
      const result = await translator.translate({
        text, source: source ?? 'auto-detect', prior: sourceHint ?? undefined, target, context: context ?? undefined, glossary, spend, conversation, cache: 'memory',
      });
      return {
        text: result.text, ok: result.ok, kind: result.kind, reason: result.reason,
        detectedLanguage: result.detectedLanguage, message: result.message, unknownWords: result.unknown, engine: result.engine, via: result.via,
      };
    },
  };
}
