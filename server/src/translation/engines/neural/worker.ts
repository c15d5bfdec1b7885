import { parentPort, workerData } from 'node:worker_threads';
import type { LanguageCode } from '@parley/common';
import type { TranslationModel } from './catalog.ts';
import { LoadedModel } from './runtime.ts';

/**
 * The neural engine's worker thread: loads models on first use, keeps them within the memory limit
 * (least recently used first out) and unloads them after idleMs unused. One job at a time. Besides
 * translation models it runs other models (voice/neural: Whisper, Piper) through a handler module
 * named by the job, which loads a model and runs one input on it.
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

/** A model run by a handler module (its URL): `load(model, threads)` once, then `run(loaded, input)`. */
export interface ModelJob {
  type: 'model';
  jobId: number;
  model: { id: string; bytes: number };
  handler: string;
  input: unknown;
}

interface Loaded {
  info: { id: string; bytes: number };
  release(): Promise<void>;
}

export interface ModelHandler {
  load(model: never, threads: number): Promise<Loaded>;
  run(loaded: never, input: never): Promise<unknown>;
}

export type WorkerJob = TranslateJob | ModelJob;

export type WorkerReply =
  | { type: 'result'; jobId: number; texts: string[]; loaded: string[]; pastSteps: number }
  | { type: 'model'; jobId: number; value: unknown; loaded: string[] }
  | { type: 'error'; jobId: number; message: string; loading: boolean; loaded: string[] }
  | { type: 'loaded'; loaded: string[] };

const settings = workerData as WorkerSettings;
const port = parentPort!;
const models = new Map<string, { model: Loaded; lastUsed: number; inUse: number }>();

const loadedIds = () => [...models.keys()];

async function unload(id: string): Promise<void> {
  const entry = models.get(id);
  models.delete(id);
  await entry?.model.release();
}

/** The loaded model, marked in use (the idle sweep and the memory limit leave it alone until `done`). */
async function modelFor<M extends Loaded>(info: { id: string; bytes: number }, load: () => Promise<M>): Promise<{ model: M; done: () => void }> {
  const found = models.get(info.id);
  if (found) {
    found.inUse += 1;
    return { model: found.model as M, done: () => release(found) };
  }
  const used = () => [...models.values()].reduce((sum, m) => sum + m.model.info.bytes, 0);
  for (;;) {
    const idle = [...models.entries()].filter(([, m]) => m.inUse === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    if (idle.length === 0 || used() + info.bytes <= settings.memoryBytes) break;
    await unload(idle[0]![0]);
  }
  const model = await load();
  const entry = { model, lastUsed: Date.now(), inUse: 1 };
  models.set(info.id, entry);
  return { model, done: () => release(entry) };
}

function release(entry: { lastUsed: number; inUse: number }): void {
  entry.inUse -= 1;
  entry.lastUsed = Date.now();
}

async function runModel(job: ModelJob, loaded: () => void): Promise<unknown> {
  const handler = (await import(job.handler)) as ModelHandler;
  const { model, done } = await modelFor(job.model, () => handler.load(job.model as never, settings.threads));
  loaded();
  try {
    return await handler.run(model as never, job.input as never);
  } finally {
    done();
  }
}

port.on('message', (job: WorkerJob) => {
  void (async () => {
    let loading = true;
    try {
      if (job.type !== 'translate') {
        const value = await runModel(job, () => (loading = false));
        port.postMessage({ type: 'model', jobId: job.jobId, value, loaded: loadedIds() } satisfies WorkerReply);
        return;
      }
      const { model, done } = await modelFor(job.model, () => LoadedModel.load(job.model, settings.threads));
      loading = false;
      let texts: string[];
      const before = model.pastSteps;
      try {
        texts = await model.translate(job.texts, job.source, job.target, { numBeams: job.numBeams, maxNewTokens: job.maxNewTokens });
      } finally {
        done();
      }
      port.postMessage({ type: 'result', jobId: job.jobId, texts, loaded: loadedIds(), pastSteps: model.pastSteps - before } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ type: 'error', jobId: job.jobId, message: String((error as Error).message ?? error), loading, loaded: loadedIds() } satisfies WorkerReply);
    }
  })();
});

if (settings.idleMs > 0) {
  setInterval(() => {
    const stale = [...models.entries()].filter(([, m]) => m.inUse === 0 && Date.now() - m.lastUsed > settings.idleMs).map(([id]) => id);
    if (stale.length === 0) return;
    void Promise.all(stale.map(unload)).then(() => port.postMessage({ type: 'loaded', loaded: loadedIds() } satisfies WorkerReply));
  }, Math.max(50, Math.min(settings.idleMs / 2, 60_000))).unref();
}
