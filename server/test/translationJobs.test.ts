import type { ServerEvent } from '@parley/common';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/chat/messageSender.ts';
import { TRANSLATION_QUEUE, TranslationJobs, type TranslationJobOptions } from '../src/chat/translationJobs.ts';
import type { ChatTranslator } from '../src/chat/types.ts';
import { createJobQueue } from '../src/db/jobQueue.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { until } from './support/poll.ts';

/** The pg-boss job runner on a real database: retries, giving up, the outbox sweeper, two runners. */
let failuresLeft = 0;
const calls: string[] = [];
/** Texts held until released: translations known to be in flight at the same time. */
const held = new Map<string, { arrived: number; release: () => void; released: Promise<void> }>();
const translator: ChatTranslator = {
  async translate(input) {
    calls.push(input.text);
    const hold = held.get(input.text);
    if (hold) {
      hold.arrived += 1;
      await hold.released;
    }
    if (input.text.includes('ALWAYS-THROW') || failuresLeft-- > 0) throw new Error('engine down');
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

function hold(text: string) {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const h = { arrived: 0, release, released };
  held.set(text, h);
  return h;
}

async function room(s: TestServer) {
  const a = await signUpAndIn(s.app);
  const b = await signUpAndIn(s.app);
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: a.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: b.cookie } });
  const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: b.id }, headers: { cookie: a.cookie } })).json().room.id as string;
  return { a, b, roomId };
}

async function send(s: TestServer, cookie: string, roomId: string, content: string, clientId: string): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content, clientId }, headers: { cookie } });
  expect(res.statusCode).toBe(201);
  return res.json().message.id;
}

/** A pair's message and its one translation row (Spanish). */
const row = (s: TestServer, id: string) => s.database.db
  .selectFrom('messages as m').innerJoin('message_translations as t', 't.message_id', 'm.id')
  .select(['m.content', 't.status as translation_status', 't.content as translated_content', 't.attempts as translation_attempts', 't.job_id as translation_job_id', 't.error as translation_error'])
  .where('m.id', '=', id as never).executeTakeFirstOrThrow();

async function settled(s: TestServer, id: string) {
  let r = await row(s, id);
  await until(`message ${id} settles`, async () => (r = await row(s, id)).translation_status !== 'pending');
  return r;
}

async function jobState(s: TestServer, jobId: string | null) {
  const r = await sql<{ state: string; retry_count: number }>`SELECT state, retry_count FROM pgboss.job WHERE name = ${TRANSLATION_QUEUE} AND id = ${jobId}`.execute(s.database.db);
  return r.rows[0];
}

/** The job's state once it is no longer active (a worker stores the result, then completes the job). */
async function finalJobState(s: TestServer, jobId: string | null) {
  let state = await jobState(s, jobId);
  await until(`job ${jobId} finishes`, async () => (state = await jobState(s, jobId))?.state !== 'active');
  return state;
}

/** Another runner on the same database, as a second node would have. */
function otherRunner(s: TestServer, options: Partial<TranslationJobOptions> = {}) {
  return new TranslationJobs({
    db: s.database.db, translator, log: s.app.log, exclusive: false, pollMs: 100, concurrency: 4, retryDelaySeconds: 0,
    boss: createJobQueue(s.database, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined }),
    events: { publish: () => undefined },
    ...options,
  });
}

