import type { LanguageCode } from '@parley/common';
import type { ChatTranslator } from './types.ts';

export interface TranslationUpdate {
  translated_content: string | null;
  translation_status: 'done' | 'failed' | 'not_needed';
  original_language: string | null;
}

type TranslatorResult = Awaited<ReturnType<ChatTranslator['translate']>>;

/**
 * The one place that turns a translator result into the message row's translation columns.
 * Whoever runs a message's translation (in-process, a job, a retry) stores exactly this.
 */
export function toTranslationUpdate(
  result: TranslatorResult,
  content: string,
  senderLanguage: LanguageCode | null,
  target: LanguageCode,
): TranslationUpdate {
  const source = (result.detectedLanguage ?? senderLanguage ?? null)?.toLowerCase() ?? null;
  if (!result.ok) return { translated_content: null, translation_status: 'failed', original_language: source };
  if (source === target || result.text === content) return { translated_content: null, translation_status: 'not_needed', original_language: source };
  return { translated_content: result.text, translation_status: 'done', original_language: source };
}
