import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * A command of a pipeline: program and arguments. With `shell`, `cmd` is a fixed /bin/sh script
 * (arguments reach it as "$1", "$2", ... and are never interpolated) run in its own process group,
 * for programs that must open /dev/stdin or /dev/stdout: Node gives children sockets, which those
 * paths cannot be opened on, while the shell connects its pipeline with real pipes.
 */
export interface Command {
  cmd: string;
  args: string[];
  shell?: boolean;
}

export type ProcessFailure = 'aborted' | 'timeout' | 'exit' | 'spawn' | 'output_limit';

export class ProcessError extends Error {
  constructor(
    readonly kind: ProcessFailure,
    message: string,
    readonly stderr = '',
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

export interface ChainOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Kill the chain when its output grows past this many bytes. */
  maxOutputBytes?: number | undefined;
}

export interface RunningChain {
  /** Input of the first command. */
  stdin: Writable;
  /** Output of the last command. */
  stdout: Readable;
  /** Settles once every process has exited: resolves when all exited 0, rejects otherwise. */
  done: Promise<void>;
  kill(kind: ProcessFailure): void;
}

const live = new Set<ChildProcess>();

/** Processes started by this module that have not exited yet (tests check it drops back to 0). */
export function liveProcessCount(): number {
  return live.size;
}

const STDERR_KEEP = 2_000;

/**
 * Start `a | b | c` without a shell. Every process is killed (SIGKILL) on abort, on timeout or
 * when one of them fails, so nothing outlives the call.
 */
export function spawnChain(commands: Command[], options: ChainOptions = {}): RunningChain {
  if (commands.length === 0) throw new Error('empty pipeline');
  const children: ChildProcess[] = [];
  let failure: ProcessError | undefined;
  let stderr = '';
  const kill = (kind: ProcessFailure, message?: string) => {
    failure ??= new ProcessError(kind, message ?? `${commands[0]?.cmd}: ${kind}`, stderr);
    for (const [index, child] of children.entries()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      if (commands[index]?.shell && child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL'); // the script and everything it started
        } catch {
          child.kill('SIGKILL');
        }
      } else child.kill('SIGKILL');
    }
  };
  const exits: Promise<void>[] = [];
  for (const [index, command] of commands.entries()) {
    const previous = children[index - 1];
    const child = command.shell
      ? spawn('/bin/sh', ['-c', command.cmd, 'sh', ...command.args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true })
      : spawn(command.cmd, command.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    live.add(child);
    children.push(child);
    child.stdin?.on('error', () => {}); // EPIPE when a process exits before reading everything
    child.stdout?.on('error', () => {});
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.toString('utf8').slice(0, STDERR_KEEP - stderr.length);
    });
    if (previous?.stdout && child.stdin) previous.stdout.pipe(child.stdin);
    exits.push(
      new Promise<void>((resolve) => {
        child.once('error', (err) => {
          live.delete(child);
          kill('spawn', `${command.cmd}: ${err.message}`);
          resolve();
        });
        child.once('close', (code, signal) => {
          live.delete(child);
          if (code !== 0 && !failure) kill('exit', `${command.cmd} exited with ${code ?? signal}: ${stderr.trim().slice(0, 300)}`);
          resolve();
        });
      }),
    );
  }
  const first = children[0] as ChildProcess;
  const last = children[children.length - 1] as ChildProcess;

  const onAbort = () => kill('aborted');
  const { signal } = options;
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer = options.timeoutMs ? setTimeout(() => kill('timeout'), options.timeoutMs) : undefined;
  timer?.unref();

  const done = Promise.all(exits).then(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (failure) throw failure;
  });
  done.catch(() => {}); // callers that only stream must not cause unhandled rejections
  return { stdin: first.stdin as Writable, stdout: last.stdout as Readable, done, kill: (kind) => kill(kind) };
}

/** Run a pipeline to completion: feed `input`, collect stdout. */
export async function runChain(commands: Command[], input: Buffer | string | undefined, options: ChainOptions = {}): Promise<Buffer> {
  const chain = spawnChain(commands, options);
  const chunks: Buffer[] = [];
  let size = 0;
  chain.stdout.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (options.maxOutputBytes && size > options.maxOutputBytes) chain.kill('output_limit');
    else chunks.push(chunk);
  });
  const drained = new Promise<void>((resolve) => {
    chain.stdout.once('close', resolve);
    chain.stdout.once('end', resolve);
  });
  chain.stdin.end(input ?? '');
  await chain.done;
  await drained;
  return Buffer.concat(chunks);
}
