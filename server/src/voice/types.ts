import { VOICE_ERROR_CODES, VOICE_LIMITS, type VoiceErrorCode, type VoiceServerEvent } from '@parley/common';
import { EngineError } from '../platform/errors.ts';

export interface VoiceLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: VoiceLogger = { info() {}, warn() {}, error() {} };

/** One voice socket's conversation; the pipeline session and the Realtime proxy both implement it. */
export interface VoiceSessionHandle {
  /** A text frame from the client (already checked against the hard payload cap). */
  handleMessage(data: string): void;
  /** The socket closed: abort everything and free buffers. Idempotent. */
  close(): void;
}

export interface VoiceSessionContext {
  userId: string;
  /** Sends one event to the client; a no-op once the socket is closed. */
  send(event: VoiceServerEvent): void;
  /** Closes the socket from the server side (e.g. the upstream Realtime socket went away). */
  close(code: number, reason: string): void;
}

export type CreateVoiceSession = (ctx: VoiceSessionContext) => VoiceSessionHandle;

/** Caps enforced per socket; defaults from VOICE_LIMITS in common. */
export interface VoiceLimits {
  maxUtteranceBytes: number;
  maxFrameBytes: number;
  maxFramesPerSecond: number;
  /** Frames allowed in a burst above the rate (token bucket size). */
  frameBurst: number;
  /** Utterances waiting behind the one being processed. */
  maxQueuedUtterances: number;
  /** Time limit of each engine call (STT, translation, TTS per sentence). */
  stageTimeoutMs: number;
}

export const DEFAULT_VOICE_LIMITS: VoiceLimits = {
  maxUtteranceBytes: VOICE_LIMITS.maxUtteranceSeconds * VOICE_LIMITS.sampleRate * VOICE_LIMITS.bytesPerSample,
  maxFrameBytes: VOICE_LIMITS.maxFrameBytes,
  maxFramesPerSecond: VOICE_LIMITS.maxFramesPerSecond,
  frameBurst: 100,
  maxQueuedUtterances: 2,
  stageTimeoutMs: 30_000,
};

/** The client-facing code of an engine failure, when it has one (stt_failed, no_speech, ...). */
export function voiceErrorCode(error: unknown): VoiceErrorCode | undefined {
  if (!(error instanceof EngineError)) return undefined;
  return (VOICE_ERROR_CODES as readonly string[]).includes(error.code) ? (error.code as VoiceErrorCode) : undefined;
}

export function errorEvent(code: string, message: string): VoiceServerEvent {
  return { type: 'error', error: { code, message } };
}
