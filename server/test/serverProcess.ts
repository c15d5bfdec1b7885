import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process wrote (for failure messages). */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server (`node --import tsx server/src/main.ts`, as scripts/start.sh runs it) in a
 * child process, on a port of its own; resolves once it prints its URL.
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${log}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Parley is running at (http:\/\/\S+)/.exec(log);
      if (!m?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
      resolve({
        url: m[1],
        child,
        exited,
        output: () => log,
        kill: (signal) => {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before starting:\n${log}`));
    });
  });
}
