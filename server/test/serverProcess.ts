import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed (stdout + stderr). */
  output(): string;
  /** Exit code once it exited, undefined while running. */
  exitCode(): number | null | undefined;
  /** Resolves with the exit code (null when ended by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Send a signal (SIGKILL: a crash; SIGTERM: a graceful stop) and wait for the exit. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

/** The real server (`node --import tsx server/src/main.ts`) in a child process on a free port. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: number | null | undefined;
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => ((exit = code), resolve(code))));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const m = /Parley is running at (http:\/\/[^\s]+)/.exec(output);
      if (m?.[1]) resolve(m[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    void exited.then(() => reject(new Error(`server exited during start-up:\n${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    exitCode: () => exit,
    exited,
    kill: (signal) => {
      if (exit === undefined) child.kill(signal);
      return exited;
    },
    stop: async () => {
      if (exit === undefined) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch as a browser on the app's own origin would (cookie + Origin). */
export function browserFetch(base: string, cookie?: string) {
  return (url: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(base + url, {
      method: init.method ?? 'GET',
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}
