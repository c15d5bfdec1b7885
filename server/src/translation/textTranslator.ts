import type { LanguageCode } from '@parley/common';
import { detectLanguage } from './detect.ts';
import type { TranslateRequest, TranslateResult } from './router.ts';

/** A conversation glossary entry, part of a translate request (other features build them). */
export type { GlossaryEntry } from './glossary.ts';
/** The conversation around a chat message, context for engines that read it (chat builds it). */
export type { Conversation, ConversationTurn } from './engines/types.ts';

/** A translation as other features see it; the router's TranslateResult is one. */
export interface TextTranslation {
  /** The translation, or the original text when ok is false: never lost. */
  text: string;
  ok: boolean;
  /** Engine that produced the text; null when nothing was translated. */
  engine: string | null;
  /** Set when the source was detected ('auto-detect'). */
  detectedLanguage?: LanguageCode | undefined;
  /** What happened (see TranslateResult); fakes may leave it out. */
  kind?: TranslateResult['kind'] | undefined;
  reason?: TranslateResult['reason'];
  /** User-facing explanation when ok is false. */
  message?: string | undefined;
  /** Words of `text` the engine left untranslated. */
  unknown?: TranslateResult['unknown'];
  /** For a pivot, the language in the middle. */
  via?: string | undefined;
}

/** What to translate: the router's request, with 'auto-detect' as the only way to ask for detection. */
export type TextTranslateRequest = Omit<TranslateRequest, 'source'> & { source: LanguageCode | 'auto-detect' };

/**
 * The one interface through which Scan, Voice and Chat's adapter translate: the translation
 * service implements it (router: cache, engine fallbacks, retries, timeouts; the app's detector);
 * tests pass small fakes.
 */
export interface TextTranslator {
  translate(input: TextTranslateRequest): Promise<TextTranslation>;
  /** The language of `text`, restricted to `candidates` when given; undefined when it cannot tell. */
  detect(text: string, candidates?: readonly LanguageCode[]): LanguageCode | undefined;
}

/** detect() of the service: the first candidate is the prior; no guess when only the default is left. */
export function detectAmong(text: string, candidates?: readonly LanguageCode[]): LanguageCode | undefined {
  const { language, method } = detectLanguage(text, { prior: candidates?.[0], candidates });
  if (method === 'default') return undefined;
  return !candidates || candidates.includes(language) ? language : undefined;
}
