import { readFileSync } from 'node:fs';
import type { LanguageCode } from '@parley/common';
import { EngineError } from '../../platform/errors.ts';
import type { NeuralPool } from '../../translation/neuralRuntime.ts';
import type { TextToSpeech } from '../tts/types.ts';
import { voiceFor, type PiperVoice, type SpeechFolder } from './catalog.ts';
import { speechJob } from './handler.ts';
import { clauseMarks, espeakIpa, phonemeIds, type PhonemeIdMap } from './phonemize.ts';
import { samplesToPcm24k } from './resample.ts';

export interface PiperOptions {
  /** Languages without a Piper voice are spoken by this engine (espeak-ng). */
  fallback?: TextToSpeech | undefined;
  timeoutMs?: number | undefined;
}

const MAX_TEXT = 2_000;

/**
 * Speech by Piper voices from MODELS_DIR: espeak-ng phonemes (phonemize.ts), the voice's ONNX model in
 * the neural pool's worker threads, then sox to PCM16 24 kHz. Where no voice speaks the language,
 * the fallback does.
 */
export class PiperTts implements TextToSpeech {
  readonly id = 'piper';
  private readonly maps = new Map<string, PhonemeIdMap>();
  private readonly timeoutMs: number;

  constructor(private readonly folder: SpeechFolder, private readonly pool: NeuralPool, private readonly options: PiperOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  supports(language: LanguageCode): boolean {
    return Boolean(voiceFor(this.folder, language)) || Boolean(this.options.fallback?.supports(language));
  }

  private mapOf(voice: PiperVoice): PhonemeIdMap {
    let map = this.maps.get(voice.id);
    if (!map) {
      const config = JSON.parse(readFileSync(voice.configFile, 'utf8')) as { phoneme_id_map?: PhonemeIdMap };
      map = config.phoneme_id_map ?? {};
      this.maps.set(voice.id, map);
    }
    return map;
  }

  /** The voice's phoneme ids for `text` (exposed for the tests). */
  async ids(text: string, voice: PiperVoice, signal: AbortSignal): Promise<number[]> {
    const clauses = await espeakIpa(text, voice.espeakVoice, signal, this.timeoutMs);
    return phonemeIds(clauses, clauseMarks(text), this.mapOf(voice)).ids;
  }

  async synthesize(text: string, language: LanguageCode, signal: AbortSignal): Promise<Buffer> {
    const voice = voiceFor(this.folder, language);
    if (!voice) {
      if (this.options.fallback) return this.options.fallback.synthesize(text, language, signal);
      throw new EngineError(this.id, 'unsupported_pair', `No Piper voice for ${language}`);
    }
    const clean = text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim().slice(0, MAX_TEXT);
    if (!clean) return Buffer.alloc(0);
    try {
      const ids = await this.ids(clean, voice, signal);
      const samples = await this.pool.run<Float32Array>(speechJob(voice, { kind: 'synthesize', ids }), signal);
      return await samplesToPcm24k(samples, voice.sampleRate, signal, this.timeoutMs);
    } catch (error) {
      if (error instanceof EngineError && error.code === 'aborted') throw error;
      throw new EngineError(this.id, 'tts_failed', `Speech synthesis failed (${voice.id}: ${(error as Error).message})`, { cause: error, retryable: error instanceof EngineError && error.retryable });
    }
  }
}
