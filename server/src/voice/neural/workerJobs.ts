import type { LanguageCode } from '@parley/common';
import type { PiperVoice, WhisperModel } from './catalog.ts';
import { LoadedPiper } from './piperRuntime.ts';
import { LoadedWhisper, type Heard } from './whisperRuntime.ts';

/**
 * The handler the neural pool's worker threads import (by URL) to run speech models: loads a Whisper
 * model or a Piper voice, then runs one input on it. Only ever imported inside a worker.
 */

export type SpeechInput =
  | { kind: 'transcribe'; samples: Float32Array; language?: LanguageCode | undefined; maxNewTokens?: number | undefined }
  | { kind: 'synthesize'; ids: number[] };

export function load(model: WhisperModel | PiperVoice, threads: number): Promise<LoadedWhisper | LoadedPiper> {
  return 'encoderFile' in model ? LoadedWhisper.load(model, threads) : LoadedPiper.load(model, threads);
}

export async function run(loaded: LoadedWhisper | LoadedPiper, input: SpeechInput): Promise<Heard | Float32Array> {
  if (input.kind === 'transcribe') {
    if (!(loaded instanceof LoadedWhisper)) throw new Error(`${loaded.info.id} is not a Whisper model`);
    return loaded.transcribe(input.samples, input.language, input.maxNewTokens);
  }
  if (!(loaded instanceof LoadedPiper)) throw new Error(`${loaded.info.id} is not a Piper voice`);
  return loaded.synthesize(input.ids);
}
