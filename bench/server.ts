/**
 * The one way the benchmarks start a Parley server: a fresh PostgreSQL database, the real server
 * process (server/src/main.ts) on it, waiting for /api/ready (not /api/health, which answers while the
 * node is still migrating), users and sessions written straight into the database, and small HTTP and
 * socket helpers. Used by chat, groups and push benches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { hashPassword } from '../server/src/auth/passwords.ts';

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

/**
 * Creates a database, starts the server on it with `env` added, and waits until it is ready.
 * BENCH_PG_SOCKET=/var/run/postgresql makes the server talk to PostgreSQL over its Unix socket;
 * BENCH_NODE_ARGS adds node flags (e.g. --cpu-prof); BENCH_LOG_LEVEL sets the log level.
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dbName = `parley_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const serverDbUrl = process.env.BENCH_PG_SOCKET ? `${url.toString()}?host=${process.env.BENCH_PG_SOCKET}` : url.toString();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: serverDbUrl, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      CHAT_SENDS_PER_10S: '100000', DATA_DIR: `/tmp/${dbName}`, ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await waitForReady(base, child);
  } catch (e) {
    await stop();
    throw e;
  }
  const transactions = async () => {
    // Backends report their counts at most once a second (PostgreSQL 15): let them.
    await new Promise((r) => setTimeout(r, 1_500));
    const { rows } = await admin.query(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1`, [dbName]);
    return Number(rows[0].n);
  };
  return { base, port, process: child, pid: child.pid!, databaseUrl: url.toString(), admin, transactions, stop };
}

async function waitForReady(base: string, child: ChildProcess) {
  // A loaded machine starts the server slowly: up to two minutes.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
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
export async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
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
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0);
}

/** The machine's 1-minute load average (printed with every figure: the machine is shared). */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
