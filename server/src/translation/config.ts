import type { ApertiumOptions } from './engines/apertium.ts';
import type { NeuralOptions } from './engines/neural/engine.ts';

/**
 * Translation settings. server/src/config.ts maps the environment onto this:
 * TRANSLATION_ENGINES -> engines, OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL -> openai,
 * DEEPL_API_KEY -> deepl, LIBRETRANSLATE_URL / LIBRETRANSLATE_API_KEY -> libretranslate.
 * An engine listed in `engines` without its settings is skipped (logged), so the default
 * list can name every engine.
 */
export interface TranslationConfig {
  /**
   * Ordered engine ids: 'neural', 'apertium', 'openai', 'deepl', 'libretranslate'. The first that serves a
   * pair is used, except that a neural model of the pair (direct, then through English) goes first.
   */
  engines: string[];
  openai?: {
    /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), https://NAME.openai.azure.com/openai/deployments/DEPLOYMENT (Azure). */
    baseUrl: string;
    apiKey?: string | undefined;
    model: string;
    /** Azure only: the api-version query parameter (default 2024-10-21). */
    apiVersion?: string | undefined;
  } | undefined;
  deepl?: {
    apiKey: string;
    /** Defaults to https://api-free.deepl.com for keys ending in ':fx', otherwise https://api.deepl.com. */
    baseUrl?: string | undefined;
  } | undefined;
  libretranslate?: { url: string; apiKey?: string | undefined } | undefined;
  /** Models from MODELS_DIR (MODELS_*): skipped when the folder holds no translation model. */
  neural?: NeuralOptions | undefined;
  apertium?: {
    /** Directory of *.mode files (default /usr/share/apertium/modes). */
    modesDir?: string | undefined;
    /** Stop a pipeline unused for this long (default 10 minutes; 0 keeps it running). */
    idleMs?: number | undefined;
    /** The self-check's schedule (tests shorten it): probes at once, retry backoff, re-check of failed modes. */
    check?: ApertiumOptions['check'];
  } | undefined;
  /**
   * Translate a probe set through every served direction at start-up and stop reporting (and
   * planning) what fails (default true; TRANSLATION_SELF_CHECK=off).
   */
  selfCheck?: boolean | undefined;
  /** /api/languages waits this long at most for the first verdicts (default 5 s); then it marks what is still checked. */
  pairsWaitMs?: number | undefined;
  /** Per engine call (each attempt). */
  timeoutMs: number;
  /** Longest text accepted (LIMITS.translateMaxChars). */
  maxChars: number;
  retry?: {
    /** Extra attempts per engine for retryable errors (default 2). */
    retries?: number | undefined;
    /** First backoff delay (default 250 ms), doubled each attempt, with jitter. */
    baseDelayMs?: number | undefined;
    /** Longest Retry-After honoured; a longer one moves on to the next engine (default 5 s). */
    maxRetryAfterMs?: number | undefined;
  } | undefined;
  cache?: {
    /** Rows older than this are deleted (default 30 days). */
    maxAgeDays?: number | undefined;
    /** Newest rows kept (default 200,000). */
    maxRows?: number | undefined;
    /** Entries of the in-memory LRU in front of the table (default 5,000; 0 disables it). */
    memoryEntries?: number | undefined;
  } | undefined;
}
