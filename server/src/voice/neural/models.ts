import { NeuralEngine, NeuralPool, type TranslationEngine } from '../../translation/neuralRuntime.ts';
import type { SpeechModels } from '../deps.ts';
import { discoverSpeech } from './catalog.ts';

export interface NeuralSettings {
  modelsDir: string;
  memoryMb: number;
  workers: number;
  threads: number;
  idleMs: number;
}

/**
 * The speech models of MODELS_DIR and the pool that runs them: the neural translation engine's own
 * workers when it runs (one memory limit for all models), else a pool of their own. Undefined when the
 * folder holds no Whisper model and no Piper voice.
 */
export function openSpeechModels(settings: NeuralSettings, engines: readonly TranslationEngine[]): { models: SpeechModels; close: () => Promise<void> } | undefined {
  const folder = discoverSpeech(settings.modelsDir);
  if (folder.recognisers.length === 0 && folder.voices.length === 0) return undefined;
  const neural = engines.find((e): e is NeuralEngine => e instanceof NeuralEngine);
  if (neural) return { models: { folder, pool: neural.pool }, close: async () => {} };
  const pool = new NeuralPool({
    workers: settings.workers, memoryBytes: settings.memoryMb * 1024 * 1024, idleMs: settings.idleMs, threads: settings.threads,
    jobTimeoutMs: 60_000, maxBatch: 1,
  });
  return { models: { folder, pool }, close: () => pool.close() };
}