describe('translation jobs on a node that works', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await getTestServer({ chatTranslator: translator, translationJobs: { retryDelaySeconds: 0, pollMs: 200 } });
  });
  afterAll(async () => s.close());

  it('retries a translator that throws, then stores the translation', async () => {
    const { a, roomId } = await room(s);
    failuresLeft = 1;
    const id = await send(s, a.cookie, roomId, 'retry me please', 'jobs-retry-0001');
    const r = await settled(s, id);
    expect(r).toMatchObject({ translation_status: 'done', translated_content: '[es] retry me please', translation_attempts: 2 });
    expect(calls.filter((c) => c === 'retry me please')).toHaveLength(2);
    expect(await finalJobState(s, r.translation_job_id)).toEqual({ state: 'completed', retry_count: 1 });
  });

  it('a job that keeps failing ends failed after 5 attempts, keeping the original', async () => {
    const { a, roomId } = await room(s);
    const id = await send(s, a.cookie, roomId, 'ALWAYS-THROW', 'jobs-fail-0001');
    const r = await settled(s, id);
    expect(r).toMatchObject({ translation_status: 'failed', translation_error: 'engine_failed', translated_content: null, content: 'ALWAYS-THROW', translation_attempts: 5 });
    expect(calls.filter((c) => c === 'ALWAYS-THROW')).toHaveLength(5);
    expect(await finalJobState(s, r.translation_job_id)).toEqual({ state: 'failed', retry_count: 4 });
  });

  it('two workers given the same message apply it once and announce it once', async () => {
    const { a, b, roomId } = await room(s);
    const h = hold('said once');
    const announced: string[] = [];
    const hub = s.app.realtimeHub;
    const original = hub.publish.bind(hub);
    hub.publish = (users, e) => {
      if (users.includes(b.id) && e.type === 'message.translated') announced.push(e.message.id);
      original(users, e);
    };
    const other = otherRunner(s, { events: { publish: (users, e) => (users.includes(b.id) && e.type === 'message.translated' ? announced.push(e.message.id) : 0) } });
    try {
      await other.start();
      const id = await send(s, a.cookie, roomId, 'said once', 'jobs-twice-0001');
      await until('the first job is in flight', () => h.arrived === 1);
      // A second job for the same pending message (a re-queue), taken while the first still runs.
      expect(await other.requeue([{ messageId: id, language: 'es' }])).toBe(1);
      other.kick();
      await until('both jobs are in flight', () => h.arrived === 2);
      h.release();
      expect(await settled(s, id)).toMatchObject({ translation_status: 'done', translated_content: '[es] said once' });
      await until('both jobs finish', () => s.app.translationJobs.inFlightCount === 0 && other.inFlightCount === 0);
      expect(announced.filter((m) => m === id)).toHaveLength(1);
    } finally {
      hub.publish = original;
      await other.drain();
    }
  });

  it('two runners on one table translate each waiting message once; the sweeper queues messages that have no job', async () => {
    const { a, b, roomId } = await room(s);
    // Work left without jobs (e.g. pending rows from before the job queue): the outbox has them.
    const rows = await s.database.db
      .insertInto('messages')
      .values(Array.from({ length: 40 }, (_, i) => ({
        chat_room_id: roomId, sender_id: a.id, client_id: `orphan-${i}`, content: `orphan ${i}`,
        original_language: 'en',
      })))
      .returning('id')
      .execute();
    await s.database.db.insertInto('message_translations').values(rows.map((r) => ({ message_id: r.id, language: 'es', status: 'pending' as const }))).execute();
    const published: ServerEvent[] = [];
    const second = otherRunner(s, { events: { publish: (users, e) => (users.includes(b.id) ? published.push(e) : 0) } });
    const firstPublished: ServerEvent[] = [];
    const hub = s.app.realtimeHub;
    const original = hub.publish.bind(hub);
    hub.publish = (users, e) => {
      if (users.includes(b.id)) firstPublished.push(e);
      original(users, e);
    };
    try {
      await second.start();
      expect(await s.app.translationJobs.sweep(0)).toBe(40);
      expect(await second.sweep(0)).toBe(0); // each message got one job
      second.kick();
      for (const r of rows) expect((await settled(s, r.id)).translation_status).toBe('done');
    } finally {
      await second.drain();
      hub.publish = original;
    }
    const ids = [...published, ...firstPublished].map((e) => (e.type === 'message.translated' ? e.message.id : ''));
    expect(ids.sort()).toEqual(rows.map((r) => String(r.id)).sort());
    for (let i = 0; i < 40; i++) expect(calls.filter((c) => c === `orphan ${i}`)).toHaveLength(1);
  }, 60_000);
});

