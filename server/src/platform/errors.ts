import type { VoiceErrorCode } from '@parley/common';

/**
 * Stable codes of engine failures (translation, OCR, speech). The voice codes are the ones its
 * socket sends to clients; the others are mapped by each caller (router fallbacks, scan's
 * success:false, voice's stage codes).
 */
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
  | 'pipeline'
  /** A program or service failed in some other way (non-zero exit, unreadable answer). */
  | 'failed'
  /** The engine cannot run here (program or language data missing). */
  | 'unavailable'
  | Extract<VoiceErrorCode, 'no_speech' | 'unsupported_language' | 'unrecognised_language' | 'speech_unclear' | 'stt_failed' | 'translation_failed' | 'tts_failed'>;

export interface EngineErrorOptions {
  status?: number | undefined;
  retryable?: boolean | undefined;
  /** Server's Retry-After, in milliseconds. */
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/**
 * Every engine failure, whatever the engine (HTTP provider, child process, long-lived pipeline):
 * which engine, a stable code, and whether trying again may help (429, 5xx, timeouts, dead pipelines).
 */
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

/** The error for a call given up because `signal` aborted: a timeout (retryable) or the caller leaving. */
export function abortError(engine: string, signal: AbortSignal, cause?: unknown): EngineError {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new EngineError(engine, 'timeout', `${engine} did not answer in time`, { retryable: true, cause });
  }
  return new EngineError(engine, 'aborted', `${engine}: cancelled`, { cause });
}
