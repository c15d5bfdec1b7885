import { languageName, type LanguageCode } from '@parley/common';
import { SAMPLE_RATE } from '../audio.ts';
import { EngineError } from '../../platform/errors.ts';
import type { NeuralPool } from '../../translation/neuralRuntime.ts';
import type { SpeechToText, SttStream, Transcription } from '../stt/types.ts';
import { recogniserFor, type SpeechFolder, type WhisperModel } from './catalog.ts';
import { speechJob } from './handler.ts';
import { WINDOW_SAMPLES } from './mel.ts';
import { pcmToWhisperSamples } from './resample.ts';
import type { Heard } from './whisperRuntime.ts';

export interface WhisperOptions {
  /** Languages no Whisper model knows go to this recogniser (PocketSphinx). */
  fallback?: SpeechToText | undefined;
  timeoutMs?: number | undefined;
  /** Most tokens per 30 s window (default: the model's limit). */
  maxNewTokens?: number | undefined;
}

/**
 * Speech recognition by Whisper models from MODELS_DIR, run in the neural pool's worker threads.
 * Streaming by utterance: the stream gathers the utterance's audio while the user speaks and it is
 * recognised when the utterance ends (Whisper hears whole windows of up to 30 s; longer utterances are
 * cut into windows and their texts joined).
 */
export class WhisperStt implements SpeechToText {
  readonly id = 'whisper';
  private readonly fallback: SpeechToText | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly folder: SpeechFolder, private readonly pool: NeuralPool, private readonly options: WhisperOptions = {}) {
    this.fallback = options.fallback;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  get minConfidence(): number | undefined {
    return this.fallback?.minConfidence;
  }

  supports(language: LanguageCode): boolean {
    return Boolean(recogniserFor(this.folder, language)) || Boolean(this.fallback?.supports(language));
  }

  private modelFor(language: LanguageCode | undefined): WhisperModel | undefined {
    return language ? recogniserFor(this.folder, language) : this.folder.recognisers.find((m) => m.multilingual) ?? this.folder.recognisers[0];
  }

  async transcribe(pcm: Buffer, language: LanguageCode | undefined, signal: AbortSignal, sampleRate: number = SAMPLE_RATE): Promise<Transcription> {
    const model = this.modelFor(language);
    if (!model) {
      if (this.fallback) return this.fallback.transcribe(pcm, language, signal, sampleRate);
      throw new EngineError(this.id, 'unrecognised_language', `No Whisper model here knows ${language ? languageName(language) : 'this language'}`);
    }
    try {
      const samples = await pcmToWhisperSamples(pcm, sampleRate, signal, this.timeoutMs);
      const texts: string[] = [];
      let heardIn = language;
      for (let at = 0; at === 0 || at < samples.length; at += WINDOW_SAMPLES) {
        const input = { kind: 'transcribe' as const, samples: samples.slice(at, at + WINDOW_SAMPLES), language: heardIn, maxNewTokens: this.options.maxNewTokens };
        const heard = await this.pool.run<Heard>(speechJob(model, input), signal);
        // The first window's language holds for the rest of the utterance.
        heardIn ??= heard.language;
        if (heard.text) texts.push(heard.text);
      }
      const text = texts.join(' ');
      return { text, language: heardIn, segments: text ? [text] : [] };
    } catch (error) {
      if (error instanceof EngineError && error.code === 'aborted') throw error;
      throw new EngineError(this.id, 'stt_failed', `Speech recognition failed (${model.id}: ${(error as Error).message})`, { cause: error, retryable: error instanceof EngineError && error.retryable });
    }
  }

  startStream(language: LanguageCode, signal: AbortSignal): SttStream {
    if (!recogniserFor(this.folder, language) && this.fallback?.startStream) return this.fallback.startStream(language, signal);
    const chunks: Buffer[] = [];
    const controller = new AbortController();
    const abort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    let finished: Promise<Transcription> | undefined;
    return {
      write: (pcm) => {
        if (!finished) chunks.push(pcm);
      },
      finish: () => {
        finished ??= this.transcribe(Buffer.concat(chunks), language, controller.signal).finally(() => signal.removeEventListener('abort', abort));
        return finished;
      },
      abort: () => {
        signal.removeEventListener('abort', abort);
        controller.abort();
      },
    };
  }
}
