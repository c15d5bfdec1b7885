import { spawn } from 'node:child_process';

export interface RunOptions {
  /** Bytes written to the child's stdin. */
  input: Buffer;
  timeoutMs: number;
  signal: AbortSignal;
  /** Stdout above this is an error (a runaway process); default 4 MB. */
  maxOutputBytes?: number;
  env?: NodeJS.ProcessEnv;
}

export type RunFailure = 'timeout' | 'aborted' | 'failed' | 'unavailable';

/** A child process that failed: why, plus the tail of its stderr for logs. */
export class RunError extends Error {
  constructor(
    readonly reason: RunFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RunError';
  }
}

/**
 * Run a command with stdin -> stdout, never blocking the event loop. The child is killed (SIGKILL)
 * when the time limit passes or `signal` aborts; exit codes other than 0 reject with its stderr.
 */
export async function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<string> {
  return (await runProcessRaw(command, args, options)).toString('utf8');
}

/** runProcess with stdout as bytes (images). */
export function runProcessRaw(command: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  const maxOutput = options.maxOutputBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(new RunError('aborted', `${command} was cancelled`));
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let settled = false;

    const finish = (err: RunError | null, output: Buffer = Buffer.alloc(0)) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(output);
    };
    const onAbort = () => finish(new RunError('aborted', `${command} was cancelled`));
    const timer = setTimeout(
      () => finish(new RunError('timeout', `${command} took longer than ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    options.signal.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxOutput) return finish(new RunError('failed', `${command} wrote more than ${maxOutput} bytes`));
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      const reason = err.code === 'ENOENT' ? 'unavailable' : 'failed';
      finish(new RunError(reason, `${command}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      if (code === 0) return finish(null, Buffer.concat(stdout));
      const how = signal ? `was killed (${signal})` : `exited with ${code}`;
      finish(new RunError('failed', `${command} ${how}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
    // A child that exits before reading all of stdin makes the pipe fail (EPIPE); 'close' reports the outcome.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
  });
}

/** At most `limit` tasks at once; the rest wait in order. A waiting task whose signal aborts leaves the queue. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ start: () => void }> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('Semaphore limit must be a positive integer');
  }

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new RunError('aborted', 'cancelled while waiting'));
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          this.active += 1;
          resolve();
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new RunError('aborted', 'cancelled while waiting'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private release(): void {
    this.active -= 1;
    this.waiting.shift()?.start();
  }
}
