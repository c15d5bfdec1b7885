/**
 * Cluster benchmark, in one run: the same chat exchange against
 *  - 1 node (embedded bus) straight to the server, and
 *  - 2 nodes on Redis behind HAProxy (deploy/haproxy.cfg), senders and receivers through it.
 * Reports persisted send -> partner receive throughput, p50/p95/p99, and CPU per message of the
 * nodes (and of Redis and HAProxy). Needs PostgreSQL on 127.0.0.1:5432, redis-server and haproxy.
 * Run: node --import tsx bench/cluster.bench.ts [pairs=8] [messagesPerPair=100]
 * Each pair first exchanges WARMUP messages that are not measured (JIT, pools, session cache).
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the nodes; BENCH_LOG_LEVEL sets the
 * nodes' LOG_LEVEL (default error; the server's own default is info).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { hashPassword } from '../server/src/auth/passwords.ts';
import { percentile } from './stats.ts';

const PAIRS = Number(process.argv[2] ?? 8);
const PER_PAIR = Number(process.argv[3] ?? 100);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LB_PORT = 3275;
const NODE_PORTS = [3276, 3277];
const REDIS_PORT = 3293;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'error';
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const rows: string[][] = [];
  try {
    await sleep(300);
    for (const mode of ['1 node', '2 nodes + HAProxy'] as const) {
      const r = await run(mode, redis);
      rows.push([mode, r.rate.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), r.nodeCpuMs.toFixed(2), r.infraCpuMs.toFixed(2)]);
    }
  } finally {
    redis.kill('SIGKILL');
  }
  console.log(`\nCluster benchmark: ${PAIRS} pairs x ${PER_PAIR} messages (same-language pairs: no translation)`);
  for (const row of [['setup', 'messages/s', 'p50 ms', 'p95 ms', 'p99 ms', 'node CPU/msg ms', 'Redis+HAProxy CPU/msg ms'], ...rows]) {
    console.log(`| ${row.join(' | ')} |`);
  }
}

async function run(mode: '1 node' | '2 nodes + HAProxy', redis: ChildProcess) {
  const dbName = `parley_cbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const clustered = mode !== '1 node';
  const ports = clustered ? NODE_PORTS : [NODE_PORTS[0]!];
  const nodes = ports.map((port) => spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, LOG_LEVEL, CHAT_SENDS_PER_10S: '100000',
      DATA_DIR: `/tmp/${dbName}-${port}`, ...(clustered ? { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_PREFIX: `${dbName}:`, TRUST_PROXY: '1' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  let lb: ChildProcess | undefined;
  const base = clustered ? `http://127.0.0.1:${LB_PORT}` : `http://127.0.0.1:${ports[0]}`;
  try {
    for (const port of ports) await waitReady(`http://127.0.0.1:${port}`);
    if (clustered) {
      const cfg = path.join(tmpdir(), `${dbName}.cfg`);
      writeFileSync(cfg, readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8') + ports.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check\n`).join(''));
      lb = spawn('haproxy', ['-db', '-f', cfg], { env: { ...process.env, PARLEY_LB_BIND: `127.0.0.1:${LB_PORT}` }, stdio: 'ignore' });
      await waitReady(base);
    }
    const db = new pg.Pool({ connectionString: dbUrl, max: 4 });
    const cookies = await createUsers(db, PAIRS * 2);
    await db.end();
    const rooms = await createRooms(base, cookies);
    const receivers = await Promise.all(rooms.map((_, p) => openSocket(base, cookies[2 * p + 1]!)));
    await exchange(base, cookies, rooms, receivers, WARMUP);
    const before = nodes.map((n) => cpuSeconds(n.pid!));
    const infraBefore = clustered ? cpuSeconds(redis.pid!) + cpuSeconds(lb!.pid!) : 0;
    const result = await exchange(base, cookies, rooms, receivers, PER_PAIR);
    receivers.forEach((ws) => ws.close());
    const nodeCpu = nodes.reduce((sum, n, i) => sum + cpuSeconds(n.pid!) - before[i]!, 0);
    const infraCpu = clustered ? cpuSeconds(redis.pid!) + cpuSeconds(lb!.pid!) - infraBefore : 0;
    const sent = PAIRS * PER_PAIR;
    return { ...result, nodeCpuMs: (nodeCpu / sent) * 1000, infraCpuMs: (infraCpu / sent) * 1000 };
  } finally {
    lb?.kill('SIGKILL');
    for (const n of nodes) n.kill('SIGTERM');
    await Promise.all(nodes.map((n) => new Promise((r) => (n.exitCode !== null ? r(null) : n.once('exit', r)))));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

async function waitReady(base: string) {
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error(`${base} never became ready`);
}

/** Users and sessions written straight into the database (sign-up is rate limited per address). */
async function createUsers(db: pg.Pool, n: number): Promise<string[]> {
  const hash = await hashPassword('bench-password');
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `cb${i}_${randomBytes(3).toString('hex')}`;
    const { rows } = await db.query(`INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, $2, now()) RETURNING id`, [`${name}@bench.test`, hash]);
    await db.query(`INSERT INTO profiles (id, username, email, language) VALUES ($1, $2, $3, 'en')`, [rows[0].id, name, `${name}@bench.test`]);
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), rows[0].id]);
    cookies.push(`parley_session=${token}`);
  }
  return cookies;
}

async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function createRooms(base: string, cookies: string[]): Promise<string[]> {
  const rooms: string[] = [];
  for (let p = 0; p < PAIRS; p++) {
    const other = (await call(base, cookies[2 * p + 1]!, 'GET', '/api/auth/session')) as { user: { id: string } };
    rooms.push(((await call(base, cookies[2 * p]!, 'POST', '/api/chats', { userId: other.user.id })) as { room: { id: string } }).room.id);
  }
  return rooms;
}

function openSocket(base: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, { headers: { cookie, origin: base } });
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Each pair: A sends, B's socket receives message.created; pairs in parallel. */
async function exchange(base: string, cookies: string[], rooms: string[], receivers: WebSocket[], perPair: number) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(rooms.map(async (roomId, p) => {
    const ws = receivers[p]!;
    for (let i = 0; i < perPair; i++) {
      const clientId = `cb-${p}-${i}-${randomBytes(4).toString('hex')}`;
      const t0 = performance.now();
      const received = new Promise<void>((resolve) => {
        const onMessage = (data: WebSocket.RawData) => {
          const e = JSON.parse(data.toString());
          if (e.type === 'message.created' && e.message.client_id === clientId) {
            ws.off('message', onMessage);
            resolve();
          }
        };
        ws.on('message', onMessage);
      });
      await call(base, cookies[2 * p]!, 'POST', `/api/chats/${roomId}/messages`, { content: `message ${i} from pair ${p}`, clientId });
      await received;
      latencies.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

await main();
