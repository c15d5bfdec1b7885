/**
 * Translated call latency (issue 26): English speech streamed in real time over a call's media socket, and timed
 * from the end of the utterance (`speech.end`) to the first translated audio frame at the Spanish listener, with
 * the offline engines (PocketSphinx -> Apertium -> espeak-ng), on
 *  - 1 node (embedded PGlite, no Redis): both sides on the same node;
 *  - 2 nodes (PostgreSQL + Redis, two app instances in this process): the speaker on one node, the listener on the
 *    other, so the captions and audio cross Redis.
 * Prints p50/p95 and each stage's share: recognition (the tail left after streaming), translation, synthesis of
 * the first sentence (server-side, from `audio.done.stages`), transport (the rest: queueing, sockets, the bus).
 * Needs PostgreSQL on 127.0.0.1:5432 (TEST_DATABASE_URL) and redis-server for the 2-node run.
 * Run: node --import tsx bench/calls.bench.ts [--runs N]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CALL_API, CALL_MEDIA_PATH, type CallInfo, type CallServerEvent } from '@parley/common';
import WebSocket from 'ws';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { connectDb, migrate } from '../server/src/db/connect.ts';
import { durationSeconds } from '../server/src/voice/audio.ts';
import { WER_SENTENCES } from '../server/src/voice/testing/sentences.ts';
import { fliteSpeech, silence } from '../server/src/voice/testing/speech.ts';
import { percentile } from './stats.ts';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 10;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_PORT = 3296;
const FRAME_BYTES = 4096 * 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Node { base: string; close(): Promise<void> }
interface Sample { totalMs: number; recognitionMs: number; translationMs: number; synthesisMs: number }

async function startNode(env: Record<string, string>): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-calls-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'none'), TRANSLATION_SELF_CHECK: 'off', ...env });
  const database = await connectDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(dataDir, 'pgdata') });
  await migrate(database.db);
  const app = await buildApp({ config, database, logger: false, authLimits: { signInPerAccount: 1e4, signInPerAddress: 1e4, signUpPerAccount: 1e4, signUpPerAddress: 1e4, windowSeconds: 60 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return {
    base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function http(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${base}${url}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
  });
  return { status: res.status, json: () => res.json() as Promise<unknown>, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

async function user(base: string, language: string): Promise<{ id: string; cookie: string }> {
  const name = `b${randomBytes(5).toString('hex')}`;
  const creds = { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
  const id = ((await (await http(base, 'POST', '/api/auth/signup', creds)).json()) as { user: { id: string } }).user.id;
  const { cookie } = await http(base, 'POST', '/api/auth/signin', { email: creds.email, password: creds.password });
  await http(base, 'PATCH', '/api/profile', { language }, cookie);
  return { id, cookie };
}

function media(base: string, cookie: string, callId: string) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${CALL_MEDIA_PATH}?callId=${callId}`, { headers: { cookie, origin: base } });
  const listeners = new Set<(e: CallServerEvent) => void>();
  ws.on('message', (d) => {
    const e = JSON.parse(d.toString()) as CallServerEvent;
    for (const l of listeners) l(e);
  });
  const next = <T extends CallServerEvent['type']>(type: T) => new Promise<Extract<CallServerEvent, { type: T }>>((resolve) => {
    const l = (e: CallServerEvent) => {
      if (e.type !== type) return;
      listeners.delete(l);
      resolve(e as Extract<CallServerEvent, { type: T }>);
    };
    listeners.add(l);
  });
  return { ws, next, opened: new Promise((r) => ws.once('open', r)) };
}

/** One call: the English speaker on `speakerNode`, the Spanish listener on `listenerNode`; `runs` utterances. */
async function measure(speakerNode: Node, listenerNode: Node, utterances: Buffer[]): Promise<Sample[]> {
  const ana = await user(speakerNode.base, 'en');
  const li = await user(listenerNode.base, 'es');
  const roomId = ((await (await http(speakerNode.base, 'POST', '/api/chats', { userId: li.id }, ana.cookie)).json()) as { room: { id: string } }).room.id;
  const call = ((await (await http(speakerNode.base, 'POST', CALL_API.start, { roomId }, ana.cookie)).json()) as { call: CallInfo }).call;
  await http(listenerNode.base, 'POST', CALL_API.accept(call.id), { deviceId: 'bench' }, li.cookie);
  const speaker = media(speakerNode.base, ana.cookie, call.id);
  const listener = media(listenerNode.base, li.cookie, call.id);
  await Promise.all([speaker.opened, listener.opened, listener.next('timer.started')]);
  const samples: Sample[] = [];
  for (const [i, pcm] of utterances.entries()) {
    speaker.ws.send(JSON.stringify({ type: 'speech.start' }));
    // In real time, as a microphone delivers it: recognition streams while the person speaks.
    for (let o = 0; o < pcm.length; o += FRAME_BYTES) {
      speaker.ws.send(JSON.stringify({ type: 'audio.append', audio: pcm.subarray(o, o + FRAME_BYTES).toString('base64') }));
      await sleep((FRAME_BYTES / 2 / 24_000) * 1000);
    }
    const firstAudio = listener.next('audio.delta');
    const done = listener.next('audio.done');
    // Recognition too unsure (speech_unclear) or empty: no audio comes; that utterance is not a sample.
    const notice = listener.next('notice');
    const endedAt = performance.now();
    speaker.ws.send(JSON.stringify({ type: 'speech.end' }));
    if ((await Promise.race([firstAudio, notice])).type === 'notice') {
      console.log(`utterance ${i}: not translated (${(await notice).code}), skipped`);
      continue;
    }
    const totalMs = performance.now() - endedAt;
    const { stages } = await done;
    if (i === 0) continue; // warm-up: model files in the page cache, Apertium's pipeline started
    samples.push({ totalMs, recognitionMs: stages?.recognitionMs ?? NaN, translationMs: stages?.translationMs ?? NaN, synthesisMs: stages?.synthesisMs ?? NaN });
  }
  await http(speakerNode.base, 'POST', CALL_API.end(call.id), undefined, ana.cookie);
  speaker.ws.close();
  listener.ws.close();
  return samples;
}

