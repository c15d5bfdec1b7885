import type { LanguageCode } from '@parley/common';

export interface TextToSpeech {
  readonly id: string;
  supports(language: LanguageCode): boolean;
  /** Speak `text`; resolves to PCM16 LE mono 24 kHz. */
  synthesize(text: string, language: LanguageCode, signal: AbortSignal): Promise<Buffer>;
}
