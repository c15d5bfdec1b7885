/**
 * The one way the benchmarks start a Parley server: a fresh PostgreSQL database, the real server
 * process on it (started as the tests start it: server/test/serverProcess.ts, ready once it says it is
 * running), users and sessions written straight into the database, and small HTTP and socket helpers.
 * Used by the chat, groups, push and cluster benches.
 */
import { Agent, request, type Dispatcher } from 'undici';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { hashPassword } from '../server/src/auth/passwords.ts';
import { percentile } from './stats.ts';
import { startServerProcess, type LaunchOptions, type ServerProcess } from '../server/test/serverProcess.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_SERVER_ROOT: run another checkout's server (e.g. an older commit, for before/after figures in one sitting).
const root = process.env.BENCH_SERVER_ROOT ?? path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  base: string;
  port: number;
  /** The server process (for CPU and memory figures). */
  process: ChildProcess;
  pid: number;
  /** Connection string of the bench's own database (for direct writes). */
  databaseUrl: string;
  admin: pg.Client;
  /** Transactions (a statement outside BEGIN is one) the bench's database committed or rolled back so far. */
  transactions(): Promise<number>;
  stop(): Promise<void>;
}

export interface BenchUser { id: string; cookie: string; language: string }

/** A fresh PostgreSQL database of the bench's own: its URL, an admin connection, and drop(). */
export async function createBenchDatabase(prefix = 'parley_bench') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return { name, url, admin, drop };
}

/** The environment a bench's server runs with: this process's, and no limit on sends. */
export function benchServerEnv(port: number, databaseUrl: string, env: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return { ...inherited, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error', CHAT_SENDS_PER_10S: '100000', ...env };
}

/** BENCH_NODE_ARGS adds node flags (e.g. --cpu-prof); the server's errors are shown as they come. */
export const BENCH_LAUNCH: LaunchOptions = { nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), root, echoErrors: true };

/**
 * Creates a database, starts the server on it with `env` added (server/test/serverProcess.ts, as the tests do),
 * and waits until it is ready. BENCH_PG_SOCKET=/var/run/postgresql makes the server talk to PostgreSQL over its
 * Unix socket; BENCH_LOG_LEVEL sets the log level.
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const database = await createBenchDatabase();
  const serverDbUrl = process.env.BENCH_PG_SOCKET ? `${database.url}?host=${process.env.BENCH_PG_SOCKET}` : database.url;
  let server: ServerProcess;
  try {
    // A loaded machine starts the server slowly: up to two minutes.
    server = await startServerProcess(benchServerEnv(port, serverDbUrl, env), 120_000, 'running', BENCH_LAUNCH);
  } catch (e) {
    await database.drop();
    throw e;
  }
  const stop = async () => {
    await server.kill('SIGTERM');
    await server.stop();
    await database.drop();
  };
  const transactions = async () => {
    // Backends report their counts at most once a second (PostgreSQL 15): let them.
    await new Promise((r) => setTimeout(r, 1_500));
    const { rows } = await database.admin.query(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1`, [database.name]);
    return Number(rows[0].n);
  };
  return { base: `http://127.0.0.1:${port}`, port, process: server.child, pid: server.child.pid!, databaseUrl: database.url, admin: database.admin, transactions, stop };
}

/** Users and sessions are written straight into the database (sign-up is rate limited per address). */
export async function createUsers(db: pg.Pool | pg.Client, n: number, prefix: string, languageOf: (i: number) => string = () => 'en'): Promise<BenchUser[]> {
  const hash = await hashPassword('bench-password');
  const users: BenchUser[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix}${i}_${randomBytes(3).toString('hex')}`;
    const language = languageOf(i);
    const { rows } = await db.query(`INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, $2, now()) RETURNING id`, [`${name}@bench.test`, hash]);
    const id = rows[0].id as string;
    await db.query(`INSERT INTO profiles (id, username, email, language) VALUES ($1, $2, $3, $4)`, [id, name, `${name}@bench.test`, language]);
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), id]);
    users.push({ id, cookie: `parley_session=${token}`, language });
  }
  return users;
}

/** A JSON call as a signed-in user (Origin: the server refuses cookie-authenticated writes without it). */
/**
 * One API call. undici's request API with kept-alive connections, not the global fetch: the bench client shares the
 * machine with the server, and fetch's extra CPU per call would be taken from the server's share.
 */
export async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { cookie, origin: base };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`${base}${url}`, { method: method as Dispatcher.HttpMethod, headers, body: body === undefined ? undefined : JSON.stringify(body), dispatcher: benchAgent });
  const text = await res.body.text();
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${method} ${url}: ${res.statusCode} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}
const benchAgent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });

/** One direct room per pair of users (2p, 2p+1), created by the first of each pair. */
export async function createPairRooms(base: string, cookies: string[]): Promise<string[]> {
  const rooms: string[] = [];
  for (let p = 0; 2 * p + 1 < cookies.length; p++) {
    const other = (await call(base, cookies[2 * p + 1]!, 'GET', '/api/auth/session')) as { user: { id: string } };
    rooms.push(((await call(base, cookies[2 * p]!, 'POST', '/api/chats', { userId: other.user.id })) as { room: { id: string } }).room.id);
  }
  return rooms;
}

/**
 * Each pair: the first sends, the second's socket (`receivers[p]`) receives message.created; `perPair` times, pairs
 * in parallel. Persisted, delivered messages per second and send -> receive p50/p95/p99 in ms.
 */
export async function exchangeInPairs(base: string, cookies: string[], rooms: string[], receivers: WebSocket[], perPair: number) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(rooms.map(async (roomId, p) => {
    const ws = receivers[p]!;
    for (let i = 0; i < perPair; i++) {
      const clientId = `pair-${p}-${i}-${randomBytes(4).toString('hex')}`;
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

/** A realtime socket, resolved once the server's first frame arrives. */
export function openSocket(base: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, { headers: { cookie, origin: base } });
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** User + system CPU seconds a process has used (from /proc; clock ticks are 100 per second). */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuSplit(pid);
  return user + system;
}

/** A process's CPU seconds in its own code (user) and in the kernel on its behalf (system: system calls, sockets). */
export function cpuSplit(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0);
}

/** The machine's 1-minute load average (printed with every figure: the machine is shared). */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
