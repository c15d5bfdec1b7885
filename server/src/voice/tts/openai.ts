import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { audioFileToPcm24k } from '../audio.ts';
import { requestBytes, servicePost, type ServiceEndpoint } from '../../platform/http.ts';
import { EngineError } from '../../platform/errors.ts';
import type { TextToSpeech } from './types.ts';

export interface OpenAiTtsOptions extends ServiceEndpoint {
  /** tts-1, gpt-4o-mini-tts, or the local server's model name. */
  model: string;
  voice: string;
  /** 'pcm' is raw 24 kHz PCM16 (OpenAI); 'wav' suits servers without pcm and is resampled by sox. */
  format?: 'pcm' | 'wav';
}

/**
 * OpenAI-compatible speech: POST {baseUrl}/audio/speech {model, voice, input, response_format}.
 * 'pcm' answers are used as they are (24 kHz PCM16 LE mono); 'wav' answers go through sox.
 */
export class OpenAiTts implements TextToSpeech {
  readonly id = 'openai';

  constructor(private readonly options: OpenAiTtsOptions) {}

  supports(language: LanguageCode): boolean {
    return LANGUAGE_CODES.includes(language);
  }

  async synthesize(text: string, _language: LanguageCode, signal: AbortSignal): Promise<Buffer> {
    const format = this.options.format ?? 'pcm';
    const body = { model: this.options.model, voice: this.options.voice, input: text.slice(0, 4_096), response_format: format };
    const audio = await requestBytes(servicePost(this.id, this.options, '/audio/speech', body, signal));
    if (format === 'pcm') {
      if (audio.length % 2 !== 0) throw new EngineError(this.id, 'bad_response', 'The speech synthesis service answered malformed PCM');
      return audio;
    }
    try {
      return await audioFileToPcm24k(audio, 'wav', { signal, timeoutMs: this.options.timeoutMs ?? 30_000 });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new EngineError(this.id, 'bad_response', 'The speech synthesis service answered audio that could not be decoded', { cause: err });
    }
  }
}
