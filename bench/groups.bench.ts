/**
 * Group fan-out benchmark against the real server process and PostgreSQL: one group of MEMBERS
 * people reading 5 languages (en, es, fr, de, it in turn), SENDERS of them sending PER_SENDER
 * messages each, all at once. Translation goes to a local LibreTranslate-shaped stub that answers at
 * once, so the figures are Parley's own cost (fan-out, jobs, sockets), not an engine's.
 * Prints: send -> each member's socket (their language's final event) p50/p99, send -> the last
 * member p50/p99, translations and engine requests per message, server and bench-client CPU per message.
 * Run: node --import tsx bench/groups.bench.ts [members=100] [senders=10] [perSender=20]
 * BENCH_WARMUP (default 10) messages per sender go first, unmeasured: a server that has just started spends a good
 * part of its CPU compiling its hot code (V8's compiler threads), which a server running for days does not.
 * Ports 3460 (stub) and 3461 (server), or BENCH_PORT / BENCH_STUB_PORT.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import type WebSocket from 'ws';
import { type BenchUser, call as callAt, cpuSeconds, cpuSplit, createUsers as createBenchUsers, loadAverage, openSocket as openAt, startServer } from './server.ts';
import { percentile, table } from './stats.ts';

const MEMBERS = Number(process.argv[2] ?? 100);
const SENDERS = Number(process.argv[3] ?? 10);
const PER_SENDER = Number(process.argv[4] ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'];
const PORT = Number(process.env.BENCH_PORT ?? 3461);
const STUB_PORT = Number(process.env.BENCH_STUB_PORT ?? 3460);
const BASE = `http://127.0.0.1:${PORT}`;

async function main() {
  let engineCalls = 0;
  let engineTexts = 0;
  const stub = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/languages')) return res.end(JSON.stringify(LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES }))));
      engineCalls += 1;
      // q is a text, or a list of texts (the engine sends the texts of one turn in one direction together).
      const { q, target } = JSON.parse(body) as { q: string | string[]; target: string };
      engineTexts += Array.isArray(q) ? q.length : 1;
      const translated = (Array.isArray(q) ? q : [q]).map((t) => `[${target}] ${t}`);
      res.end(JSON.stringify({ translatedText: Array.isArray(q) ? translated : translated[0] }));
    });
  });
  await new Promise<void>((r) => stub.listen(STUB_PORT, '127.0.0.1', r));

  const server = await startServer(PORT, {
    TRANSLATION_ENGINES: 'libretranslate', LIBRETRANSLATE_URL: `http://127.0.0.1:${STUB_PORT}`, TRANSLATION_SELF_CHECK: 'off',
  });
  try {
    const db = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
    const users = await createBenchUsers(db, MEMBERS, 'gbench', (i) => LANGUAGES[i % LANGUAGES.length]!);
    await db.end();
    const created = await call(users[0]!.cookie, 'POST', '/api/groups', { name: 'Bench group', memberIds: users.slice(1).map((u) => u.id), register: 'colleagues' }) as { room: { id: string } };
    const roomId = created.room.id;
    const sockets = await Promise.all(users.map((u) => openSocket(u.cookie)));
    if (WARMUP > 0) await fanOut(users, sockets, roomId, WARMUP, 'warmup');
    const callsBefore = engineCalls;
    const textsBefore = engineTexts;
    const loadBefore = loadAverage();
    const txBefore = await server.transactions();
    const cpuBefore = cpuSeconds(server.pid);
    const splitBefore = cpuSplit(server.pid);
    const clientBefore = process.cpuUsage();
    const result = await fanOut(users, sockets, roomId, PER_SENDER, 'measured');
    const serverCpu = cpuSeconds(server.pid) - cpuBefore;
    const splitAfter = cpuSplit(server.pid);
    const clientUsage = process.cpuUsage(clientBefore);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
    const messages = SENDERS * PER_SENDER;
    const txPerMessage = ((await server.transactions()) - txBefore) / messages;
    sockets.forEach((ws) => ws.close());
    console.log(`\nGroup benchmark: ${MEMBERS} members in ${LANGUAGES.length} languages, ${SENDERS} senders x ${PER_SENDER} messages (after ${WARMUP} each unmeasured), PostgreSQL`);
    table([
      ['load average before / after (1, 5, 15 min)', `${loadBefore} / ${loadAverage()}`],
      ['send -> a member\'s socket (their language) p50 ms', percentile(result.each, 50).toFixed(1)],
      ['send -> a member\'s socket p99 ms', percentile(result.each, 99).toFixed(1)],
      ['send -> every member p50 ms', percentile(result.all, 50).toFixed(1)],
      ['send -> every member p99 ms', percentile(result.all, 99).toFixed(1)],
      ['messages/s', (messages / result.seconds).toFixed(1)],
      ['translations (texts sent to the engine) per message', ((engineTexts - textsBefore) / messages).toFixed(2)],
      ['engine requests per message', ((engineCalls - callsBefore) / messages).toFixed(2)],
      ['server CPU per message, ms', ((serverCpu / messages) * 1000).toFixed(2)],
      ['  of which in the kernel (system calls: sockets), ms', (((splitAfter.system - splitBefore.system) / messages) * 1000).toFixed(2)],
      ['database transactions per message (a statement alone is one)', txPerMessage.toFixed(2)],
      [`bench client CPU per message, ms (${MEMBERS} sockets reading every frame)`, ((clientCpu / messages) * 1000).toFixed(2)],
      ['server CPU per delivered event, ms', ((serverCpu / (messages * (MEMBERS - 1))) * 1000).toFixed(3)],
    ]);
  } finally {
    stub.close();
    await server.stop();
  }
}

type User = BenchUser;

const call = (cookie: string, method: string, url: string, body?: unknown) => callAt(BASE, cookie, method, url, body);
const openSocket = (cookie: string) => openAt(BASE, cookie);

/** Every sender sends `perSender` messages one after another, all senders at once; each member waits for their final event. */
async function fanOut(users: User[], sockets: WebSocket[], roomId: string, perSender: number, round: string) {
  const waiting = new Map<string, { t0: number; left: number; done: () => void }>();
  const each: number[] = [];
  const all: number[] = [];
  sockets.forEach((ws, i) => {
    const me = users[i]!;
    ws.removeAllListeners('message');
    ws.on('message', (data) => {
      const e = JSON.parse(data.toString()) as { type: string; message?: { client_id: string; sender_id: string; translation_status: string } };
      if (!e.message || e.message.sender_id === me.id) return;
      const final = e.type === 'message.translated' ? e.message.translation_status !== 'pending' : e.type === 'message.created' && e.message.translation_status === 'not_needed';
      const w = waiting.get(e.message.client_id);
      if (!final || !w) return;
      each.push(performance.now() - w.t0);
      if (--w.left === 0) {
        all.push(performance.now() - w.t0);
        w.done();
      }
    });
  });
  const started = performance.now();
  await Promise.all(users.slice(0, SENDERS).map(async (sender, s) => {
    for (let i = 0; i < perSender; i++) {
      // Distinct text per message: the translation cache must not answer.
      const clientId = `group-bench-${round}-${s}-${i}-${randomBytes(4).toString('hex')}`;
      const delivered = new Promise<void>((done) => waiting.set(clientId, { t0: performance.now(), left: MEMBERS - 1, done }));
      await call(sender.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: `Message ${i} from ${s}, ${clientId}`, clientId });
      await delivered;
    }
  }));
  each.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  return { each, all, seconds: (performance.now() - started) / 1000 };
}

await main();
