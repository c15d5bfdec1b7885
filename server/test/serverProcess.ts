import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process printed (stdout + stderr). */
  output(): string;
  /** Exit code once it exited, undefined while running. */
  exitCode(): number | null | undefined;
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** Kill it (if still running) and remove the data directory it was given by default. */
  stop(): Promise<void>;
}

/** How the process is launched (benchmarks): node flags, another checkout, its errors shown as they come. */
export interface LaunchOptions {
  nodeArgs?: string[];
  /** The checkout whose server runs (default: this one). */
  root?: string;
  /** Also write what the server prints on stderr to this process's stderr. */
  echoErrors?: boolean;
}

/**
 * The real server (`node --import tsx server/src/main.ts`, as scripts/start.sh runs it) in a
 * child process, on a port of its own; resolves once it prints its URL: "running" (ready to serve,
 * the default) or, with `until: 'listening'`, "starting" (it listens at once; ops/startup.ts).
 * Without DATA_DIR in `env` it gets a temporary one, removed by stop(); pass DATA_DIR to restart
 * on the same data. The one way tests, end-to-end tests and benchmarks start a server process.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  until: 'running' | 'listening' = 'running',
  launch: LaunchOptions = {},
): Promise<ServerProcess> {
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'parley-proc-'));
  const child = spawn(process.execPath, [...(launch.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'], {
    cwd: launch.root ?? ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let exit: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => ((exit = code), resolve(code))));
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => {
    log += c.toString();
    if (launch.echoErrors) process.stderr.write(c);
  });
  const removeDataDir = () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${log}`));
    }, timeoutMs);
    const onData = () => {
      const m = (until === 'running' ? /Parley is running at (http:\/\/\S+)/ : /Parley is (?:starting|running) at (http:\/\/\S+)/).exec(log);
      if (!m?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        url: m[1].replace('localhost', '127.0.0.1'),
        child,
        exited,
        output: () => log,
        exitCode: () => exit,
        kill: (signal) => {
          child.kill(signal);
          return exited;
        },
        stop: async () => {
          if (exit === undefined) {
            child.kill('SIGKILL');
            await exited;
          }
          removeDataDir();
        },
      });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      removeDataDir();
      reject(new Error(`server exited (${code}) before starting:\n${log}`));
    });
  });
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
