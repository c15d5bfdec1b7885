import type { LanguageCode, TranslationFailureReason } from '@parley/common';
import type { ChatTranslator } from './types.ts';

export interface TranslationUpdate {
  translated_content: string | null;
  translation_status: 'done' | 'failed' | 'not_needed';
  original_language: string | null;
  /** Why there is no translation ('failed' only). */
  translation_error: TranslationFailureReason | null;
  /** JSON of the untranslated words' spans in translated_content, null when none. */
  unknown_spans: string | null;
  /** The engine that made the translation and the pivot language ('done' only). */
  engine?: string | null;
  via?: string | null;
}

type TranslatorResult = Awaited<ReturnType<ChatTranslator['translate']>>;

/**
 * The one place that turns a translator result into the message row's translation columns.
 * Whoever runs a message's translation (in-process, a job, a retry) stores exactly this.
 * - translated: 'done' with the text and its unknown-word spans;
 * - already in the reader's language, or nothing to translate (emoji): 'not_needed';
 * - not translated for any other reason: 'failed' with the reason ('engine_failed', 'unchanged', ...).
 */
export function toTranslationUpdate(
  result: TranslatorResult,
  content: string,
  senderLanguage: LanguageCode | null,
  target: LanguageCode,
): TranslationUpdate {
  const source = (result.detectedLanguage ?? senderLanguage ?? null)?.toLowerCase() ?? null;
  const row = { original_language: source, translated_content: null, translation_error: null, unknown_spans: null };
  const kind = result.kind ?? (source === target ? 'same_language' : result.ok && result.text !== content ? 'translated' : 'not_translated');
  if (kind === 'same_language' || (kind === 'not_translated' && result.reason === 'nothing_to_translate')) {
    return { ...row, translation_status: 'not_needed' };
  }
  if (kind === 'not_translated' || !result.ok) {
    const reason = result.reason ?? (result.ok ? 'unchanged' : 'engine_failed');
    return { ...row, translation_status: 'failed', translation_error: reason };
  }
  const unknown = result.unknownWords?.filter((s) => s.start < s.end && s.end <= result.text.length);
  return {
    ...row,
    translated_content: result.text,
    translation_status: 'done',
    unknown_spans: unknown?.length ? JSON.stringify(unknown) : null,
    engine: result.engine ?? null,
    via: result.via ?? null,
  };
}

/** The row of a message whose translator threw (or never answered). */
export function translationFailed(originalLanguage: string | null): TranslationUpdate {
  return { translated_content: null, translation_status: 'failed', original_language: originalLanguage, translation_error: 'engine_failed', unknown_spans: null };
}
