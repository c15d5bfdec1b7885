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
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../server/test/serverProcess.ts';
import { BENCH_LAUNCH, benchServerEnv, cpuSeconds, createBenchDatabase, createPairRooms, createUsers, exchangeInPairs, openSocket } from './server.ts';

const PAIRS = Number(process.argv[2] ?? 8);
const PER_PAIR = Number(process.argv[3] ?? 100);
const LB_PORT = 3275;
const NODE_PORTS = [3276, 3277];
const REDIS_PORT = 3293;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
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
  const database = await createBenchDatabase('parley_cbench');
  const clustered = mode !== '1 node';
  const ports = clustered ? NODE_PORTS : [NODE_PORTS[0]!];
  const nodes: ServerProcess[] = [];
  let lb: ChildProcess | undefined;
  const base = clustered ? `http://127.0.0.1:${LB_PORT}` : `http://127.0.0.1:${ports[0]}`;
  try {
    for (const port of ports) {
      const cluster: Record<string, string> = clustered ? { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_PREFIX: `${database.name}:`, TRUST_PROXY: '1' } : {};
      nodes.push(await startServerProcess(benchServerEnv(port, database.url, cluster), 120_000, 'running', BENCH_LAUNCH));
    }
    if (clustered) {
      const cfg = path.join(tmpdir(), `${database.name}.cfg`);
      writeFileSync(cfg, readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8') + ports.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check\n`).join(''));
      lb = spawn('haproxy', ['-db', '-f', cfg], { env: { ...process.env, PARLEY_LB_BIND: `127.0.0.1:${LB_PORT}` }, stdio: 'ignore' });
      await waitReady(base);
    }
    const db = new pg.Pool({ connectionString: database.url, max: 4 });
    const cookies = (await createUsers(db, PAIRS * 2, 'cb')).map((u) => u.cookie);
    await db.end();
    const rooms = await createPairRooms(base, cookies);
    const receivers = await Promise.all(rooms.map((_, p) => openSocket(base, cookies[2 * p + 1]!)));
    await exchangeInPairs(base, cookies, rooms, receivers, WARMUP);
    const pids = nodes.map((n) => n.child.pid!);
    const before = pids.map(cpuSeconds);
    const infraBefore = clustered ? cpuSeconds(redis.pid!) + cpuSeconds(lb!.pid!) : 0;
    const result = await exchangeInPairs(base, cookies, rooms, receivers, PER_PAIR);
    receivers.forEach((ws) => ws.close());
    const nodeCpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - before[i]!, 0);
    const infraCpu = clustered ? cpuSeconds(redis.pid!) + cpuSeconds(lb!.pid!) - infraBefore : 0;
    const sent = PAIRS * PER_PAIR;
    return { ...result, nodeCpuMs: (nodeCpu / sent) * 1000, infraCpuMs: (infraCpu / sent) * 1000 };
  } finally {
    lb?.kill('SIGKILL');
    for (const n of nodes) {
      await n.kill('SIGTERM');
      await n.stop();
    }
    await database.drop();
  }
}

/** HAProxy answers once a node behind it is up. */
async function waitReady(base: string) {
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error(`${base} never became ready`);
}

await main();
