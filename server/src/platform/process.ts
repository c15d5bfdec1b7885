import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { EngineError, type EngineErrorCode } from './errors.ts';

/**
 * The one child-process runner (Tesseract, ImageMagick, sox, PocketSphinx, espeak-ng, flite, the
 * Apertium pipelines). Every child runs in its own process group and is killed as a group (SIGKILL)
 * on abort, on timeout, when another stage of its chain fails, or by `kill()`, so nothing it
 * started outlives the call. Failures are EngineErrors: 'timeout', 'aborted', 'unavailable'
 * (program missing) or 'failed' (non-zero exit, too much output), with the tail of stderr.
 *
 * Children never see the service user's environment or shell start-up files: they get
 * `engineEnv()` (PATH, LANG/LC_ALL=C.UTF-8, a private empty HOME, nothing else unless a caller adds
 * it), and a shell stage runs `bash --norc --noprofile` or `/bin/sh` with neither ENV nor BASH_ENV.
 * (Debian's bash reads ~/.bashrc even under `-c` when its stdin is a socket, as Node's pipes are;
 * a `.bashrc` that ran `pyenv init` once stalled every pipeline start for 28 s.)
 */

/**
 * A command: program and arguments. With `shell`, `cmd` is a fixed script for /bin/sh (or bash)
 * whose arguments reach it as "$1", "$2", ... and are never interpolated. Use it for programs that
 * open /dev/stdin or /dev/stdout: Node connects children with sockets, on which those paths cannot
 * be opened, while the shell connects its own pipeline with real pipes.
 */
export interface Command {
  cmd: string;
  args: readonly string[];
  shell?: boolean | 'bash' | undefined;
}

export interface ChainOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Fail (and kill the chain) when its output grows past this many bytes (runChain / runProcess). */
  maxOutputBytes?: number | undefined;
  /** Variables added to the clean environment (engineEnv), e.g. OMP_THREAD_LIMIT. */
  env?: Record<string, string> | undefined;
  /** Names the engine in errors; default the first program's name. */
  engine?: string | undefined;
}

export interface RunningChain {
  /** Input of the first command. */
  stdin: Writable;
  /** Output of the last command. */
  stdout: Readable;
  /** Process id of the first command (its process group id too). */
  pid: number | undefined;
  /** Settles once every process has exited: resolves when all exited 0, rejects with an EngineError otherwise. */
  done: Promise<void>;
  /** Resolves, with how, as soon as any process of the chain exits or fails to start (long-lived chains watch it). */
  exited: Promise<string>;
  /** The last 2,000 characters the chain wrote to stderr. */
  stderr(): string;
  kill(code?: EngineErrorCode, message?: string): void;
  /** Whether the chain keeps Node's event loop alive (a long-lived, idle chain should not). */
  setRef(on: boolean): void;
}

const live = new Set<ChildProcess>();

/** Processes started here that have not exited yet (tests check it drops back to 0). */
export function liveProcessCount(): number {
  return live.size;
}

const STDERR_KEEP = 2_000;

function label(command: Command): string {
  if (!command.shell) return path.basename(command.cmd);
  return /^\s*([\w.-]+)/.exec(command.cmd)?.[1] ?? 'sh';
}

function killGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL'); // the process and everything it started
  } catch {
    child.kill('SIGKILL');
  }
}

/** Variables an operator may set for the engines themselves (data locations); passed on when set. */
const PASSED_ON = ['TESSDATA_PREFIX', 'TMPDIR'] as const;

let privateHome: string | undefined;

/** An empty directory of this process: HOME for children, so no rc or config file of the service user is read. */
function engineHome(): string {
  if (privateHome === undefined) {
    const dir = path.join(tmpdir(), `parley-engine-home-${process.pid}`);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      privateHome = dir;
    } catch {
      privateHome = '/nonexistent';
    }
  }
  return privateHome;
}

/** The whole environment of every child: PATH, a UTF-8 locale, a private HOME, plus `extra`. */
export function engineEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    HOME: engineHome(),
  };
  for (const name of PASSED_ON) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return { ...env, ...extra };
}

function start(command: Command, extra: Record<string, string> | undefined): ChildProcess {
  const options: SpawnOptions = { stdio: 'pipe', detached: true, env: engineEnv(extra) };
  if (!command.shell) return spawn(command.cmd, command.args, options);
  // No rc or profile file, whatever stdin is; ENV/BASH_ENV are not in engineEnv().
  const shell = command.shell === 'bash' ? ['bash', '--norc', '--noprofile'] : ['/bin/sh'];
  return spawn(shell[0] as string, [...shell.slice(1), '-c', command.cmd, 'sh', ...command.args], options);
}

