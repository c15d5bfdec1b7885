import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { abortError, EngineError } from '../../platform/errors.ts';
import { engineEnv, spawnChain, type RunningChain } from '../../platform/process.ts';
import { DEFAULT_MODES_DIR } from './apertium-modes.ts';

/**
 * One long-lived Apertium pipeline for one mode, in null-flush mode (what `apertium -z` runs).
 * Requests are written to stdin as they come, each ended by NUL; the pipeline answers each with its
 * output ended by NUL, in order, while its stages work on several requests at once.
 *
 * Each request carries a tag superblank `[‹r<id>›]` at its end, which Apertium passes through
 * untouched: an output frame is given to the request whose tag it ends with, so answers cannot be
 * mixed up, and the empty frames a dying pipeline flushes are recognised and ignored.
 *
 * - Started lazily; stopped after `idleMs` without requests; ref'd only while busy.
 * - If the process dies (or stalls for `stallMs`), the requests in flight are re-sent one at a time
 *   to a fresh process; a request that kills the pipeline again on its own fails with a
 *   non-retryable error (some inputs crash some pairs' taggers), the others are answered.
 * - A caller that gives up (abort) gets an error at once; its output is read and discarded.
 */

export interface PipelineOptions {
  mode: string;
  modesDir?: string | undefined;
  idleMs?: number | undefined;
  stallMs?: number | undefined;
}

interface Waiter {
  id: number;
  input: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  settled: boolean;
  attempts: number;
  sentAt: number;
  cleanup: () => void;
}

const TAG = /\[‹r(\d+)›\]$/;
const MAX_ATTEMPTS = 3;

export class ApertiumPipeline {
  readonly mode: string;
  private child: RunningChain | undefined;
  /** Written to the process, oldest first. */
  private inFlight: Waiter[] = [];
  /** After a crash: waiting to be sent one at a time. */
  private isolated: Waiter[] = [];
  private chunks: Buffer[] = [];
  private idleTimer: NodeJS.Timeout | undefined;
  private stallTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;
  /** Processes started so far (1 after the first request, +1 per restart). */
  starts = 0;

  constructor(private readonly options: PipelineOptions) {
    this.mode = options.mode;
  }

  /** Process id of the running pipeline (its bash), if any. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Sends stream-format text, resolves with the pipeline's stream-format output. */
  translate(stream: string, signal?: AbortSignal): Promise<string> {
    if (this.closed) return Promise.reject(new EngineError('apertium', 'pipeline', 'Apertium engine is closed'));
    if (signal?.aborted) return Promise.reject(abortError('apertium', signal));
    return new Promise<string>((resolve, reject) => {
      const waiter: Waiter = {
        id: this.nextId++, input: stream.replace(/\0/g, ''), resolve, reject, settled: false, attempts: 0, sentAt: 0, cleanup: () => {},
      };
      if (signal) {
        const onAbort = () => this.settle(waiter, abortError('apertium', signal));
        signal.addEventListener('abort', onAbort, { once: true });
        waiter.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      if (this.isolated.length > 0) this.isolated.push(waiter);
      else this.send(waiter);
    });
  }

  private send(waiter: Waiter): void {
    let child: RunningChain;
    try {
      child = this.child ?? this.start();
    } catch (error) {
      this.settle(waiter, error as Error);
      return;
    }
    waiter.attempts += 1;
    waiter.sentAt = Date.now();
    this.inFlight.push(waiter);
    this.busy();
    child.stdin.write(`${waiter.input}[‹r${waiter.id}›]\0`);
  }

  /** While isolating, the next waiting request goes out when nothing is in flight. */
  private pump(): void {
    while (this.inFlight.length === 0 && this.isolated.length > 0) {
      const next = this.isolated.shift() as Waiter;
      if (!next.settled) this.send(next);
    }
  }

  private start(): RunningChain {
    const script = pipelineScript(path.join(this.options.modesDir ?? DEFAULT_MODES_DIR, `${this.mode}.mode`));
    // The mode's command line ($1 = generator option -g: mark unknown words; $2 = tagger option), run by
    // bash in its own process group so restarts and close() stop every stage at once. (The `apertium`
    // wrapper is not used: it reads /dev/stdin, which cannot be opened on Node's socket pipes.)
    const child = spawnChain([{ cmd: script, args: ['-g', ''], shell: 'bash' }], { engine: 'apertium' });
    this.starts += 1;
    this.child = child;
    this.chunks = [];
    child.stdout.on('data', (chunk: Buffer) => this.onData(child, chunk));
    child.stdout.on('end', () => this.onExit(child, 'closed its output'));
    void child.exited.then((how) => this.onExit(child, how));
    child.done.catch((error: Error) => this.onExit(child, error.message));
    return child;
  }

  private onData(child: RunningChain, chunk: Buffer): void {
    if (child !== this.child) return;
    let rest = chunk;
    let nul = rest.indexOf(0);
    while (nul !== -1) {
      this.chunks.push(rest.subarray(0, nul));
      this.onFrame(Buffer.concat(this.chunks).toString('utf8'));
      if (child !== this.child) return; // it broke; onExit moved on
      this.chunks = [];
      rest = rest.subarray(nul + 1);
      nul = rest.indexOf(0);
    }
    if (rest.length > 0) this.chunks.push(Buffer.from(rest));
    this.pump();
    if (this.inFlight.length === 0) this.idle();
    else this.armStallTimer();
  }

  private onFrame(frame: string): void {
    const match = TAG.exec(frame);
    if (!match) {
      // Only a stage flushing at end of input sends an untagged frame: a stage before it crashed.
      // (The shell lives on until the earlier stages next write, so do not wait for its exit.)
      if (this.child) this.onExit(this.child, 'broke (a stage crashed)');
      return;
    }
    const id = Number(match[1]);
    const index = this.inFlight.findIndex((w) => w.id === id);
    if (index === -1) return;
    // Earlier requests whose answers never came (should not happen in a FIFO pipeline) are failed.
    for (const lost of this.inFlight.splice(0, index)) {
      this.settle(lost, new EngineError('apertium', 'pipeline', 'Apertium lost a request', { retryable: true }));
    }
    const waiter = this.inFlight.shift() as Waiter;
    this.settle(waiter, undefined, frame.slice(0, match.index));
  }

  private onExit(child: RunningChain, why: string): void {
    if (child !== this.child) return;
    this.child = undefined;
    child.kill('pipeline');
    this.clearTimers();
    const lost = this.inFlight.filter((w) => !w.settled);
    this.inFlight = [];
    const detail = child.stderr().trim().split('\n').pop() ?? '';
    const message = `Apertium pipeline ${this.mode} ${why}${detail ? `: ${detail}` : ''}`;
    if (lost.length === 1 && (lost[0] as Waiter).attempts >= 2) {
      // It killed the pipeline twice, the second time alone: this input cannot be translated here.
      this.settle(lost[0] as Waiter, new EngineError('apertium', 'pipeline', `${message} (on this input)`));
    } else {
      for (const waiter of lost) {
        if (this.closed || waiter.attempts >= MAX_ATTEMPTS) {
          this.settle(waiter, new EngineError('apertium', 'pipeline', message, { retryable: !this.closed }));
        }
      }
      this.isolated = [...lost.filter((w) => !w.settled), ...this.isolated];
    }
    if (!this.closed) this.pump();
  }

  private settle(waiter: Waiter, error: Error | undefined, output?: string): void {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.cleanup();
    if (error) waiter.reject(error);
    else waiter.resolve(output ?? '');
  }

  /** Requests in flight keep the process (and so Node) alive. */
  private busy(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.child?.setRef(true);
    this.armStallTimer();
  }

  /** Idle: let Node exit if nothing else runs, and stop the process after idleMs. */
  private idle(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = undefined;
    if (!this.child) return;
    this.child.setRef(false);
    const idleMs = this.options.idleMs ?? 10 * 60_000;
    if (idleMs > 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => this.stop(), idleMs);
      this.idleTimer.unref();
    }
  }

