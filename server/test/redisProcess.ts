import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';

export interface RedisProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A redis-server of the test's own (no shared state with other users of the machine), in memory only. */
export async function startRedis(port: number): Promise<RedisProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    if (await answers(port)) {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port} (is redis-server installed? scripts/setup.sh installs it)`);
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}
