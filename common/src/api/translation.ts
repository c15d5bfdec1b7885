import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { relationshipContextSchema } from '../relationship.ts';
import { safeText } from '../text.ts';
import { fieldError } from './errors.ts';

/** Caps of the UI-strings batch endpoint. */
export const UI_STRINGS_LIMITS = { maxEntries: 500, maxChars: 500, maxKeyChars: 200 } as const;

/**
 * A language as clients send it: one of the 20 codes (case-insensitive), a locale tag ('es-MX'),
 * or an English/native name ('Spanish', 'Español'). The server resolves it and answers
 * 400 `Unknown language: xx` when it names none of the 20.
 */
export const languageField = safeText('language_required').trim().min(1, fieldError('language_required')).max(64, fieldError('unknown_language'));

/** Source language: as above, or 'auto-detect' / 'auto' (chat), 'en' for interface strings. */
export const sourceLanguageField = languageField;

/** The relationship context as stored (object) or as the user typed it (free text, inferred server-side). */
export const relationshipContextInput = z.union([relationshipContextSchema, safeText().trim().max(500, fieldError('context_too_long'))]);

/** Text to translate. The length cap is checked separately so the server can answer 413. */
export const translateTextField = safeText('text_required').min(1, fieldError('text_required'));
export const TRANSLATE_MAX_CHARS = LIMITS.translateMaxChars;

/** POST /api/translate and /functions/v1/translate-text. */
export const translateTextBody = z.object({
  text: translateTextField,
  targetLanguage: languageField,
  sourceLanguage: sourceLanguageField.optional(),
  relationshipContext: relationshipContextInput.nullable().optional(),
});
export type TranslateTextBody = z.infer<typeof translateTextBody>;

/**
 * Why a text was not translated: the first three are failures (`ok: false`); `unchanged` means the
 * engine answered with the text as it was (nothing it knew); `nothing_to_translate` that the text
 * has no letters (emoji, numbers).
 */
export const TRANSLATION_FAILURE_REASONS = ['unsupported_pair', 'engine_failed', 'too_long', 'unchanged', 'nothing_to_translate'] as const;
export type TranslationFailureReason = (typeof TRANSLATION_FAILURE_REASONS)[number];

/**
 * What happened to a text: translated; left as it was because it already is in the target language;
 * or not translated (see `reason`).
 */
export const TRANSLATION_KINDS = ['translated', 'same_language', 'not_translated'] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];

/** A stretch of a text, [start, end) in UTF-16 code units (JavaScript string indices). */
export const textSpan = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });
export type TextSpan = z.infer<typeof textSpan>;

export const translateTextResponse = z.object({
  /** The translation; when there is none, the original text (never lost). */
  translatedText: z.string(),
  /** Set when the source was detected ('auto-detect'). */
  detectedLanguage: z.string().optional(),
  /** Engine that produced the text; null when nothing was translated (same language, empty, failure). */
  engine: z.string().nullable(),
  /** The language in the middle when the engine translated through it (e.g. 'en' for es -> fr by two neural models). */
  via: z.string().optional(),
  /** False when the text could not be translated (reason says why); true when translated or already in the target language. */
  ok: z.boolean(),
  kind: z.enum(TRANSLATION_KINDS),
  cached: z.boolean().optional(),
  /** Set when kind is 'not_translated'. */
  reason: z.enum(TRANSLATION_FAILURE_REASONS).optional(),
  /** User-facing explanation when ok is false, e.g. 'No translation available for English -> Japanese with the configured engines'. */
  message: z.string().optional(),
  /** Words of translatedText the engine did not know and left as written (show them marked, to be doubted). */
  unknownWords: z.array(textSpan).optional(),
});
export type TranslateTextResponse = z.infer<typeof translateTextResponse>;

/** POST /api/smart-translate and /functions/v1/smart-translate. */
export const smartTranslateBody = z.object({
  text: translateTextField,
  primaryLanguage: languageField,
  secondaryLanguage: languageField,
});
export type SmartTranslateBody = z.infer<typeof smartTranslateBody>;

export const smartTranslateResponse = z.object({
  translatedText: z.string(),
  detectedLanguage: z.string(),
  /** '<source code> → <target code>', e.g. 'en → es' (always the detected source first). */
  translationDirection: z.string(),
  engine: z.string().nullable(),
  via: z.string().optional(),
  ok: z.boolean(),
  kind: z.enum(TRANSLATION_KINDS),
  reason: z.enum(TRANSLATION_FAILURE_REASONS).optional(),
  message: z.string().optional(),
  unknownWords: z.array(textSpan).optional(),
});
export type SmartTranslateResponse = z.infer<typeof smartTranslateResponse>;

export const PAIR_SUPPORT = ['direct', 'pivot', 'provider', 'none'] as const;
export type PairSupportKind = (typeof PAIR_SUPPORT)[number];

export const pairInfo = z.object({
  source: z.string(),
  target: z.string(),
  support: z.enum(PAIR_SUPPORT),
  /** First engine that serves the pair, null when none does. */
  engine: z.string().nullable(),
  /** Pivot language for 'pivot' pairs (e.g. 'es' for en -> fr). */
  via: z.string().optional(),
  /** Engines tried next if the first one fails. */
  fallbacks: z.array(z.string()),
  /** The serving engine is still checking this direction at start-up (it counts as served meanwhile). */
  checking: z.literal(true).optional(),
});
export type PairInfo = z.infer<typeof pairInfo>;

/** GET /api/languages. */
export const languagesResponse = z.object({
  languages: z.array(z.object({ code: z.string(), name: z.string(), nativeName: z.string() })),
  engines: z.array(z.string()),
  pairs: z.array(pairInfo),
});
export type LanguagesResponse = z.infer<typeof languagesResponse>;

export const engineStatus = z.object({
  id: z.string(),
  live: z.boolean(),
  detail: z.string().optional(),
  /** Number of ordered language pairs (of 380) this engine serves. */
  pairs: z.number(),
});
export type EngineStatus = z.infer<typeof engineStatus>;

/** GET /api/engines. */
export const enginesResponse = z.object({ engines: z.array(engineStatus) });
export type EnginesResponse = z.infer<typeof enginesResponse>;

/** POST /api/ui-strings: translate a flat catalog of English interface strings (keys are opaque). */
export const uiStringsBody = z.object({
  language: languageField,
  strings: z
    .record(
      safeText().max(UI_STRINGS_LIMITS.maxKeyChars, fieldError('string_too_long')),
      safeText().max(UI_STRINGS_LIMITS.maxChars, fieldError('string_too_long')),
    )
    .refine((r) => Object.keys(r).length <= UI_STRINGS_LIMITS.maxEntries, fieldError('too_many_strings')),
});
export type UiStringsBody = z.infer<typeof uiStringsBody>;

/** Same keys as sent; a string that could not be translated keeps its English original. */
export const uiStringsResponse = z.object({ strings: z.record(z.string(), z.string()) });
export type UiStringsResponse = z.infer<typeof uiStringsResponse>;
