import type { RelationshipContext } from '@parley/common';
import type { ChatTranslator } from '../chat/types.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';

/**
 * The translator of one speaker in a call: chat's adapter (chat/translator.ts), so an utterance is translated
 * exactly as that person's chat message in the room would be: their relationship tone toward the partner and
 * the room's glossary. Talk's pipeline asks it sentence by sentence with a known source.
 */
export function callTranslator(chat: ChatTranslator, detect: TextTranslator['detect'], roomId: string, context: RelationshipContext | null): TextTranslator {
  return {
    detect,
    async translate(request) {
      const source = request.source === 'auto-detect' ? undefined : request.source;
      const result = await chat.translate({ text: request.text, source, sourceHint: source ?? null, target: request.target, context, roomId });
      return { text: result.text, ok: result.ok, engine: result.engine ?? null, via: result.via, kind: result.kind, reason: result.reason, message: result.message };
    },
  };
}
