/**
 * Web push fan-out benchmark against the real server process and PostgreSQL: a group of MEMBERS
 * people reading 5 languages, each with one device subscribed at a local push service (the tests'
 * server/test/support/pushService.ts: it checks every VAPID JWT and decrypts every payload, as a
 * phone's push service and the phone would). One member sends MESSAGES messages, WINDOW at a time;
 * each reaches every other member's device as one push. Translation goes to a local stub that answers
 * at once (the push waits for the reader's translation), so the figures are Parley's own cost.
 * Prints: send -> push at the push service p50/p99, pushes/s, server CPU per push and per message.
 * Run: node --import tsx bench/push.bench.ts [members=50] [messages=40] [window=5]
 * Ports 3470 (stub) and 3471 (server), or BENCH_PORT / BENCH_STUB_PORT.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { PushService } from '../server/test/support/pushService.ts';
import { call as callAt, cpuSeconds, createUsers as createBenchUsers, loadAverage, startServer } from './server.ts';
import { percentile, table } from './stats.ts';

const MEMBERS = Number(process.argv[2] ?? 50);
const MESSAGES = Number(process.argv[3] ?? 40);
const WINDOW = Number(process.argv[4] ?? 5);
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'];
const PORT = Number(process.env.BENCH_PORT ?? 3471);
const STUB_PORT = Number(process.env.BENCH_STUB_PORT ?? 3470);
const BASE = `http://127.0.0.1:${PORT}`;

async function main() {
  const stub = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/languages')) return res.end(JSON.stringify(LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES }))));
      const { q, target } = JSON.parse(body) as { q: string | string[]; target: string };
      const translated = (Array.isArray(q) ? q : [q]).map((t) => `[${target}] ${t}`);
      res.end(JSON.stringify({ translatedText: Array.isArray(q) ? translated : translated[0] }));
    });
  });
  await new Promise<void>((r) => stub.listen(STUB_PORT, '127.0.0.1', r));
  let publicKey = '';
  const service = new PushService(() => publicKey);
  await service.start();

  const server = await startServer(PORT, {
    TRANSLATION_ENGINES: 'libretranslate', LIBRETRANSLATE_URL: `http://127.0.0.1:${STUB_PORT}`, TRANSLATION_SELF_CHECK: 'off',
    PUSH_ALLOWED_ORIGINS: service.origin,
  });
  try {
    const db = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
    const users = await createBenchUsers(db, MEMBERS, 'pbench', (i) => LANGUAGES[i % LANGUAGES.length]!);
    await db.end();
    publicKey = ((await call(users[0]!.cookie, 'GET', '/api/push/key')) as { publicKey: string }).publicKey;
    const devices = new Map<string, string>();
    for (const u of users.slice(1)) {
      const sub = service.subscribe();
      const res = await fetch(`${BASE}/api/push/subscription`, { method: 'PUT', headers: { cookie: u.cookie, origin: BASE, 'content-type': 'application/json' }, body: JSON.stringify(sub.json) });
      if (res.status !== 204) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
      devices.set(sub.id, u.id);
    }
    const created = await call(users[0]!.cookie, 'POST', '/api/groups', { name: 'Bench group', memberIds: users.slice(1).map((u) => u.id), register: 'colleagues' }) as { room: { id: string } };
    const roomId = created.room.id;
    // The invitations arrive first (one push per device); then the clock starts.
    await waitForPushes(service, MEMBERS - 1);
    const before = service.received.length;
    const loadBefore = loadAverage();
    const cpuBefore = cpuSeconds(server.pid);
    const sentAt = new Map<string, number>();
    const arrivals: number[] = [];
    const arrivedAt: number[] = [];
    const original = service.received.push.bind(service.received);
    service.received.push = (...items) => {
      for (const p of items) {
        const t0 = p.payload.messageId ? sentAt.get(p.payload.messageId) : undefined;
        if (t0 !== undefined) {
          arrivals.push(performance.now() - t0);
          arrivedAt.push(performance.now());
        }
      }
      return original(...items);
    };
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i += WINDOW) {
      await Promise.all(Array.from({ length: Math.min(WINDOW, MESSAGES - i) }, async (_, j) => {
        const clientId = `push-bench-${i + j}-${randomBytes(4).toString('hex')}`;
        const t0 = performance.now();
        const { message } = await call(users[0]!.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: `Message ${i + j}, ${clientId}`, clientId }) as { message: { id: string } };
        sentAt.set(message.id, t0);
      }));
    }
    await waitForPushes(service, before + MESSAGES * (MEMBERS - 1));
    const seconds = (Math.max(...arrivedAt) - started) / 1000;
    const serverCpu = cpuSeconds(server.pid) - cpuBefore;
    const pushes = MESSAGES * (MEMBERS - 1);
    arrivals.sort((a, b) => a - b);
    console.log(`\nWeb push benchmark: ${MEMBERS} members (${MEMBERS - 1} devices) in ${LANGUAGES.length} languages, ${MESSAGES} messages ${WINDOW} at a time, PostgreSQL`);
    table([
      ['load average before / after (1, 5, 15 min)', `${loadBefore} / ${loadAverage()}`],
      ['send -> push at the push service p50 ms', percentile(arrivals, 50).toFixed(1)],
      ['send -> push at the push service p99 ms', percentile(arrivals, 99).toFixed(1)],
      ['pushes/s', (pushes / seconds).toFixed(1)],
      ['server CPU per push, ms', ((serverCpu / pushes) * 1000).toFixed(2)],
      ['server CPU per message (all its pushes), ms', ((serverCpu / MESSAGES) * 1000).toFixed(1)],
      ['refused by the push service (bad JWT, undecryptable)', String(service.rejected.length)],
      ['duplicates', String(service.received.length - before - new Set(service.received.slice(before).map((p) => `${p.subscription}:${p.payload.messageId}`)).size)],
    ]);
  } finally {
    stub.close();
    await service.stop();
    await server.stop();
  }
}

const call = (cookie: string, method: string, url: string, body?: unknown) => callAt(BASE, cookie, method, url, body);

async function waitForPushes(service: PushService, n: number) {
  const until = Date.now() + 600_000;
  while (service.received.length < n) {
    if (Date.now() > until) throw new Error(`only ${service.received.length} of ${n} pushes arrived`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

await main();
