import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch, startServerProcess, type ServerProcess } from './serverProcess.ts';
import { uniqueUser } from './helpers.ts';

/**
 * The real server process against a real PostgreSQL whose backends are terminated while eight
 * clients send: the process must stay up, answer 503 `database_unavailable` (never 500) for what
 * could not be done, and lose or duplicate nothing. Always runs on PostgreSQL (PGlite has no
 * connections to lose).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `parley_outage_${randomBytes(6).toString('hex')}`;
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const terminateBackends = () =>
  admin((c) => c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]));

async function signUpAndIn(base: string) {
  const user = uniqueUser('outage');
  const call = browserFetch(base);
  const up = await call('/api/auth/signup', { method: 'POST', body: user });
  expect(up.status).toBe(201);
  const id = ((await up.json()) as { user: { id: string } }).user.id;
  const signin = await call('/api/auth/signin', { method: 'POST', body: { email: user.email, password: user.password } });
  const cookie = signin.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const as = browserFetch(base, cookie);
  expect((await as('/api/profile', { method: 'PATCH', body: { language: 'en' } })).status).toBe(200);
  return { id, as };
}

describe('PostgreSQL drops its connections under load', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    server = await startServerProcess({ DATABASE_URL: dbUrl, TRANSLATION_ENGINES: 'libretranslate', LIBRETRANSLATE_URL: 'http://127.0.0.1:9', CHAT_SENDS_PER_10S: '100000' });
  });
  afterAll(async () => {
    await server?.stop();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  });

  it('keeps the process up, answers 503 at worst, and loses or duplicates no message', async () => {
    const ana = await signUpAndIn(server.url);
    const bruno = await signUpAndIn(server.url);
    const room = (await (await ana.as('/api/chats', { method: 'POST', body: { userId: bruno.id } })).json()) as { room: { id: string } };
    const roomId = room.room.id;

    const statuses = new Map<number, number>();
    const sent = new Set<string>();
    const codes = new Set<string>();
    let done = 0;
    let stop = false;
    // Eight send loops; a send answered 503 (or cut) is retried with the same client id, as the web does.
    const loop = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        const clientId = `loop${n}-msg${i}-${randomBytes(3).toString('hex')}`;
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const res = await ana.as(`/api/chats/${roomId}/messages`, { method: 'POST', body: { content: `m ${n}.${i}`, clientId } }).catch(() => undefined);
          if (!res) break; // the process is gone: the assertions below say so
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = (await res.json()) as { error?: { code: string } };
          if (res.status === 503) {
            codes.add(body.error?.code ?? '');
            continue;
          }
          if (res.status !== 200 && res.status !== 201) break;
          sent.add(clientId);
          done += 1;
          break;
        }
      }
    };
    const loops = Array.from({ length: 8 }, (_, n) => loop(n));
    for (let kill = 0; kill < 6; kill += 1) {
      const target = done + 15;
      while (done < target && server.exitCode() === undefined) await new Promise((r) => setTimeout(r, 20));
      await terminateBackends();
    }
    const target = done + 30;
    while (done < target && server.exitCode() === undefined) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(loops);

    expect(server.exitCode(), server.output()).toBeUndefined();
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    expect([...codes].filter((c) => c !== 'database_unavailable')).toEqual([]);

    // Serving afterwards: every acknowledged message is stored exactly once (paged with ?after=).
    const all: string[] = [];
    let after = '0';
    for (;;) {
      const page = await bruno.as(`/api/chats/${roomId}/messages?after=${after}`);
      expect(page.status).toBe(200);
      const rows = ((await page.json()) as { messages: { id: string; client_id: string }[] }).messages;
      if (rows.length === 0) break;
      all.push(...rows.map((m) => m.client_id));
      after = rows.at(-1)?.id ?? after;
    }
    const stored = new Set(all);
    expect(all.length).toBe(stored.size);
    for (const id of sent) expect(stored.has(id)).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
  });

  it('answers a write cut mid-query 503 database_unavailable, and the next one succeeds', async () => {
    const ana = await signUpAndIn(server.url);
    // Hold the profile row so the server's UPDATE waits on the lock, then end that backend.
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM profiles WHERE id = $1 FOR UPDATE', [ana.id]);
      const pending = ana.as('/api/profile', { method: 'PATCH', body: { bio: 'first' } });
      let waiting: number | undefined;
      while (waiting === undefined) {
        const r = await holder.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
          [dbName],
        );
        waiting = r.rows[0]?.pid;
      }
      await holder.query('SELECT pg_terminate_backend($1)', [waiting]);
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const again = await ana.as('/api/profile', { method: 'PATCH', body: { bio: 'second' } });
    expect(again.status, `${await again.clone().text()}\n${server.output().slice(-4000)}`).toBe(200);
    expect(((await again.json()) as { bio: string }).bio).toBe('second');
    expect(server.exitCode()).toBeUndefined();
  });
});
