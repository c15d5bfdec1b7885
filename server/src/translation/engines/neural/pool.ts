import { Worker } from 'node:worker_threads';
import type { LanguageCode } from '@parley/common';
import { abortError, EngineError } from '../../../platform/errors.ts';
import type { TranslationModel } from './catalog.ts';
import type { ModelJob, TranslateJob, WorkerJob, WorkerReply, WorkerSettings } from './worker.ts';

/**
 * The worker threads that run the models, seen from the main thread (which never waits on a model):
 * each model is given to one worker (the least loaded, at its first use); requests for the same model
 * and direction that arrive while a worker is busy are sent together as one batch; a worker that dies
 * fails its job with a retryable error and is started again; a job that overruns `jobTimeoutMs` stops
 * its worker (it is stuck) and fails as a timeout (retryable: try again, never "unsupported").
 * Other models' jobs (voice/neural: Whisper, Piper) go through the same workers, one job each, no batching.
 */

export interface PoolOptions {
  workers: number;
  memoryBytes: number;
  idleMs: number;
  threads: number;
  jobTimeoutMs: number;
  /** Most sentences in one batch. */
  maxBatch: number;
  numBeams?: number | undefined;
  /** A model that could not be loaded (broken or unsupported files): the engine stops serving it. */
  onLoadFailed?: ((modelId: string, message: string) => void) | undefined;
}

export type ModelJobBody = Omit<ModelJob, 'jobId' | 'type'>;

interface Request {
  model: TranslationModel | ModelJobBody['model'];
  /** Another model's job (sent alone); otherwise a translation of `texts`. */
  speech?: ModelJobBody | undefined;
  source: LanguageCode;
  target: LanguageCode;
  texts: string[];
  maxNewTokens?: number | undefined;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal | undefined;
  /** Removed when the request settles: a long-lived signal (a voice session's) must not gather listeners. */
  onAbort?: (() => void) | undefined;
  settled: boolean;
}

interface Slot {
  index: number;
  worker: Worker | undefined;
  busy: { jobId: number; requests: Request[]; timer: NodeJS.Timeout } | undefined;
  queue: Request[];
  loaded: string[];
  bytes: number;
}

const ENGINE = 'neural';

export class NeuralPool {
  private readonly slots: Slot[];
  private readonly assigned = new Map<string, Slot>();
  private nextJob = 1;
  private closed = false;
  /** Batches sent and sentences in them (for the tests and the status page). */
  readonly stats = { batches: 0, sentences: 0, crashes: 0, timeouts: 0, pastSteps: 0 };

