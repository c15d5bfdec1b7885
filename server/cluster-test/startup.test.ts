import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, uniqueUser, type TestDatabase } from '../test/helpers.ts';
import { startServerProcess, type ServerProcess } from '../test/serverProcess.ts';

/**
 * Start-up under adverse conditions (ops/startup.ts, issue 28): the node listens at once, waits for
 * its dependencies with its own patience, answers /api/ready 503 (with what is still starting) and
 * the API 503 `service_starting` meanwhile, and stays up; a wrong dependency stops it with a message
 * naming the variable.
 */
const PROXY_PORT = Number(process.env.TEST_STARTUP_PROXY_PORT ?? 3302);
const REDIS_AUTH_PORT = Number(process.env.TEST_STARTUP_REDIS_PORT ?? 3308);
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A TCP proxy to PostgreSQL that drops every connection until open() is called. */
async function gatedProxy(port: number, target: { host: string; port: number }) {
  let open = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!open) return void client.destroy();
    const upstream = createConnection(target);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    open: () => void (open = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** One busy loop per core of this machine (2): the CPU stays fully used while the nodes start. */
function busyLoops(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

async function readiness(url: string): Promise<{ status: number; body: { ready?: boolean; starting?: string[] } }> {
  const res = await fetch(`${url}/api/ready`);
  return { status: res.status, body: (await res.json()) as { ready?: boolean; starting?: string[] } };
}

async function untilReady(node: ServerProcess): Promise<void> {
  for (;;) {
    if (node.exitCode() !== undefined) throw new Error(`node exited while starting:\n${node.output()}`);
    if ((await readiness(node.url).catch(() => ({ status: 0 }))).status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('start-up', () => {
  it('two nodes started at once on a fresh database, with the CPU busy and PostgreSQL reachable only after 20 s, both become ready', async () => {
    const testDb: TestDatabase = await createTestDatabase('postgres', { fresh: true });
    cleanups.push(() => testDb.drop());
    const direct = new URL(testDb.serverEnv.DATABASE_URL!);
    const proxy = await gatedProxy(PROXY_PORT, { host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${PROXY_PORT}`;
    const loops = busyLoops(2);
    cleanups.push(() => loops.forEach((l) => l.kill('SIGKILL')));

    const env = { DATABASE_URL: viaProxy.toString(), TRANSLATION_SELF_CHECK: 'off' };
    const nodes = await Promise.all([0, 1].map(() => startServerProcess(env, 120_000, 'listening')));
    for (const node of nodes) cleanups.push(() => node.stop());
    const opensAt = setTimeout(proxy.open, 20_000);
    cleanups.push(() => clearTimeout(opensAt));

    // Listening while PostgreSQL is out of reach: ready says what is starting, the API says wait.
    for (const node of nodes) {
      const waiting = await readiness(node.url);
      expect(waiting.status).toBe(503);
      expect(waiting.body.starting).toContain('database');
      const api = await fetch(`${node.url}/api/auth/session`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('service_starting');
      expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
    }

    await Promise.all(nodes.map(untilReady));
    for (const node of nodes) {
      expect(node.exitCode()).toBeUndefined();
      expect(node.output()).toMatch(/start-up: database not ready yet/);
      expect((await readiness(node.url)).body.ready).toBe(true);
    }
    // Both serve: an account made on one signs in on the other.
    const user = uniqueUser('startup');
    const signUp = await fetch(`${nodes[0]!.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json', origin: nodes[0]!.url }, body: JSON.stringify(user) });
    expect(signUp.status).toBe(201);
    const signIn = await fetch(`${nodes[1]!.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin: nodes[1]!.url }, body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(signIn.status).toBe(200);
  }, 240_000);

  it('a wrong DATABASE_URL (unknown user, unknown host) stops start-up with a message naming the variable', async () => {
    const testDb = await createTestDatabase('postgres');
    cleanups.push(() => testDb.drop());
    const wrongUser = new URL(testDb.serverEnv.DATABASE_URL!);
    wrongUser.username = 'no_such_parley_user';
    for (const [url, says] of [
      [wrongUser.toString(), /DATABASE_URL: PostgreSQL refused the user .*no_such_parley_user/],
      ['postgres://parley@no-such-host.invalid:5432/parley', /DATABASE_URL: unknown host .*no-such-host\.invalid/],
    ] as const) {
      const node = await startServerProcess({ DATABASE_URL: url }, 60_000, 'listening');
      cleanups.push(() => node.stop());
      expect(await node.exited).toBe(1);
      expect(node.output()).toMatch(says);
      expect(node.output()).not.toMatch(/Parley is running/);
    }
  }, 120_000);

  it('a REDIS_URL with the wrong password stops start-up with a message naming the variable', async () => {
    const testDb = await createTestDatabase('postgres');
    cleanups.push(() => testDb.drop());
    const redis = spawn('redis-server', ['--port', String(REDIS_AUTH_PORT), '--bind', '127.0.0.1', '--requirepass', 'the-right-one', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    cleanups.push(() => void redis.kill('SIGKILL'));
    while (!(await accepts(REDIS_AUTH_PORT))) await new Promise((r) => setTimeout(r, 50));
    const node = await startServerProcess({ ...testDb.serverEnv, REDIS_URL: `redis://:not-the-right-one@127.0.0.1:${REDIS_AUTH_PORT}` }, 60_000, 'listening');
    cleanups.push(() => node.stop());
    expect(await node.exited).toBe(1);
    expect(node.output()).toMatch(/REDIS_URL: Redis refused the credentials/);
  }, 120_000);
});
