import type { LanguageCode } from '@parley/common';

export interface TextTranslation {
  /** The translation, or the original text when ok is false. */
  text: string;
  ok: boolean;
  /** Engine that produced the text; null when nothing was translated. */
  engine: string | null;
  /** Set when the source was detected ('auto-detect'). */
  detectedLanguage?: LanguageCode | undefined;
  /** User-facing explanation when ok is false. */
  message?: string | undefined;
}

/**
 * What Scan needs of the translation service: translate one text, and detect its language. The
 * translation router is adapted to this shape where the app is composed.
 */
export interface TextTranslator {
  translate(input: { text: string; source: LanguageCode | 'auto-detect'; target: LanguageCode }): Promise<TextTranslation>;
  /** The language of `text`, restricted to `candidates` when given; undefined when it cannot tell. */
  detect(text: string, candidates?: readonly LanguageCode[]): LanguageCode | undefined;
}
