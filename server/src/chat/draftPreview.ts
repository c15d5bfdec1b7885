import { isLanguageCode, type LanguageCode, type TranslationPreview } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { sendContext } from './messageSender.ts';
import { toTranslationUpdate } from './translationOutcome.ts';
import type { ChatTranslator } from './types.ts';

export interface PreviewInput {
  senderId: string;
  roomId: string;
  content: string;
  /** The sender's translation budget: the forward and the back-translation both count. */
  spend?: ((chars: number) => Promise<void>) | undefined;
}

/**
 * How a draft will be read before it is sent. The forward translation asks the translator exactly
 * what sending the message will ask (same text, sender language as the prior, partner language,
 * the sender's relationship context), so the router's cache answers the send with the very text
 * previewed and no second engine call. The back-translation goes the other way with a known source.
 */
export async function previewTranslation(db: Db, translator: ChatTranslator, input: PreviewInput): Promise<TranslationPreview> {
  // The same membership check and direction as a send.
  const room = await sendContext(db, input.roomId, input.senderId);
  const { senderLanguage, target } = room;
  if (senderLanguage === target) {
    return { status: 'not_needed', translation: null, backTranslation: null, sourceLanguage: senderLanguage, targetLanguage: target };
  }

  const forward = await translator.translate({ text: input.content, sourceHint: senderLanguage, target, context: room.relationship_context, roomId: input.roomId, spend: input.spend });
  const outcome = toTranslationUpdate(forward, input.content, senderLanguage, target);
  const base = { sourceLanguage: outcome.original_language, targetLanguage: target };
  if (outcome.translation_status === 'failed') {
    return { ...base, status: 'failed', translation: null, backTranslation: null, ...(forward.message ? { message: forward.message } : {}) };
  }
  if (outcome.translation_status === 'not_needed' || outcome.translated_content === null) {
    return { ...base, status: 'not_needed', translation: null, backTranslation: null };
  }

  const home = senderLanguage ?? (isLanguageCode(outcome.original_language ?? '') ? (outcome.original_language as LanguageCode) : null);
  let backTranslation: string | null = null;
  if (home && home !== target) {
    const back = await translator.translate({ text: outcome.translated_content, sourceHint: target, source: target, target: home, context: null, roomId: input.roomId, spend: input.spend });
    if (back.ok) backTranslation = back.text;
  }
  return { ...base, status: 'done', translation: outcome.translated_content, backTranslation };
}
