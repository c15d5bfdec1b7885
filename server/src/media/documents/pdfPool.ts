import { Worker } from 'node:worker_threads';
import type { PdfReply, PdfRequest } from './pdfProtocol.ts';

export type PdfJob = DistributiveOmit<PdfRequest, 'id'>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
export type PdfAnswer = Extract<PdfReply, { ok: true }>;

/** The file's own problem, as the reader thread found it (encrypted, corrupt). */
export class PdfRefused extends Error {
  constructor(readonly problem: 'encrypted' | 'corrupt', message: string) {
    super(message);
  }
}

/** The reader thread died on this file (out of memory, a crash in the renderer): the server did not. */
export class PdfReaderCrashed extends Error {}

export interface PdfPoolOptions {
  /** The thread's entry (tests give a misbehaving one). */
  workerUrl?: URL;
  /** A job running longer than this stops the thread (it is stuck) and fails; the next job gets a new thread. */
  jobTimeoutMs?: number;
  /** The thread's heap: a file that needs more ends the thread, not the server. */
  maxHeapMb?: number;
}

interface Pending {
  job: PdfJob;
  signal: AbortSignal | undefined;
  resolve: (answer: PdfAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * One PDF reader thread (pdfWorker.ts), started at first use, and a queue: one file at a time, so a big file never
 * takes both cores, and the event loop of the server never parses or renders a PDF. A thread that crashes or overruns
 * fails its job and is replaced at the next one; an aborted job is dropped from the queue or stops the thread.
 */
export class PdfPool {
  private worker: Worker | undefined;
  private running: (Pending & { id: number; done: (error?: Error) => void }) | undefined;
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly options: PdfPoolOptions = {}) {}

  run(job: PdfJob, signal?: AbortSignal): Promise<PdfAnswer> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const pending: Pending = { job, signal, resolve, reject };
      // Counting pages (an upload waiting for its answer) goes before reading (a background job).
      if (job.type === 'count') this.queue.unshift(pending);
      else this.queue.push(pending);
      signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(pending);
        if (at >= 0) {
          this.queue.splice(at, 1);
          reject(signal.reason as Error);
        } else if (this.running?.signal === signal) this.running.done(signal.reason as Error);
      }, { once: true });
      this.next();
    });
  }

  /** Stops the thread (the server's shutdown); queued jobs fail. */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new Error('PDF reader closed'));
    this.running?.done(new Error('PDF reader closed'));
    await this.stop();
  }

  private next(): void {
    if (this.running) return;
    const pending = this.queue.shift();
    if (!pending) {
      this.worker?.unref(); // idle: the thread never keeps the process alive
      return;
    }
    const worker = this.start();
    worker.ref();
    const id = this.nextId++;
    const timer = setTimeout(() => done(new Error(`reading the PDF took longer than ${this.timeoutMs} ms`)), this.timeoutMs);
    const done = (error?: Error, answer?: PdfAnswer) => {
      if (this.running?.id !== id) return;
      clearTimeout(timer);
      this.running = undefined;
      if (error) {
        // Stuck, crashed or no longer wanted: its thread goes (the next job starts a fresh one).
        if (!(error instanceof PdfRefused)) void this.stop();
        pending.reject(error);
      } else pending.resolve(answer!);
      this.next();
    };
    this.running = { ...pending, id, done: (error) => done(error) };
    this.onReply = (reply) => {
      if (reply.id !== id) return;
      if (reply.ok) done(undefined, reply);
      else done(new PdfRefused(reply.problem, reply.message));
    };
    const bytes = new Uint8Array(pending.job.bytes); // a copy the thread owns (the caller's buffer stays intact)
    worker.postMessage({ ...pending.job, bytes, id } satisfies PdfRequest, [bytes.buffer]);
  }

  private onReply: (reply: PdfReply) => void = () => undefined;

  private get timeoutMs(): number {
    return this.options.jobTimeoutMs ?? 90_000;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.workerUrl ?? new URL('./pdfWorker-boot.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 512 },
    });
    worker.on('message', (reply: PdfReply) => this.onReply(reply));
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.running?.done(new PdfReaderCrashed(`the PDF reader stopped: ${why}`));
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

let shared: PdfPool | undefined;
/** The process's one PDF reader. */
export const pdfPool = (): PdfPool => (shared ??= new PdfPool());
