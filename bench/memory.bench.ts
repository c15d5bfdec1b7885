/**
 * Idle memory of the server: RSS of `node --import tsx server/src/main.ts` 20 s after it reports
 * ready, with PGlite on a new data directory (first start), with PGlite on an existing one, and with
 * a PostgreSQL server (DATABASE_URL, default the test cluster). Figures in docs/PERFORMANCE.md.
 *
 *   node --import tsx bench/memory.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field)) ?? '';
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

async function idleRss(label: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('Parley is running') && resolve());
    child.once('exit', () => reject(new Error(`${label}: server exited`)));
  });
  const ready = Date.now() - started;
  await new Promise((r) => setTimeout(r, 20_000));
  const pid = child.pid as number;
  console.log(`${label.padEnd(28)} start ${String(ready).padStart(6)} ms   idle RSS ${status(pid, 'VmRSS')} MB   peak ${status(pid, 'VmHWM')} MB`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-mem-'));
const dbName = `parley_mem_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  await idleRss('PGlite, first start', { DATA_DIR: dataDir });
  await idleRss('PGlite, existing data', { DATA_DIR: dataDir });
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  await idleRss('PostgreSQL server', { DATA_DIR: dataDir, DATABASE_URL: url });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
