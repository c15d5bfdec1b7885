/**
 * Translation job queue benchmark, in process on PGlite and on the PostgreSQL server: N chat
 * messages sent through the API (C at a time) to a stub translator that takes 5 ms; measures
 * messages translated per second and send -> message.translated latency (p50/p95/p99). It
 * measures the queue (insert with its job, fetch, apply, complete), not an engine.
 * Run: node --import tsx bench/jobs.bench.ts [messages=400] [concurrency=16]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import type { ChatTranslator } from '../server/src/chat/types.ts';
import { loadConfig } from '../server/src/config.ts';
import { connectDb } from '../server/src/db/connect.ts';
import { percentile } from './stats.ts';

const N = Number(process.argv[2] ?? 400);
const C = Number(process.argv[3] ?? 16);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIMITS = { signInPerAccount: 1000, signInPerAddress: 1000, signUpPerAccount: 1000, signUpPerAddress: 1000, windowSeconds: 60 };
const translator: ChatTranslator = {
  translate: async (i) => {
    await new Promise((r) => setTimeout(r, 5));
    return { text: `[${i.target}] ${i.text}`, ok: true, detectedLanguage: 'en' };
  },
};

async function run(kind: 'pglite' | 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-jobs-bench-'));
  const dbName = `parley_jobs_bench_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  }
  const database = await connectDb({ databaseUrl, pgliteDir: path.join(dir, 'pgdata') });
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dir, 'none'), TRANSLATION_SELF_CHECK: 'off' });
  const app = await buildApp({ config, database, logger: false, chatTranslator: translator, authLimits: LIMITS, sendsPer10s: 1_000_000 });
  await app.ready();
  try {
    const user = async (language: string) => {
      const name = `b${randomBytes(5).toString('hex')}`;
      const creds = { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
      const headers = { 'sec-fetch-site': 'same-origin' };
      const id = (await app.inject({ method: 'POST', url: '/api/auth/signup', payload: creds, headers })).json().user.id as string;
      const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: creds.email, password: creds.password }, headers });
      const cookie = `${res.cookies[0]!.name}=${res.cookies[0]!.value}`;
      await app.inject({ method: 'PATCH', url: '/api/profile', payload: { language }, headers: { ...headers, cookie } });
      return { id, headers: { ...headers, cookie } };
    };
    const ana = await user('en');
    const bruno = await user('es');
    const roomId = (await app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: ana.headers })).json().room.id as string;

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let translated = 0;
    let allDone!: () => void;
    const done = new Promise<void>((r) => (allDone = r));
    const hub = app.realtimeHub;
    const publish = hub.publish.bind(hub);
    hub.publish = (users, e) => {
      if (e.type === 'message.translated' && e.message.translation_status !== 'pending') {
        latencies.push(performance.now() - (sentAt.get(e.message.client_id) ?? 0));
        if (++translated === N) allDone();
      }
      publish(users, e);
    };
    const started = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: C }, async () => {
      while (next < N) {
        const clientId = `bench-msg-${next++}`;
        sentAt.set(clientId, performance.now());
        const res = await app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: `message ${clientId}`, clientId }, headers: ana.headers });
        if (res.statusCode !== 201) throw new Error(`send answered ${res.statusCode}: ${res.body}`);
      }
    }));
    await done;
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { kind, perSecond: N / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

const rows = [];
for (const kind of ['pglite', 'postgres'] as const) rows.push(await run(kind));
console.log(`Translation jobs: ${N} messages, ${C} senders at a time, stub translator (5 ms)\n`);
console.log('| database | translated/s | send -> translated p50 | p95 | p99 |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.kind} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.p99.toFixed(0)} ms |`);
