import { LANGUAGE_CODES, resolveLanguage, type LanguageCode } from '@parley/common';
import { pcmToWav, SAMPLE_RATE } from '../audio.ts';
import { requestJson, servicePost, type ServiceEndpoint } from '../../platform/http.ts';
import { EngineError } from '../../platform/errors.ts';
import type { SpeechToText, Transcription } from './types.ts';

export interface OpenAiSttOptions extends ServiceEndpoint {
  /** whisper-1, gpt-4o-transcribe, or whatever the local server calls its model. */
  model: string;
}

/**
 * OpenAI-compatible speech recognition: POST {baseUrl}/audio/transcriptions (multipart: file as
 * WAV, model, language, response_format=json) -> {text}. Works with OpenAI and with whisper.cpp or
 * faster-whisper servers. Without a language the service detects it; when it reports the language
 * (whisper servers often do) that is used, otherwise the session guesses it from the text.
 */
export class OpenAiStt implements SpeechToText {
  readonly id = 'openai';

  constructor(private readonly options: OpenAiSttOptions) {}

  supports(language: LanguageCode): boolean {
    return LANGUAGE_CODES.includes(language);
  }

  async transcribe(pcm: Buffer, language: LanguageCode | undefined, signal: AbortSignal, sampleRate: number = SAMPLE_RATE): Promise<Transcription> {
    const form = new FormData();
    form.append('file', new Blob([pcmToWav(pcm, sampleRate)], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', this.options.model);
    if (language) form.append('language', language);
    form.append('response_format', 'json');
    const record = (await requestJson(servicePost(this.id, this.options, '/audio/transcriptions', form, signal))) as Record<string, unknown>;
    if (typeof record.text !== 'string') throw new EngineError(this.id, 'bad_response', 'The speech recognition service answered without text');
    const reported = typeof record.language === 'string' ? resolveLanguage(record.language)?.code : undefined;
    return { text: record.text.trim(), language: language ?? reported };
  }
}
