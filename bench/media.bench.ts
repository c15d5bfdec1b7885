/**
 * Photos and voice messages: the time of a send (upload -> checks -> OCR or speech recognition ->
 * stored message, answered 201) and until the partner's translation is stored, with the offline
 * engines (Tesseract, PocketSphinx, Apertium) through the whole app over HTTP on PGlite.
 * Run from the repository root: node --import tsx bench/media.bench.ts [runs=8]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { connectDb } from '../server/src/db/connect.ts';
import { renderPhoto } from '../server/src/scan/testing/render.ts';
import { pcmToWav } from '../server/src/voice/audio.ts';
import { fliteSpeech, silence } from '../server/src/voice/testing/speech.ts';
import { percentile, table } from './stats.ts';

const RUNS = Number(process.argv[2] ?? 8);

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-media-bench-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', TRANSLATION_ENGINES: 'apertium', WEB_DIST_DIR: path.join(dir, 'no-web') });
  const database = await connectDb({ pgliteDir: path.join(dir, 'pgdata') });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const ana = await user(base, 'ana', 'en');
    const bruno = await user(base, 'bruno', 'es');
    const roomId = ((await json(base, '/api/chats', { userId: ana.id }, bruno.cookie)) as { room: { id: string } }).room.id;

    // A 1600x1200 phone-like photo of a Spanish sign, and 3.4 s of English speech (flite).
    const photo = await renderPhoto('La biblioteca está cerrada los domingos.\nGracias por su visita.', 1600, 1200);
    const speech = pcmToWav(Buffer.concat([silence(0.4), await fliteSpeech('Excuse me, where is the train station please?'), silence(0.4)]));
    const rows: [string, string][] = [['photo bytes', `${photo.length}`], ['voice seconds', ((speech.length - 44) / 48_000).toFixed(1)]];

    for (const [kind, from, file, type] of [['photos', bruno, photo, 'image/jpeg'], ['voice', ana, speech, 'audio/wav']] as const) {
      const sent: number[] = [];
      const translated: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const started = performance.now();
        const form = new FormData();
        form.append('clientId', `bench-${kind}-${i}-${Date.now()}`);
        form.append('file', new Blob([file], { type }), 'file');
        const res = await fetch(`${base}/api/chats/${roomId}/${kind}`, { method: 'POST', body: form, headers: { origin: base, cookie: from.cookie } });
        if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${await res.text()}`);
        const answered = performance.now() - started;
        const { message } = (await res.json()) as { message: { id: string; content: string; translation_status: string } };
        while ((await messageOf(base, roomId, message.id, from.cookie)).translation_status === 'pending') await new Promise((r) => setTimeout(r, 10));
        if (i === 0) {
          rows.push([`${kind} text`, JSON.stringify(message.content)]); // the first run warms the engines and is not counted
          continue;
        }
        sent.push(answered);
        translated.push(performance.now() - started);
      }
      for (const [name, values] of [[`${kind}: send answered (ms)`, sent], [`${kind}: translation stored (ms)`, translated]] as const) {
        const sorted = [...values].sort((a, b) => a - b);
        rows.push([name, `p50 ${percentile(sorted, 50).toFixed(0)}  p95 ${percentile(sorted, 95).toFixed(0)}  (n=${sorted.length})`]);
      }
    }
    table(rows);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function messageOf(base: string, roomId: string, id: string, cookie: string) {
  const res = await fetch(`${base}/api/chats/${roomId}/messages`, { headers: { cookie } });
  const { messages } = (await res.json()) as { messages: Array<{ id: string; translation_status: string }> };
  return messages.find((m) => m.id === id) ?? { translation_status: 'pending' };
}

async function json(base: string, url: string, body: unknown, cookie?: string, method = 'POST') {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as unknown;
}

async function user(base: string, name: string, language: string) {
  const id = `${name}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  const password = 'correct horse battery';
  const up = (await json(base, '/api/auth/signup', { username: id, email, password })) as { user: { id: string } };
  const res = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await json(base, '/api/profile', { language }, cookie, 'PATCH');
  return { id: up.user.id, cookie };
}

await main();
