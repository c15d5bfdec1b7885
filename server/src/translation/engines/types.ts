import type { LanguageCode, RelationshipContext, TextSpan } from '@parley/common';

/** How an engine serves a pair: its own data (direct), two of its own legs (pivot), or a remote provider. */
export type PairSupport = 'direct' | 'pivot' | 'provider';

export interface TranslateInput {
  text: string;
  source: LanguageCode;
  target: LanguageCode;
  /** Tone and formality hint (chat); engines that cannot use it ignore it. */
  context?: RelationshipContext | undefined;
  /** Aborts on the router's per-call timeout or when the caller gives up. */
  signal: AbortSignal;
}

export interface TranslateOutput {
  text: string;
  /** Source language reported by the provider, when it detects one. */
  detectedLanguage?: LanguageCode | undefined;
  /** Words of `text` the engine left untranslated (it did not know them); only Apertium reports them. */
  unknown?: TextSpan[] | undefined;
}

export interface EngineHealth {
  live: boolean;
  detail?: string;
}

export interface TranslationEngine {
  /** Stable id used in TRANSLATION_ENGINES, the cache key and API answers: 'apertium', 'openai', 'deepl', 'libretranslate'. */
  readonly id: string;
  /** Whether the pair is served, and how; null when it is not. */
  supports(source: LanguageCode, target: LanguageCode): PairSupport | null;
  /** For pivot pairs, the language in the middle. */
  pivotFor?(source: LanguageCode, target: LanguageCode): LanguageCode | undefined;
  /**
   * The part of the relationship context that changes this engine's output, used as the cache key's
   * `formality` column: 'neutral' for engines that ignore context.
   */
  cacheVariant(context: RelationshipContext | undefined): string;
  translate(input: TranslateInput): Promise<TranslateOutput>;
  health(): Promise<EngineHealth>;
  close(): Promise<void>;
}

export type EngineErrorCode =
  | 'unsupported_pair'
  | 'unauthorized'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'bad_request'
  | 'server_error'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'bad_response'
  | 'pipeline';

export interface EngineErrorOptions {
  status?: number | undefined;
  retryable?: boolean | undefined;
  /** Server's Retry-After, in milliseconds. */
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/** Every engine failure is one of these; `retryable` marks 429, 5xx, timeouts and dead pipelines. */
export class EngineError extends Error {
  readonly engine: string;
  readonly code: EngineErrorCode;
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(engine: string, code: EngineErrorCode, message: string, options: EngineErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.engine = engine;
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}
