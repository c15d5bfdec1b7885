import type { LanguageCode } from '@parley/common';

export interface Transcription {
  text: string;
  /** The language the text is in (the requested one, or what the engine detected); undefined when unknown. */
  language?: LanguageCode | undefined;
  /** Pieces of speech separated by pauses, when the engine reports them (used as sentences). */
  segments?: string[];
  /** How sure the engine is that this is what was said, 0..1 on the engine's own scale, when it says. */
  confidence?: number;
}

/** A recognition that consumes audio while the user is still speaking. */
export interface SttStream {
  /** Appends PCM16 24 kHz mono. */
  write(pcm24k: Buffer): void;
  /** No more audio: the final transcription. */
  finish(): Promise<Transcription>;
  /** Give up (clear or disconnect); kills whatever runs. Idempotent. */
  abort(): void;
}

export interface SpeechToText {
  readonly id: string;
  /** Below this confidence a transcription is not presented (it is likely another language or noise). */
  readonly minConfidence?: number;
  /** Whether speech in this language can be recognised. */
  supports(language: LanguageCode): boolean;
  /**
   * Recognise PCM16 mono audio (24 kHz unless `sampleRate` says otherwise). `language` undefined
   * asks the engine to detect it; engines without detection treat it as their only language.
   */
  transcribe(pcm: Buffer, language: LanguageCode | undefined, signal: AbortSignal, sampleRate?: number): Promise<Transcription>;
  /** Optional streaming recognition, started at the first audio of an utterance. */
  startStream?(language: LanguageCode, signal: AbortSignal): SttStream;
}