/** Start `a | b | c` (no shell between them); see the module comment for limits and kills. */
export function spawnChain(commands: readonly Command[], options: ChainOptions = {}): RunningChain {
  const [head] = commands;
  if (!head) throw new Error('empty pipeline');
  const engine = options.engine ?? label(head);
  const children: ChildProcess[] = [];
  let failure: EngineError | undefined;
  let stderr = '';
  const kill = (code: EngineErrorCode = 'aborted', message?: string) => {
    failure ??= new EngineError(engine, code, message ?? (code === 'aborted' ? `${engine} was cancelled` : `${engine}: ${code}`));
    for (const child of children) killGroup(child);
  };
  let markExited = (_how: string) => {};
  const exited = new Promise<string>((resolve) => (markExited = resolve));
  const exits: Promise<void>[] = [];
  for (const [index, command] of commands.entries()) {
    const previous = children[index - 1];
    const child = start(command, options.env);
    live.add(child);
    children.push(child);
    child.stdin?.on('error', () => {}); // EPIPE when a process exits before reading everything
    child.stdout?.on('error', () => {});
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    if (previous?.stdout && child.stdin) previous.stdout.pipe(child.stdin);
    child.once('exit', (code, signal) => markExited(signal ? `was killed (${signal})` : `exited with ${code}`));
    exits.push(
      new Promise<void>((resolve) => {
        child.once('error', (err: NodeJS.ErrnoException) => {
          live.delete(child);
          markExited(`could not start: ${err.message}`);
          kill(err.code === 'ENOENT' ? 'unavailable' : 'failed', `${label(command)}: ${err.message}`);
          resolve();
        });
        child.once('close', (code, signal) => {
          live.delete(child);
          if (code !== 0 && !failure) {
            const how = signal ? `was killed (${signal})` : `exited with ${code}`;
            const tail = stderr.trim().split('\n').slice(-3).join(' | ');
            kill('failed', `${label(command)} ${how}${tail ? `: ${tail}` : ''}`);
          }
          resolve();
        });
      }),
    );
  }
  const first = children[0] as ChildProcess;
  const last = children[children.length - 1] as ChildProcess;

  const { signal, timeoutMs } = options;
  const onAbort = () => kill('aborted');
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer = timeoutMs ? setTimeout(() => kill('timeout', `${engine} took longer than ${timeoutMs} ms`), timeoutMs) : undefined;
  timer?.unref();

  const done = Promise.all(exits).then(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (failure) throw failure;
  });
  done.catch(() => {}); // callers that only stream must not cause unhandled rejections
  return {
    stdin: first.stdin as Writable,
    stdout: last.stdout as Readable,
    pid: first.pid,
    done,
    exited,
    stderr: () => stderr,
    kill,
    setRef(on) {
      for (const child of children) {
        const streams = [child.stdout, child.stderr] as unknown as ({ ref(): void; unref(): void } | null)[];
        if (on) child.ref();
        else child.unref();
        if (on) streams[0]?.ref();
        else streams[0]?.unref();
        streams[1]?.unref(); // stderr never keeps Node alive
      }
    },
  };
}

/** Run a pipeline to completion: feed `input`, collect stdout. */
export async function runChain(commands: readonly Command[], input: Buffer | string | undefined, options: ChainOptions = {}): Promise<Buffer> {
  const chain = spawnChain(commands, options);
  const chunks: Buffer[] = [];
  let size = 0;
  const max = options.maxOutputBytes;
  chain.stdout.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (max !== undefined && size > max) chain.kill('failed', `${options.engine ?? label(commands[0] as Command)} wrote more than ${max} bytes`);
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

export interface RunOptions extends ChainOptions {
  /** Bytes written to the child's stdin. */
  input?: Buffer | string | undefined;
}

/** One command, stdin -> stdout as bytes (images); output capped at 4 MB unless told otherwise. */
export function runProcessRaw(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  return runChain([{ cmd, args }], options.input, { ...options, maxOutputBytes: options.maxOutputBytes ?? 4 * 1024 * 1024 });
}

/** runProcessRaw with stdout as UTF-8 text. */
export async function runProcess(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return (await runProcessRaw(cmd, args, options)).toString('utf8');
}
