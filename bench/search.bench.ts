/**
 * Message search latency (issue 25 item 7) over MESSAGES messages, each with a translation row, on PGlite and on
 * PostgreSQL. 60 users in pairs and groups; the searcher is in 20 conversations (about a third of the messages);
 * every message has 6-14 words from a 300-word vocabulary (w0q..w299q, skewed to the low numbers) (Spanish originals, an English translation row e0q..e299q for
 * the reader). Each query runs RUNS times through the server's own searchMessages (first page, 20 hits).
 * Prints p50/p95 per query kind and backend.
 * Run: node --import tsx bench/search.bench.ts [messages=100000] [runs=20] [pglite|postgres|both]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDb, type DbHandle } from '../server/src/db/connect.ts';
import { searchMessages } from '../server/src/chat/messageSearch.ts';
import { percentile, table } from './stats.ts';

const MESSAGES = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 20);
const WHICH = process.argv[4] ?? 'both';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 60;

const QUERIES: [string, string][] = [
  ['common word (in ~10% of messages)', 'w3q'],
  ['rare word (in ~0.3%)', 'w250q'],
  ['two words', 'w3q w12q'],
  ['translated word (reader language)', 'e9q'],
  ['two letters (no trigram)', 'w1'],
  ['two letters, no match (the whole scan)', 'zq'],
  ['no match', 'zzzqqq'],
];

async function seed(db: DbHandle['db']): Promise<string> {
  // Users 0..59 (user 0 searches); rooms: 40 pairs (user i with i+1) and 10 groups of 6.
  await sql`INSERT INTO users (id, email, password_hash)
    SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'u' || i || '@bench.test', 'x' FROM generate_series(0, ${USERS - 1}) i`.execute(db);
  await sql`INSERT INTO profiles (id, username, email, language)
    SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'user' || i, 'u' || i || '@bench.test', CASE WHEN i % 2 = 0 THEN 'en' ELSE 'es' END
    FROM generate_series(0, ${USERS - 1}) i`.execute(db);
  const uid = (i: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad((${i})::text, 12, '0'))::uuid`);
  await sql`INSERT INTO chat_rooms (id, name, kind, pair_key)
    SELECT ('10000000-0000-4000-8000-' || lpad(r::text, 12, '0'))::uuid, 'room' || r,
      CASE WHEN r < 40 THEN 'direct' ELSE 'group' END, CASE WHEN r < 40 THEN 'pair' || r END
    FROM generate_series(0, 49) r`.execute(db);
  const room = (r: string) => sql.raw(`('10000000-0000-4000-8000-' || lpad((${r})::text, 12, '0'))::uuid`);
  // Pairs: room r joins users r and r+1 (so user 0 is in room 0 only) ... and user 0 also pairs with 1..14 (rooms 40+).
  await sql`INSERT INTO chat_room_participants (chat_room_id, user_id)
    SELECT ${room('r')}, ${uid('r')} FROM generate_series(0, 39) r
    UNION ALL SELECT ${room('r')}, ${uid('r + 1')} FROM generate_series(0, 39) r
    UNION ALL SELECT ${room('40 + g')}, ${uid('(g * 6 + k) % 60')} FROM generate_series(0, 9) g, generate_series(0, 5) k
    ON CONFLICT DO NOTHING`.execute(db);
  // The searcher (user 0) in 20 rooms: room 0, and groups 40-49 get them too, plus pairs 1-9 re-pointed at them.
  await sql`INSERT INTO chat_room_participants (chat_room_id, user_id) SELECT ${room('40 + g')}, ${uid('0')} FROM generate_series(0, 9) g ON CONFLICT DO NOTHING`.execute(db);
  await sql`UPDATE chat_room_participants SET user_id = ${uid('0')} WHERE user_id <> ${uid('0')} AND chat_room_id IN (SELECT ${room('r')} FROM generate_series(1, 9) r)
    AND user_id = (SELECT min(user_id::text)::uuid FROM chat_room_participants p2 WHERE p2.chat_room_id = chat_room_participants.chat_room_id)`.execute(db);
  // Messages in batches of 10,000: words word0..word299 (skewed: low numbers more common), an English row 'tword..'.
  for (let from = 0; from < MESSAGES; from += 10_000) {
    const to = Math.min(MESSAGES, from + 10_000) - 1;
    await sql`
      WITH src AS (
        SELECT g, ${room('g % 50')} AS room_id,
          (SELECT string_agg('w' || floor(300 * power(random(), 2))::int || 'q', ' ') FROM generate_series(1, 6 + (g % 9))) AS words
        FROM generate_series(${from}::int, ${to}::int) g
      ), ins AS (
        INSERT INTO messages (chat_room_id, sender_id, client_id, content, original_language)
        SELECT room_id, (SELECT user_id FROM chat_room_participants p WHERE p.chat_room_id = src.room_id AND p.user_id <> ${uid('0')} LIMIT 1),
          'bench' || g, words, 'es'
        FROM src RETURNING id, content
      )
      INSERT INTO message_translations (message_id, language, content, status)
      SELECT id, 'en', replace(content, 'w', 'e'), 'done' FROM ins`.execute(db);
  }
  await sql`ANALYZE`.execute(db);
  return '00000000-0000-4000-8000-000000000000';
}

async function measure(name: string, handle: DbHandle): Promise<[string, string][]> {
  const started = performance.now();
  const searcher = await seed(handle.db);
  const rows: [string, string][] = [[`${name}: seeded ${MESSAGES} messages + translations`, `${((performance.now() - started) / 1000).toFixed(1)} s`]];
  for (const [label, q] of QUERIES) {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS + 2; i += 1) {
      const t0 = performance.now();
      const page = await searchMessages(handle.db, searcher, { q });
      if (i >= 2) times.push(performance.now() - t0); // two warm-up runs
      hits = page.results.length;
    }
    times.sort((a, b) => a - b);
    rows.push([`${name}: ${label} "${q}" (${hits} on page 1)`, `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`]);
  }
  return rows;
}

async function main() {
  const rows: [string, string][] = [];
  if (WHICH !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-search-bench-'));
    const handle = await connectDb({ pgliteDir: path.join(dir, 'pgdata') });
    try {
      rows.push(...(await measure('PGlite', handle)));
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (WHICH !== 'pglite') {
    const name = `parley_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const handle = await connectDb({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      rows.push(...(await measure('PostgreSQL', handle)));
    } finally {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  table(rows);
}

await main();
