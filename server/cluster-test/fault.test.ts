import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp } from '../src/auth/service.ts';
import type { DbHandle } from '../src/db/connect.ts';
import { libreHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { browserFetch, startServerProcess, type ServerProcess } from '../test/serverProcess.ts';
import { startRedis, type RedisProcess } from '../test/redisProcess.ts';

/**
 * The cluster under faults, end to end: two real node processes behind HAProxy on PostgreSQL and
 * a redis-server of the test's own. 20 senders x 50 messages through the load balancer while
 * node 1 is killed (-9) and restarted, Redis is restarted, and PostgreSQL's connections to the
 * test database are terminated. Senders retry with the same client id; receivers reconnect and
 * resume with ?after. Nothing acknowledged may be lost, stored twice, delivered twice, or left
 * pending.
 */
const SENDERS = 20;
const PER_SENDER = 50;
const RECEIVERS = 4;
const ROOT = path.resolve(import.meta.dirname, '../..');
const LB_PORT = Number(process.env.FAULT_LB_PORT ?? 3280);
const NODE_PORTS = [LB_PORT + 1, LB_PORT + 2];
const REDIS_PORT = Number(process.env.FAULT_REDIS_PORT ?? 3292);
const LB = `http://127.0.0.1:${LB_PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let testDb: TestDatabase;
let db: DbHandle;
let redis: RedisProcess;
let engine: FakeProvider;
let haproxy: ChildProcess;
let cfg: string | undefined; // HAProxy's configuration file, removed afterwards
const nodes: (ServerProcess | undefined)[] = [];
let nodeEnv: Record<string, string>;

const startNode = async (i: number) => (nodes[i] = await startServerProcess({ ...nodeEnv, PORT: String(NODE_PORTS[i]) }));

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  db = await testDb.open();
  redis = await startRedis(REDIS_PORT);
  const libre = libreHandler({ languages: [{ code: 'en', name: 'English', targets: ['es'] }, { code: 'es', name: 'Spanish', targets: ['en'] }] });
  engine = await startFake((req) => ({ ...libre(req), delayMs: req.path === '/translate' ? 20 : 0 }));
  nodeEnv = {
    ...testDb.serverEnv, REDIS_URL: redis.url, REDIS_PREFIX: `fault${randomBytes(3).toString('hex')}:`, TRUST_PROXY: '1',
    TRANSLATION_ENGINES: 'libretranslate', LIBRETRANSLATE_URL: engine.url, TRANSLATION_LEASE_SECONDS: '3',
    CHAT_SENDS_PER_10S: '100000',
  };
  await Promise.all([startNode(0), startNode(1)]);
  cfg = path.join(tmpdir(), `parley-fault-${randomBytes(4).toString('hex')}.cfg`);
  writeFileSync(cfg, readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8') + NODE_PORTS.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check\n`).join(''));
  haproxy = spawn('haproxy', ['-db', '-f', cfg], { env: { ...process.env, PARLEY_LB_BIND: `127.0.0.1:${LB_PORT}` }, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${LB}/api/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    await sleep(100);
  }
}, 120_000);

afterAll(async () => {
  haproxy?.kill('SIGKILL');
  if (cfg) rmSync(cfg, { force: true });
  for (const n of nodes) await n?.stop();
  await engine?.close();
  await redis?.stop();
  await db?.close();
  await testDb?.drop();
});

async function user(language: string) {
  const name = `f${randomBytes(5).toString('hex')}`;
  const password = 'correct horse battery';
  // Created in the database: the per-address sign-up limit would stop 24 sign-ups from one address.
  const { id } = await signUp({ db: db.db, emailConfirmation: false, now: () => new Date() }, { username: name, email: `${name}@example.com`, password });
  await db.db.updateTable('profiles').set({ language }).where('id', '=', id).execute();
  const signin = await browserFetch(LB)('/api/auth/signin', { method: 'POST', body: { email: `${name}@example.com`, password } });
  expect(signin.status).toBe(200);
  const cookie = signin.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { id, cookie, call: browserFetch(LB, cookie) };
}

/** A receiver's socket through the load balancer: reconnects on any close, then fetches what it missed. */
class Receiver {
  readonly seen = new Map<string, Set<string>>(); // message id -> how it arrived
  readonly rooms: string[] = [];
  private ws: WebSocket | undefined;
  private stopped = false;
  reconnects = 0;
  constructor(readonly u: Awaited<ReturnType<typeof user>>) {}

  connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(`${LB.replace('http', 'ws')}/api/realtime`, { headers: { cookie: this.u.cookie, origin: LB } });
    this.ws = ws;
    ws.on('message', (data) => {
      const e = JSON.parse(data.toString()) as { type: string; message?: { id: string; chat_room_id: string } };
      if (e.type === 'hello') void this.resume();
      if (e.message) {
        this.roomOf.set(e.message.id, e.message.chat_room_id);
        this.note(e.message.id, e.type);
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.stopped) return;
      this.reconnects += 1;
      setTimeout(() => this.connect(), 200 + Math.random() * 300);
    });
  }

  /**
   * After (re)connecting: every room's messages after the last one seen before this connection, and those changed shortly before it
   * (taken at once: events arriving on the new socket meanwhile must not move the mark).
   */
  async resume(): Promise<void> {
    const marks = this.rooms.map((roomId) => [roomId, [...this.seen.keys()].filter((id) => this.roomOf.get(id) === roomId).map(Number).sort((a, b) => b - a)[0] ?? 0] as const);
    for (const [roomId, last] of marks) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await this.u.call(`/api/chats/${roomId}/messages?resume=${last}`).catch(() => undefined);
        if (res?.ok) {
          for (const m of ((await res.json()) as { messages: { id: string }[] }).messages) {
            this.roomOf.set(m.id, roomId);
            this.note(m.id, 'history');
          }
          break;
        }
        await sleep(250);
      }
    }
  }

  readonly roomOf = new Map<string, string>();
  private note(id: string, how: string) {
    let s = this.seen.get(id);
    if (!s) this.seen.set(id, (s = new Set()));
    s.add(how);
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

describe('cluster under faults', () => {
  it('20 senders x 50 messages through the load balancer: node kill -9 + restart, Redis restart, PostgreSQL connections terminated', async () => {
    const receivers = await Promise.all(Array.from({ length: RECEIVERS }, async () => new Receiver(await user('es'))));
    const senders = await Promise.all(Array.from({ length: SENDERS }, async (_, i) => {
      const s = await user('en');
      const r = receivers[i % RECEIVERS]!;
      const res = await s.call('/api/chats', { method: 'POST', body: { userId: r.u.id } });
      const roomId = ((await res.json()) as { room: { id: string } }).room.id;
      r.rooms.push(roomId);
      return { ...s, roomId, acked: new Map<string, string>() }; // client id -> message id
    }));
    for (const r of receivers) r.connect();
    await sleep(500);

    let acked = 0;
    let retries = 0;
    const faults: string[] = [];
    const total = SENDERS * PER_SENDER;
    const injectFaults = (async () => {
      const at = async (share: number) => {
        while (acked < total * share) await sleep(20);
      };
      await at(0.2);
      faults.push('kill -9 node 1');
      const killed = nodes[0]!;
      await killed.kill('SIGKILL');
      await killed.stop();
      await sleep(500);
      await startNode(0);
      await at(0.45);
      faults.push('Redis restart');
      await redis.stop();
      await sleep(300);
      redis = await startRedis(REDIS_PORT);
      await at(0.7);
      faults.push('PostgreSQL connections terminated');
      const admin = new pg.Client({ connectionString: testDb.serverEnv.DATABASE_URL!.replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [new URL(testDb.serverEnv.DATABASE_URL!).pathname.slice(1)]);
      await admin.end();
    })();

    await Promise.all(senders.map(async (s, i) => {
      for (let j = 0; j < PER_SENDER; j++) {
        const clientId = `s${i}-m${j}-${randomBytes(2).toString('hex')}`;
        for (let attempt = 0; ; attempt++) {
          const res = await s.call(`/api/chats/${s.roomId}/messages`, { method: 'POST', body: { content: `sender ${i} message ${j}`, clientId } }).catch(() => undefined);
          if (res && (res.status === 200 || res.status === 201)) {
            s.acked.set(clientId, ((await res.json()) as { message: { id: string } }).message.id);
            acked += 1;
            break;
          }
          retries += 1;
          if (attempt > 200) throw new Error(`send ${clientId} never acknowledged (last ${res?.status})`);
          await sleep(Math.min(1_000, 50 * 2 ** Math.min(attempt, 5)));
        }
      }
    }));
    await injectFaults;

    // The test's own connections were terminated with the servers': its reads try again on a fresh connection.
    const reading = async <T>(read: () => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await read();
        } catch (error) {
          if (attempt >= 5) throw error;
          await sleep(200);
        }
      }
    };
    // Settle: every translation reaches a final status.
    const pending = () => reading(async () => Number((await db.db.selectFrom('message_translations').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n));
    for (let i = 0; i < 600 && (await pending()) > 0; i++) await sleep(100);
    for (const r of receivers) await r.resume();

    const rows = await reading(() => db.db.selectFrom('messages as m').leftJoin('message_translations as t', 't.message_id', 'm.id')
      .select(['m.id', 'm.client_id', 'm.content', 't.status as translation_status']).execute());
    const byContent = new Map<string, number>();
    for (const row of rows) byContent.set(row.content, (byContent.get(row.content) ?? 0) + 1);
    const storedIds = new Set(rows.map((r) => String(r.id)));
    const ackedIds = senders.flatMap((s) => [...s.acked.values()]);
    const lost = ackedIds.filter((id) => !storedIds.has(id)).length;
    const storedTwice = [...byContent.values()].filter((n) => n > 1).length;
    // Delivered twice: one sent message reaching a receiver as two different message ids.
    const contentOf = new Map(rows.map((r) => [String(r.id), r.content]));
    let deliveredTwice = 0;
    let undelivered = 0;
    for (const r of receivers) {
      const contents = [...r.seen.keys()].map((id) => contentOf.get(id));
      deliveredTwice += contents.length - new Set(contents).size;
      const mine = senders.filter((_, i) => receivers[i % RECEIVERS] === r).flatMap((s) => [...s.acked.values()]);
      const missing = mine.filter((id) => !r.seen.has(id));
      undelivered += missing.length;
      if (missing.length) console.log('undelivered:', missing.map((id) => contentOf.get(id)).join(', '));
    }
    const leftPending = await pending();
    const report = {
      faults, acknowledged: ackedIds.length, stored: rows.length, retries,
      reconnects: receivers.reduce((n, r) => n + r.reconnects, 0),
      translated: rows.filter((r) => r.translation_status === 'done').length,
      failed: rows.filter((r) => r.translation_status === 'failed').length,
      lost, storedTwice, deliveredTwice, undelivered, leftPending,
    };
    console.log('fault test:', JSON.stringify(report));
    for (const r of receivers) r.stop();

    expect(faults).toHaveLength(3);
    expect(ackedIds).toHaveLength(total);
    expect({ lost, storedTwice, deliveredTwice, undelivered, leftPending }).toEqual({ lost: 0, storedTwice: 0, deliveredTwice: 0, undelivered: 0, leftPending: 0 });
  }, 180_000);
});
