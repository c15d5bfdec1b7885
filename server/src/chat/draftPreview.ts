import { isLanguageCode, type LanguageCode, type LanguagePreview, type TranslationPreview } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { sendContext, type SendContext } from './messageSender.ts';
import { toTranslationUpdate } from './translationOutcome.ts';
import type { ChatTranslator } from './types.ts';

export interface PreviewInput {
  senderId: string;
  roomId: string;
  content: string;
  /** The sender's translation budget: every forward and back-translation counts. */
  spend?: ((chars: number) => Promise<void>) | undefined;
}

type OneLanguage = LanguagePreview & { sourceLanguage: string | null; message?: string };

/**
 * How a draft will be read before it is sent. The forward translation asks the translator exactly
 * what sending the message will ask (same text, sender language as the prior, the reader language,
 * the sender's relationship context or the group's register), so the router's cache answers the send
 * with the very text previewed and no second engine call. The back-translation goes the other way with
 * a known source. A group gets one line per language its other members read (`languages`, most-read
 * first); the top-level fields repeat the first line, as for a pair.
 */
export async function previewTranslation(db: Db, translator: ChatTranslator, input: PreviewInput): Promise<TranslationPreview> {
  // The same membership check and directions as a send.
  const room = await sendContext(db, input.roomId, input.senderId);
  const { senderLanguage, target } = room;
  if (room.kind !== 'group') return summary(await previewInto(translator, room, input, target));
  const targets = byReaders(room, input.senderId);
  if (targets.length === 0) {
    return { status: 'not_needed', translation: null, backTranslation: null, sourceLanguage: senderLanguage, targetLanguage: target, languages: [] };
  }
  const lines = await Promise.all(targets.map((language) => previewInto(translator, room, input, language)));
  return { ...summary(lines[0]!), languages: lines.map(({ targetLanguage, status, translation, backTranslation }) => ({ targetLanguage, status, translation, backTranslation })) };
}

function summary({ sourceLanguage, targetLanguage, status, translation, backTranslation, message }: OneLanguage): TranslationPreview {
  return { status, translation, backTranslation, sourceLanguage, targetLanguage, ...(message ? { message } : {}) };
}

/** The languages the sender's messages get translated into, the one read by most members first. */
function byReaders(room: SendContext, senderId: string): LanguageCode[] {
  const count = new Map<string, number>();
  for (const r of room.readers) {
    if (r.id === senderId) continue;
    const language = isLanguageCode(r.language) ? r.language : room.senderLanguage ?? 'en';
    count.set(language, (count.get(language) ?? 0) + 1);
  }
  return [...room.targets].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0) || a.localeCompare(b));
}

async function previewInto(translator: ChatTranslator, room: SendContext, input: PreviewInput, target: LanguageCode): Promise<OneLanguage> {
  const { senderLanguage } = room;
  const none = { targetLanguage: target, translation: null, backTranslation: null };
  if (senderLanguage === target) return { ...none, status: 'not_needed', sourceLanguage: senderLanguage };

  const forward = await translator.translate({ text: input.content, sourceHint: senderLanguage, target, context: room.relationship_context, roomId: input.roomId, spend: input.spend });
  const outcome = toTranslationUpdate(forward, input.content, senderLanguage, target);
  const base = { ...none, sourceLanguage: outcome.original_language };
  if (outcome.translation_status === 'failed') return { ...base, status: 'failed', ...(forward.message ? { message: forward.message } : {}) };
  if (outcome.translation_status === 'not_needed' || outcome.translated_content === null) return { ...base, status: 'not_needed' };

  const home = senderLanguage ?? (isLanguageCode(outcome.original_language ?? '') ? (outcome.original_language as LanguageCode) : null);
  let backTranslation: string | null = null;
  if (home && home !== target) {
    const back = await translator.translate({ text: outcome.translated_content, sourceHint: target, source: target, target: home, context: null, roomId: input.roomId, spend: input.spend });
    if (back.ok) backTranslation = back.text;
  }
  return { ...base, status: 'done', translation: outcome.translated_content, backTranslation };
}