  constructor(private readonly options: PoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.workers) }, (_, index) => ({ index, worker: undefined, busy: undefined, queue: [], loaded: [], bytes: 0 }));
  }

  /** Models loaded now, over all workers. */
  loaded(): string[] {
    return this.slots.flatMap((s) => s.loaded);
  }

  /** The live worker threads (the crash test stops one as a crash would). */
  threads(): Worker[] {
    return this.slots.flatMap((s) => (s.worker ? [s.worker] : []));
  }

  translate(model: TranslationModel, source: LanguageCode, target: LanguageCode, texts: string[], signal?: AbortSignal, maxNewTokens?: number): Promise<string[]> {
    return this.submit<string[]>({ model, source, target, texts, maxNewTokens }, signal);
  }

  /** A job of another model (Whisper, Piper) on the model's worker; resolves to what its handler returned. */
  run<T>(body: ModelJobBody, signal?: AbortSignal): Promise<T> {
    return this.submit<T>({ model: body.model, speech: body, source: 'en', target: 'en', texts: [] }, signal);
  }

  private submit<T>(fields: Pick<Request, 'model' | 'speech' | 'source' | 'target' | 'texts' | 'maxNewTokens'>, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new EngineError(ENGINE, 'unavailable', 'neural engine is closed'));
    if (signal?.aborted) return Promise.reject(abortError(ENGINE, signal));
    return new Promise<T>((resolve, reject) => {
      const request: Request = { ...fields, resolve: resolve as (value: never) => void, reject, signal, settled: false };
      const slot = this.slotFor(fields.model);
      request.onAbort = () => {
        const i = slot.queue.indexOf(request);
        if (i >= 0) slot.queue.splice(i, 1);
        this.settle(request, abortError(ENGINE, signal!));
      };
      signal?.addEventListener('abort', request.onAbort, { once: true });
      slot.queue.push(request);
      this.pump(slot);
    });
  }

  private slotFor(model: { id: string; bytes: number }): Slot {
    let slot = this.assigned.get(model.id);
    if (!slot) {
      slot = [...this.slots].sort((a, b) => a.bytes - b.bytes)[0]!;
      slot.bytes += model.bytes;
      this.assigned.set(model.id, slot);
    }
    return slot;
  }

  private settle(request: Request, result: unknown): void {
    if (request.settled) return;
    request.settled = true;
    if (request.onAbort) request.signal?.removeEventListener('abort', request.onAbort);
    if (result instanceof Error) request.reject(result);
    else request.resolve(result as never);
  }

  private start(slot: Slot): Worker {
    const settings: WorkerSettings = { memoryBytes: this.options.memoryBytes, idleMs: this.options.idleMs, threads: this.options.threads };
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: settings });
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', (error) => this.onExit(slot, worker, error));
    worker.on('exit', (code) => this.onExit(slot, worker, new Error(`worker exited with code ${code}`)));
    worker.unref();
    slot.worker = worker;
    return worker;
  }

  /** Sends the next batch when the worker is free: the first request and every queued one for the same model and direction. */
  private pump(slot: Slot): void {
    if (slot.busy || this.closed) return;
    slot.queue = slot.queue.filter((r) => !r.settled);
    const first = slot.queue[0];
    if (!first) return;
    const requests: Request[] = [];
    let sentences = 0;
    for (const r of first.speech ? [first] : slot.queue) {
      if (r.speech !== first.speech) continue;
      if (r.model.id !== first.model.id || r.source !== first.source || r.target !== first.target || r.maxNewTokens !== first.maxNewTokens) continue;
      if (requests.length > 0 && sentences + r.texts.length > this.options.maxBatch) break;
      requests.push(r);
      sentences += r.texts.length;
    }
    slot.queue = slot.queue.filter((r) => !requests.includes(r));
    const worker = slot.worker ?? this.start(slot);
    const jobId = this.nextJob++;
    const timer = setTimeout(() => {
      this.stats.timeouts++;
      this.fail(slot, new EngineError(ENGINE, 'timeout', `neural engine did not answer in ${this.options.jobTimeoutMs} ms; try again`, { retryable: true }));
      void worker.terminate();
    }, this.options.jobTimeoutMs);
    timer.unref();
    slot.busy = { jobId, requests, timer };
    this.stats.batches++;
    this.stats.sentences += sentences;
    const job: WorkerJob = first.speech ? { ...first.speech, type: 'model', jobId } : {
      type: 'translate', jobId, model: first.model as TranslationModel, source: first.source, target: first.target,
      texts: requests.flatMap((r) => r.texts), numBeams: this.options.numBeams, maxNewTokens: first.maxNewTokens,
    } satisfies TranslateJob;
    worker.ref();
    worker.postMessage(job);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    slot.loaded = reply.loaded;
    if (reply.type === 'loaded' || !slot.busy || slot.busy.jobId !== reply.jobId) return;
    const { requests, timer } = slot.busy;
    clearTimeout(timer);
    slot.busy = undefined;
    slot.worker?.unref();
    if (reply.type === 'model') {
      this.settle(requests[0]!, reply.value);
    } else if (reply.type === 'result') {
      this.stats.pastSteps += reply.pastSteps;
      let at = 0;
      for (const r of requests) {
        this.settle(r, reply.texts.slice(at, at + r.texts.length));
        at += r.texts.length;
      }
    } else {
      const model = requests[0]!.model.id;
      const error = new EngineError(ENGINE, 'failed', `${model}: ${reply.message}`, { retryable: false });
      for (const r of requests) this.settle(r, error);
      // Only translation models leave the engine's routes; another model's handler reports its own error.
      if (reply.loading && !requests[0]!.speech) this.options.onLoadFailed?.(model, reply.message);
    }
    this.pump(slot);
  }

  /** Fails the job in flight (crash or timeout) and starts a new worker for what is queued. */
  private fail(slot: Slot, error: EngineError): void {
    const busy = slot.busy;
    slot.busy = undefined;
    slot.worker = undefined;
    slot.loaded = [];
    if (busy) {
      clearTimeout(busy.timer);
      for (const r of busy.requests) this.settle(r, error);
    }
    this.pump(slot);
  }

  private onExit(slot: Slot, worker: Worker, cause: Error): void {
    if (slot.worker !== worker || this.closed) return;
    this.stats.crashes++;
    this.fail(slot, new EngineError(ENGINE, 'failed', `neural engine worker stopped (${cause.message}); try again`, { retryable: true, cause }));
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new EngineError(ENGINE, 'aborted', 'neural engine closed');
    await Promise.all(this.slots.map(async (slot) => {
      for (const r of [...slot.queue, ...(slot.busy?.requests ?? [])]) this.settle(r, error);
      if (slot.busy) clearTimeout(slot.busy.timer);
      slot.queue = [];
      slot.busy = undefined;
      const worker = slot.worker;
      slot.worker = undefined;
      await worker?.terminate();
    }));
  }
}
