/**
 * Draft preview latency while typing, with the offline engine (Apertium), through the whole app
 * over HTTP (session, membership, router, cache on PGlite). Run from the repository root:
 *   node --import tsx bench/preview.bench.ts [sentences=20]
 * A typist pausing at word ends asks for each growing prefix of a sentence ("Could", "Could we",
 * ...), as the composer's 350 ms debounce does; every prefix is new text, so each request is an
 * engine call forward (en -> es) and back (es -> en). Then the same drafts again (cache hits,
 * e.g. deleting back to an earlier draft) and the send of each full sentence (no engine call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { connectDb } from '../server/src/db/connect.ts';
import { percentile, table } from './stats.ts';

const COUNT = Number(process.argv[2] ?? 20);
const SUBJECTS = ['Could we', 'Can you', 'Would you like to', 'I would prefer to', 'Please let me'];
const VERBS = ['move the meeting', 'send the report', 'visit the museum', 'call your brother', 'check the train times'];
const ENDINGS = ['to Friday afternoon?', 'before the end of the week?', 'with the whole team tomorrow?', 'after lunch on Monday?'];
const sentence = (i: number) => `${SUBJECTS[i % 5]} ${VERBS[Math.floor(i / 5) % 5]} ${ENDINGS[Math.floor(i / 25) % 4]}`;

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-preview-bench-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', TRANSLATION_ENGINES: 'apertium', WEB_DIST_DIR: path.join(dir, 'no-web'), CHAT_SENDS_PER_10S: '100000', TRANSLATION_CHARS_PER_MINUTE: '100000000' });
  const database = await connectDb({ pgliteDir: path.join(dir, 'pgdata') });
  const app = await buildApp({ config, database, logger: false, previewsPer10s: 100_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const ana = await user(base, 'ana', 'en');
    const bruno = await user(base, 'bruno', 'es');
    const room = await post(base, '/api/chats', { userId: bruno.id, relationshipType: 'boss' }, ana.cookie);
    const roomId = (room.body as { room: { id: string } }).room.id;
    const preview = (content: string) => post(base, `/api/chats/${roomId}/preview`, { content }, ana.cookie);
    await preview('Warm up the pipelines, please.');

    const drafts: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const words = sentence(i).split(' ');
      for (let n = 1; n <= words.length; n++) drafts.push(words.slice(0, n).join(' '));
    }
    const fresh = await timeEach(drafts, preview);
    const cached = await timeEach(drafts, preview);
    const sends = await timeEach(Array.from({ length: COUNT }, (_, i) => sentence(i)), (content) =>
      post(base, `/api/chats/${roomId}/messages`, { content, clientId: `bench-${Math.random().toString(36).slice(2, 12)}` }, ana.cookie));

    console.log(`\nDraft preview (Apertium en -> es and back), ${drafts.length} drafts from ${COUNT} sentences typed word by word`);
    table([
      ['new draft p50 ms (forward + back-translation)', fresh.p50.toFixed(1)],
      ['new draft p95 ms', fresh.p95.toFixed(1)],
      ['new draft max ms', fresh.max.toFixed(1)],
      ['repeated draft p50 ms (cache)', cached.p50.toFixed(1)],
      ['repeated draft p95 ms (cache)', cached.p95.toFixed(1)],
      ['send after preview p50 ms (cache hit, no engine)', sends.p50.toFixed(1)],
    ]);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timeEach(items: string[], run: (item: string) => Promise<{ status: number }>) {
  const ms: number[] = [];
  for (const item of items) {
    const start = performance.now();
    const res = await run(item);
    ms.push(performance.now() - start);
    if (res.status >= 300) throw new Error(`request failed with ${res.status}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] ?? NaN };
}

async function post(base: string, url: string, body: unknown, cookie?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown, setCookie: res.headers.getSetCookie() };
}

async function user(base: string, name: string, language: string) {
  const id = `${name}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  const password = 'correct horse battery';
  const up = await post(base, '/api/auth/signup', { username: id, email, password });
  const signIn = await post(base, '/api/auth/signin', { email, password });
  const cookie = signIn.setCookie.map((c) => c.split(';')[0]).join('; ');
  await fetch(`${base}/api/profile`, { method: 'PATCH', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify({ language }) });
  return { id: (up.body as { user: { id: string } }).user.id, cookie };
}

await main();
