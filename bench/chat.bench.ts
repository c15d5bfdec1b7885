/**
 * Chat benchmark against the real server process and the PostgreSQL server:
 *  - N pairs of sockets exchanging persisted messages: messages/s and send->receive p50/p95/p99;
 *  - in the same run, PostgreSQL's raw single-row insert rate at the same concurrency;
 *  - memory per idle socket with 5,000 sockets (server RSS before/after).
 * Run: node --import tsx bench/chat.bench.ts [pairs=16] [messagesPerPair=100] [idleSockets=5000]
 */
import { REALTIME_LIMITS } from '@parley/common';
import pg from 'pg';
import type WebSocket from 'ws';
import { cpuSeconds, createPairRooms, createUsers as createBenchUsers, exchangeInPairs, loadAverage, openSocket as openAt, rssKb, startServer } from './server.ts';
import { table } from './stats.ts';

const PAIRS = Number(process.argv[2] ?? 16);
const PER_PAIR = Number(process.argv[3] ?? 100);
const IDLE = Number(process.argv[4] ?? 5000);
const PORT = Number(process.env.BENCH_PORT ?? 3300 + Math.floor(Math.random() * 500));
const BASE = `http://127.0.0.1:${PORT}`;

async function main() {
  // Same-language pairs translate nothing: Apertium's start-up self-check (tens of engine processes over the first
  // seconds) would only add its own CPU to the figures of the send path.
  const server = await startServer(PORT, { TRANSLATION_SELF_CHECK: 'off' });
  try {
    const db = new pg.Pool({ connectionString: server.databaseUrl, max: 20 });
    const cookies = (await createBenchUsers(db, PAIRS * 2, 'bench')).map((u) => u.cookie);
    const rooms = await createPairRooms(BASE, cookies);

    const loadBefore = loadAverage();
    const txBefore = await server.transactions();
    const cpuBefore = { server: cpuSeconds(server.pid), client: process.cpuUsage() };
    const chat = await exchange(cookies, rooms);
    const serverCpu = cpuSeconds(server.pid) - cpuBefore.server;
    const clientUsage = process.cpuUsage(cpuBefore.client);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
    const sent = PAIRS * PER_PAIR;
    const txPerMessage = ((await server.transactions()) - txBefore) / sent;
    const raw = await rawInsertRate(db, PAIRS, PAIRS * PER_PAIR, 1);
    const batched = await rawInsertRate(db, PAIRS, PAIRS * PER_PAIR, PAIRS);
    // Sockets are capped per session (REALTIME_LIMITS.socketsPerSession): the idle ones are spread over users of their own.
    const idleCookies = IDLE > 0 ? (await createBenchUsers(db, Math.ceil(IDLE / REALTIME_LIMITS.socketsPerSession), 'idle')).map((u) => u.cookie) : [];
    const mem = await idleSocketMemory(server.pid, idleCookies, IDLE);
    await db.end();

    console.log(`\nChat benchmark: ${PAIRS} pairs x ${PER_PAIR} messages, PostgreSQL ${(await server.admin.query('show server_version')).rows[0].server_version}`);
    table([
      ['load average before / after (1, 5, 15 min)', `${loadBefore} / ${loadAverage()}`],
      ['chat messages/s (persisted, delivered)', chat.rate.toFixed(0)],
      ['send->receive p50 ms', chat.p50.toFixed(1)],
      ['send->receive p95 ms', chat.p95.toFixed(1)],
      ['send->receive p99 ms', chat.p99.toFixed(1)],
      ['server CPU per message, ms', ((serverCpu / sent) * 1000).toFixed(2)],
      ['database transactions per message (a statement alone is one)', txPerMessage.toFixed(2)],
      ['bench client CPU per message, ms', ((clientCpu / sent) * 1000).toFixed(2)],
      [`raw PostgreSQL single-row inserts/s (${PAIRS} connections)`, raw.rate.toFixed(0)],
      ['  client CPU per row, ms (driver + syscalls)', raw.cpuMsPerRow.toFixed(3)],
      [`raw PostgreSQL ${PAIRS}-row INSERTs, rows/s (1 connection at a time)`, batched.rate.toFixed(0)],
      ['  client CPU per row, ms', batched.cpuMsPerRow.toFixed(3)],
      ['chat rate / raw insert rate', `${((chat.rate / raw.rate) * 100).toFixed(0)}%`],
      ...(IDLE > 0 ? [
        [`server RSS idle, MB`, (mem.before / 1024).toFixed(1)],
        [`server RSS with ${IDLE} sockets, MB`, (mem.after / 1024).toFixed(1)],
        ['memory per idle socket, KB', ((mem.after - mem.before) / IDLE).toFixed(1)],
      ] as [string, string][] : []),
    ]);
  } finally {
    await server.stop();
  }
}

const openSocket = (cookie: string) => openAt(BASE, cookie);

/** The pairs' exchange, each second user listening on a socket of their own. */
async function exchange(cookies: string[], rooms: string[]) {
  const receivers = await Promise.all(rooms.map((_, p) => openSocket(cookies[2 * p + 1]!)));
  try {
    return await exchangeInPairs(BASE, cookies, rooms, receivers, PER_PAIR);
  } finally {
    receivers.forEach((ws) => ws.close());
  }
}

/**
 * The database's own ceiling for this shape of write: single-row INSERTs at the same concurrency
 * (rowsPerStatement 1), or the same rows as multi-row INSERTs of `rowsPerStatement` rows sent one
 * statement at a time (what batching concurrent sends into one statement would do). Also the bench
 * process's CPU per row: the driver's and the socket's share, which a server pays per statement.
 */
async function rawInsertRate(db: pg.Pool, concurrency: number, total: number, rowsPerStatement: number) {
  await db.query('CREATE TABLE IF NOT EXISTS bench_raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, room uuid, body text, created_at timestamptz DEFAULT now())');
  const values = Array.from({ length: rowsPerStatement }, (_, i) => `(gen_random_uuid(), $${i + 1})`).join(', ');
  const params = Array.from({ length: rowsPerStatement }, () => 'a message of about thirty bytes');
  const workers = rowsPerStatement === 1 ? concurrency : 1;
  let left = Math.floor(total / rowsPerStatement);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, async () => {
    const client = await db.connect();
    try {
      while (left-- > 0) await client.query(`INSERT INTO bench_raw (room, body) VALUES ${values}`, params);
    } finally {
      client.release();
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const rows = Math.floor(total / rowsPerStatement) * rowsPerStatement;
  return { rate: rows / seconds, cpuMsPerRow: (used.user + used.system) / 1000 / rows };
}

async function idleSocketMemory(pid: number, cookies: string[], n: number) {
  if (n === 0) return { before: rssKb(pid), after: rssKb(pid) };
  global.gc?.();
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssKb(pid);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += 100) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, j) => openSocket(cookies[Math.floor((i + j) / REALTIME_LIMITS.socketsPerSession)]!)))));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssKb(pid);
  sockets.forEach((ws) => ws.terminate());
  return { before, after };
}

await main();
