import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_QUEUE, TranslationJobs } from '../src/chat/translationJobs.ts';
import type { ChatTranslator } from '../src/chat/types.ts';
import { retryOnConnectionLoss } from '../src/db/availability.ts';
import type { DbHandle } from '../src/db/connect.ts';
import { createJobQueue, JOB_SCHEMA } from '../src/db/jobQueue.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';
import { until } from './support/poll.ts';

/**
 * A translation job whose database connection is terminated (pg_terminate_backend: a restart, a
 * failover, an operator) between its fetch and its completion. Always on the PostgreSQL server:
 * PGlite has no connection to lose. A row lock held by another session makes the job's statement
 * wait, so the terminated backend is the one running it, at that step.
 */
let testDb: TestDatabase;
let handle: DbHandle;
let locker: pg.Client;
let jobs: TranslationJobs;
/** Run inside the engine call (after the fetch, before the result is stored and the job closed). */
let duringTranslation: (messageId: string) => Promise<void> = async () => undefined;
let roomId: string;
let senderId: string;

const translator: ChatTranslator = {
  async translate(input) {
    await duringTranslation(input.messageId ?? '');
    return { ok: true, text: `[${input.target}] ${input.text}`, detectedLanguage: 'en' };
  },
};

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  handle = await testDb.open();
  locker = new pg.Client({ connectionString: testDb.serverEnv.DATABASE_URL });
  await locker.connect();
  const db = handle.db;
  const { rows: [ana] } = await sql<{ id: string }>`INSERT INTO users (email, password_hash) VALUES ('ana-faults@example.com', 'x') RETURNING id`.execute(db);
  const { rows: [li] } = await sql<{ id: string }>`INSERT INTO users (email, password_hash) VALUES ('li-faults@example.com', 'x') RETURNING id`.execute(db);
  senderId = ana!.id;
  await sql`INSERT INTO profiles (id, username, email, language) VALUES (${ana!.id}, 'anafaults', 'ana-faults@example.com', 'en'), (${li!.id}, 'lifaults', 'li-faults@example.com', 'es')`.execute(db);
  const { rows: [room] } = await sql<{ id: string }>`INSERT INTO chat_rooms (name, created_by, pair_key) VALUES ('faults', ${ana!.id}, ${`${ana!.id}:${li!.id}`}) RETURNING id`.execute(db);
  roomId = room!.id;
  await sql`INSERT INTO chat_room_participants (chat_room_id, user_id) VALUES (${roomId}, ${ana!.id}), (${roomId}, ${li!.id})`.execute(db);
  jobs = new TranslationJobs({
    db, translator, log: pino({ level: 'silent' }), events: { publish: () => undefined }, exclusive: false,
    boss: createJobQueue(handle, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined }),
    // A lease of an hour: a job left active would stay so for the whole test (and fail it).
    leaseMs: 3_600_000, retryDelaySeconds: 0, pollMs: 100,
  });
  await jobs.start();
});

afterAll(async () => {
  await jobs?.drain();
  await locker?.end();
  await handle?.close();
  await testDb?.drop();
});

async function send(clientId: string): Promise<{ messageId: string; jobId: string }> {
  const result = await handle.db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('messages').values({ chat_room_id: roomId, sender_id: senderId, client_id: clientId, content: 'Good morning', original_language: 'en' })
      .returning('id').executeTakeFirstOrThrow();
    const [t] = await jobs.addTranslations(tx, String(row.id), ['es']);
    return { messageId: String(row.id), jobId: String(t!.job_id) };
  });
  jobs.queued();
  return result;
}

/** The backend of the pool waiting on the locker's row lock, once there is one. */
async function blockedBackend(): Promise<number> {
  for (;;) {
    const { rows } = await locker.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
    if (rows[0]) return rows[0].pid;
    await new Promise((r) => setTimeout(r, 20));
  }
}

// The test's own reads share the pool whose connections were terminated: they retry too.
const translationOf = (messageId: string) => retryOnConnectionLoss(() => handle.db.selectFrom('message_translations').select(['status', 'content', 'attempts', 'job_id']).where('message_id', '=', messageId as never).executeTakeFirstOrThrow());
const jobOf = (jobId: string) => retryOnConnectionLoss(async () =>
  (await sql<{ state: string; retry_count: number }>`SELECT state, retry_count FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE name = ${TRANSLATION_QUEUE} AND id = ${jobId}`.execute(handle.db)).rows[0]);

describe('a translation job whose connection is terminated between fetch and completion', () => {
  it('a completion that meets the terminated connection is retried at once: the job is completed on its first attempt, not left to expire', async () => {
    let terminated = false;
    // The worker may start the job before send() returns here (on a busy machine it does): it waits for the id.
    let knowJob!: (id: string) => void;
    const jobIdKnown = new Promise<string>((resolve) => (knowJob = resolve));
    duringTranslation = async () => {
      if (terminated) return;
      const id = await jobIdKnown;
      // Hold the job's row: its completion (after the result is stored) waits on it.
      await locker.query('BEGIN');
      await locker.query(`SELECT id FROM ${JOB_SCHEMA}.job WHERE id = $1 FOR UPDATE`, [id]);
    };
    const sent = await send('faults-complete');
    const jobId = sent.jobId;
    knowJob(jobId);
    const pid = await blockedBackend();
    await locker.query('SELECT pg_terminate_backend($1)', [pid]);
    terminated = true;
    // The completion is tried again on a fresh connection and waits on the same row: let it have it.
    await blockedBackend();
    await locker.query('COMMIT');
    expect(await until(`job ${jobId} finishes`, () => jobOf(jobId), (j) => j?.state !== 'active')).toEqual({ state: 'completed', retry_count: 0 });
    expect(await translationOf(sent.messageId)).toMatchObject({ status: 'done', content: '[es] Good morning', attempts: 1 });
  });

  it('storing the result on a terminated connection fails the attempt at once: it is retried, and the translation is not left pending', async () => {
    let lockedOnce = false;
    duringTranslation = async (messageId) => {
      if (lockedOnce) return;
      lockedOnce = true;
      // Hold the translation's row: storing the result waits on it.
      await locker.query('BEGIN');
      await locker.query(`SELECT * FROM message_translations WHERE message_id = $1 FOR UPDATE`, [messageId]);
    };
    const sent = await send('faults-store');
    const pid = await blockedBackend();
    await locker.query('SELECT pg_terminate_backend($1)', [pid]);
    await locker.query('COMMIT');
    const settled = await until('the message settles', () => translationOf(sent.messageId), (t) => t.status !== 'pending');
    expect(settled).toMatchObject({ status: 'done', content: '[es] Good morning', attempts: 2 });
    expect(await until('the job finishes', () => jobOf(sent.jobId), (j) => j?.state !== 'active')).toEqual({ state: 'completed', retry_count: 1 });
  });
});
