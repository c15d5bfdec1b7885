import { parentPort, workerData } from 'node:worker_threads';
import type { LanguageCode } from '@parley/common';
import type { TranslationModel } from './catalog.ts';
import { LoadedModel } from './runtime.ts';

/**
 * The neural engine's worker thread: loads models on first use, keeps them within the memory limit
 * (least recently used first out) and unloads them after idleMs unused. One job at a time.
 */

export interface WorkerSettings {
  memoryBytes: number;
  idleMs: number;
  threads: number;
}

export interface TranslateJob {
  type: 'translate';
  jobId: number;
  model: TranslationModel;
  texts: string[];
  source: LanguageCode;
  target: LanguageCode;
  numBeams?: number | undefined;
  maxNewTokens?: number | undefined;
}

export type WorkerReply =
  | { type: 'result'; jobId: number; texts: string[]; loaded: string[] }
  | { type: 'error'; jobId: number; message: string; loading: boolean; loaded: string[] }
  | { type: 'loaded'; loaded: string[] };

const settings = workerData as WorkerSettings;
const port = parentPort!;
const models = new Map<string, { model: LoadedModel; lastUsed: number }>();

const loadedIds = () => [...models.keys()];

async function unload(id: string): Promise<void> {
  const entry = models.get(id);
  models.delete(id);
  await entry?.model.release();
}

async function modelFor(info: TranslationModel): Promise<LoadedModel> {
  const found = models.get(info.id);
  if (found) {
    found.lastUsed = Date.now();
    return found.model;
  }
  const used = () => [...models.values()].reduce((sum, m) => sum + m.model.info.bytes, 0);
  while (models.size > 0 && used() + info.bytes > settings.memoryBytes) {
    const oldest = [...models.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0]!;
    await unload(oldest[0]);
  }
  const model = await LoadedModel.load(info, settings.threads);
  models.set(info.id, { model, lastUsed: Date.now() });
  return model;
}

port.on('message', (job: TranslateJob) => {
  void (async () => {
    let loading = true;
    try {
      const model = await modelFor(job.model);
      loading = false;
      const texts = await model.translate(job.texts, job.source, job.target, { numBeams: job.numBeams, maxNewTokens: job.maxNewTokens });
      port.postMessage({ type: 'result', jobId: job.jobId, texts, loaded: loadedIds() } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ type: 'error', jobId: job.jobId, message: String((error as Error).message ?? error), loading, loaded: loadedIds() } satisfies WorkerReply);
    }
  })();
});

if (settings.idleMs > 0) {
  setInterval(() => {
    const stale = [...models.entries()].filter(([, m]) => Date.now() - m.lastUsed > settings.idleMs).map(([id]) => id);
    if (stale.length === 0) return;
    void Promise.all(stale.map(unload)).then(() => port.postMessage({ type: 'loaded', loaded: loadedIds() } satisfies WorkerReply));
  }, Math.max(50, Math.min(settings.idleMs / 2, 60_000))).unref();
}