  private armStallTimer(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    const head = this.inFlight[0];
    if (!head) return;
    const stallMs = this.options.stallMs ?? 30_000;
    this.stallTimer = setTimeout(() => {
      const child = this.child;
      if (child) this.onExit(child, `stalled for ${stallMs} ms`);
    }, Math.max(0, head.sentAt + stallMs - Date.now()));
    this.stallTimer.unref();
  }

  private clearTimers(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.idleTimer = undefined;
    this.stallTimer = undefined;
  }

  /** Stops the process; requests in flight fail (retryable). A later request starts a new one. */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    this.clearTimers();
    const pending = [...this.inFlight, ...this.isolated];
    this.inFlight = [];
    this.isolated = [];
    for (const w of pending) {
      this.settle(w, new EngineError('apertium', 'pipeline', `Apertium pipeline ${this.mode} stopped`, { retryable: !this.closed }));
    }
    if (child) {
      child.stdin.end();
      child.kill('pipeline');
    }
  }

  close(): void {
    this.closed = true;
    this.stop();
  }
}

const scripts = new Map<string, string>();

/** The mode's pipeline with null-flush (-z) on every stage, as `apertium -z` would run it. */
export function pipelineScript(modeFile: string): string {
  let script = scripts.get(modeFile);
  if (script === undefined) {
    try {
      script = execFileSync('apertium-wblank-mode', ['-z', modeFile], { encoding: 'utf8', env: engineEnv(), stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    } catch (error) {
      throw new EngineError('apertium', 'pipeline', `Cannot read Apertium mode ${modeFile}`, { cause: error });
    }
    script = withoutBrokenTagger(path.basename(modeFile, '.mode'), script);
    scripts.set(modeFile, script);
  }
  return script;
}

/**
 * Modes whose part-of-speech tagger cannot run here. rus-ukr and ukr-rus ship a perceptron model
 * (*.prob) that Debian's apertium-tagger aborts on (`PerceptronSpec::StackValue::boolVal()
 * Assertion 'type == BVAL' failed`, or a segfault) for every word the constraint grammar leaves
 * ambiguous: 9 of 10 news sentences. Their constraint grammar stage then picks the first remaining
 * analysis itself (cg-proc -1, without the surface form, as the tagger would print it).
 */
export const BROKEN_TAGGER_MODES = new Set(['rus-ukr', 'ukr-rus']);

export function withoutBrokenTagger(mode: string, script: string): string {
  if (!BROKEN_TAGGER_MODES.has(mode)) return script;
  return script.replace(/cg-proc (-z )?-w ('[^']+')\s*\|\s*apertium-tagger [^|]*\|/, (_m, z: string | undefined, grammar: string) => `cg-proc ${z ?? ''}-w -1 -n ${grammar} |`);
}