function report(label: string, samples: Sample[]): string {
  const p = (xs: number[], q: number) => percentile([...xs].sort((a, b) => a - b), q);
  const total = samples.map((s) => s.totalMs);
  const median = (pick: (s: Sample) => number) => p(samples.map(pick), 50);
  const rec = median((s) => s.recognitionMs);
  const tr = median((s) => s.translationMs);
  const syn = median((s) => s.synthesisMs);
  const transport = median((s) => s.totalMs - s.recognitionMs - s.translationMs - s.synthesisMs);
  const whole = rec + tr + syn + transport;
  const share = (x: number) => `${x.toFixed(0)} ms (${((x / whole) * 100).toFixed(0)} %)`;
  return `| ${label} | ${samples.length} | ${p(total, 50).toFixed(0)} | ${p(total, 95).toFixed(0)} | ${share(rec)} | ${share(tr)} | ${share(syn)} | ${share(transport)} |`;
}

async function main() {
  // A different sentence each time (no translation cache hit), the first one a warm-up.
  const texts = Array.from({ length: RUNS + 1 }, (_, i) => WER_SENTENCES[i % WER_SENTENCES.length]!);
  const utterances = await Promise.all(texts.map(async (t) => Buffer.concat([await fliteSpeech(t), silence(0.2)])));
  const seconds = utterances.map((u) => durationSeconds(u.length));
  console.log(`${RUNS} utterances after a warm-up: everyday English sentences (flite), ${Math.min(...seconds).toFixed(1)}-${Math.max(...seconds).toFixed(1)} s each`);
  console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
  const rows: string[] = [];

  const single = await startNode({});
  try {
    rows.push(report('1 node (PGlite)', await measure(single, single, utterances)));
  } finally {
    await single.close();
  }

  const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const dbName = `parley_callbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    await sleep(300);
    const env = { DATABASE_URL: Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString(), REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_PREFIX: `cb${randomBytes(3).toString('hex')}:` };
    const first = await startNode(env);
    const second = await startNode(env);
    try {
      rows.push(report('2 nodes (PostgreSQL + Redis)', await measure(first, second, utterances)));
    } finally {
      await first.close();
      await second.close();
    }
  } finally {
    redis.kill('SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
  console.log('\n| setup | runs | p50 ms | p95 ms | recognition | translation | synthesis | transport |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
process.exit(0);
