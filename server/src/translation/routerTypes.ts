import type { LanguageCode, RelationshipContext, TextSpan, TranslationFailureReason, TranslationKind } from '@parley/common';
import type { CacheScope, TranslationCache } from './cache.ts';
import type { GlossaryEntry } from './glossary.ts';
import type { Conversation, PairSupport, TranslationEngine } from './engines/types.ts';
import type { RecoveryOptions } from './recovery.ts';

/** The translation router's contracts: its options, a request, a result, the logger it reports to. */
export type SourceLanguage = LanguageCode | 'auto-detect' | 'auto';

export interface TranslationLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: TranslationLogger = { debug() {}, info() {}, warn() {}, error() {} };

export interface RouterOptions {
  /** In the order of TRANSLATION_ENGINES. */
  engines: TranslationEngine[];
  cache?: TranslationCache | undefined;
  /** Per attempt. */
  timeoutMs: number;
  maxChars: number;
  /** Extra attempts per engine for retryable errors (default 2). */
  retries?: number | undefined;
  /** First backoff delay, doubled per attempt, plus up to 50% jitter (default 250 ms). */
  baseDelayMs?: number | undefined;
  /** A longer Retry-After moves on to the next engine instead of waiting (default 5 s). */
  maxRetryAfterMs?: number | undefined;
  logger?: TranslationLogger | undefined;
  /** Background probing of engines that went down (see EngineRecovery). */
  recovery?: RecoveryOptions | undefined;
  /** Carry code, links, addresses, names, amounts... through unchanged (spans/; default true; off only to measure). */
  protectSpans?: boolean | undefined;
  /** The chat phrase tables and pre/post-editing around engines that ask for them (phrasebook/; default true). */
  phrasebook?: boolean | undefined;
}

export interface TranslateRequest {
  text: string;
  /** 'auto-detect' (chat) detects first; 'en' for interface strings. */
  source: SourceLanguage;
  target: LanguageCode;
  context?: RelationshipContext | undefined;
  /** Detection prior: the sender's profile language, kept unless the text clearly is in another. */
  prior?: LanguageCode | undefined;
  /** The conversation's glossary (chat); the entries for this pair and text are applied. */
  glossary?: readonly GlossaryEntry[] | undefined;
  signal?: AbortSignal | undefined;
  /** The conversation's last messages, for engines that use context (chat; empty or absent: none). */
  conversation?: Conversation | undefined;
  /**
   * Called once with the text's length (plus the context's, for an engine that reads it) before the first engine call (never for a cached result): the
   * caller's translation budget. A throw (429) ends the request before any engine works.
   */
  spend?: ((chars: number) => Promise<void>) | undefined;
  /** Where the answer may be cached (translation/cache.ts CacheScope; default `shared`). */
  cache?: CacheScope | undefined;
}

export interface EngineFailure {
  engine: string;
  code: string;
  message: string;
}

export interface TranslateResult {
  /** False when the text could not be translated: failures, and an engine answering with the text unchanged. */
  ok: boolean;
  kind: TranslationKind;
  /** The translation, or the original text whenever there is none: never lost. */
  text: string;
  engine: string | null;
  source: LanguageCode;
  target: LanguageCode;
  detectedLanguage?: LanguageCode | undefined;
  cached: boolean;
  support?: PairSupport | undefined;
  /** The language in the middle when the engine pivoted (e.g. 'en' for es -> fr through two models). */
  via?: string | undefined;
  reason?: TranslationFailureReason | undefined;
  message?: string | undefined;
  failures?: EngineFailure[] | undefined;
  /** Words of `text` the engine left untranslated. */
  unknown?: TextSpan[] | undefined;
}