describe('translation jobs queued by a web-only node', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await getTestServer({ env: { PARLEY_ROLE: 'web' }, chatTranslator: translator });
  });
  afterAll(async () => s.close());

  it('the message and its job are one unit: when the transaction fails, neither exists', async () => {
    const { a, roomId } = await room(s);
    const jobs = s.app.translationJobs;
    let jobId = '';
    // The job is sent, then something later in the same transaction fails.
    const failing = Object.assign(Object.create(jobs) as TranslationJobs, {
      insertJobs: async (...args: Parameters<TranslationJobs['insertJobs']>) => {
        jobId = args[1][0]!.job_id;
        await jobs.insertJobs(...args);
        expect(await args[0].selectFrom('messages').select('id').where('client_id', '=', 'unit-0001').execute()).toHaveLength(1);
        throw new Error('the transaction fails after the job was sent');
      },
    });
    const events = { publish: () => undefined };
    const eventLog = s.app.eventLog;
    const away = async () => false;
    await expect(sendMessage({ db: s.database.db, jobs: failing, events, eventLog, away }, { senderId: a.id, roomId, content: 'all or nothing', clientId: 'unit-0001' }))
      .rejects.toThrow('the transaction fails');
    expect(jobId).not.toBe('');
    expect(await s.database.db.selectFrom('messages').select('id').where('client_id', '=', 'unit-0001').execute()).toEqual([]);
    expect(await jobState(s, jobId)).toBeUndefined();

    // And when it commits, both exist.
    const { message } = await sendMessage({ db: s.database.db, jobs, events, eventLog, away }, { senderId: a.id, roomId, content: 'all or nothing', clientId: 'unit-0001' });
    const stored = await row(s, message.id);
    expect(stored.translation_status).toBe('pending');
    expect(await jobState(s, stored.translation_job_id)).toEqual({ state: 'created', retry_count: 0 });
    // The defaults: 5 attempts, exponential backoff from 1 s, an attempt expires after TRANSLATION_LEASE_SECONDS.
    const options = await sql<{ retry_limit: number; retry_delay: number; retry_backoff: boolean; expire_seconds: number }>`
      SELECT retry_limit, retry_delay, retry_backoff, extract(epoch FROM expire_in)::int AS expire_seconds
      FROM pgboss.job WHERE name = ${TRANSLATION_QUEUE} AND id = ${stored.translation_job_id}`.execute(s.database.db);
    expect(options.rows[0]).toEqual({ retry_limit: 4, retry_delay: 1, retry_backoff: true, expire_seconds: 30 });
  });

  it('the sweeper queues a pending message again whose job was deleted', async () => {
    const { a, roomId } = await room(s);
    const id = await send(s, a.cookie, roomId, 'lost job', 'sweep-0001');
    const before = await row(s, id);
    expect(await jobState(s, before.translation_job_id)).toMatchObject({ state: 'created' });
    await sql`DELETE FROM pgboss.job WHERE id = ${before.translation_job_id}`.execute(s.database.db);

    const worker = otherRunner(s, { sweepAfterMs: 0 });
    try {
      await worker.start();
      expect(await worker.sweep()).toBe(1);
      const after = await settled(s, id);
      expect(after).toMatchObject({ translation_status: 'done', translated_content: '[es] lost job' });
      expect(after.translation_job_id).not.toBe(before.translation_job_id);
      expect(await finalJobState(s, after.translation_job_id)).toMatchObject({ state: 'completed' });
      expect(await worker.sweep()).toBe(0);
    } finally {
      await worker.drain();
    }
  });

  it('a process that owns the database takes back at start-up the jobs a dead predecessor left active', async () => {
    const { a, roomId } = await room(s);
    const id = await send(s, a.cookie, roomId, 'left active', 'dead-0001');
    // A process fetched the job, then died: it stays active (no maintenance runs here to expire it).
    const dead = createJobQueue(s.database, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined });
    const fetched = await dead.fetch(TRANSLATION_QUEUE, { batchSize: 10 });
    const jobId = (await row(s, id)).translation_job_id;
    expect(fetched.map((j) => j.id)).toContain(jobId);
    expect(await jobState(s, jobId)).toEqual({ state: 'active', retry_count: 0 });

    const next = otherRunner(s, { exclusive: true });
    try {
      await next.start();
      expect(await settled(s, id)).toMatchObject({ translation_status: 'done', translated_content: '[es] left active', translation_attempts: 2 });
      expect(await finalJobState(s, jobId)).toEqual({ state: 'completed', retry_count: 1 });
    } finally {
      await next.drain();
    }
  });
});
