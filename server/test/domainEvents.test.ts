import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/connect.ts';
import { createJobQueue, JOB_SCHEMA, type JobQueue } from '../src/db/jobQueue.ts';
import { EventLog, type DomainEvent, type EventConsumer } from '../src/events/index.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

/**
 * The event log (events/log.ts) on a real pg-boss: what it writes, in whose transaction, and when it writes nothing.
 * The app's own consumer (push) is tested through the app in push.test.ts.
 */
const QUEUE = 'test-domain-events';
let testDb: TestDatabase;
let handle: DbHandle;
let boss: JobQueue;
const woken: string[] = [];

/** A consumer of sends in rooms it was told about (as outgoing webhooks are) and of every edit. */
const watched = new Set<string>();
const consumer: EventConsumer = {
  queue: QUEUE,
  policy: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
  types: ['message.sent', 'message.edited'],
  wants: (e) => e.type === 'message.edited' || watched.has(e.roomId ?? ''),
  job: (e: DomainEvent) => ({ data: { event: e } }),
  queued: () => woken.push('consumer'),
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await testDb.open();
  boss = createJobQueue(handle, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined });
  await boss.start();
  await boss.createQueue(QUEUE);
});

afterAll(async () => {
  await boss?.stop({ graceful: false, close: false });
  await handle?.close();
  await testDb?.drop();
});

const jobsOfQueue = async () =>
  (await sql<{ data: { event: DomainEvent } }>`SELECT data FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE name = ${QUEUE} ORDER BY created_on, id`.execute(handle.db)).rows.map((r) => r.data.event);

/** A consumer that wants nothing (the webhooks' place in EventConsumers). */
const nobody = { queue: 'nobody', policy: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 }, types: [], wants: () => false, job: () => undefined };

const sent = (roomId: string, messageId: string): DomainEvent => ({ type: 'message.sent', roomId, messageId, actorId: null, notify: false });

describe('the event log', () => {
  it('writes one job per event a consumer wants, in the caller\'s transaction: rolled back with it, woken after it', async () => {
    const log = new EventLog(boss, { push: consumer, webhooks: nobody, linkPreviews: nobody });
    watched.add('room-a');
    expect(log.wanted({ type: 'message.sent', roomId: 'room-a' })).toBe(true);
    expect(log.wanted({ type: 'message.sent', roomId: 'room-b' })).toBe(false);
    // Nobody consumes reactions here.
    expect(log.wanted({ type: 'reaction.changed', roomId: 'room-a' })).toBe(false);

    // A transaction that fails after recording leaves no job.
    await expect(handle.db.transaction().execute(async (tx) => {
      await log.record(tx, [sent('room-a', '1')]);
      throw new Error('the change fails after its events were recorded');
    })).rejects.toThrow('the change fails');
    expect(await jobsOfQueue()).toEqual([]);

    // Committed: one job per wanted event (room-b's send is wanted by nobody), in one statement.
    const committed = await handle.db.transaction().execute((tx) => log.record(tx, [
      sent('room-a', '2'), sent('room-b', '3'), { type: 'message.edited', roomId: 'room-b', messageId: '3', actorId: 'x', at: '2026-11-27T00:00:00.000Z' },
      { type: 'reaction.changed', roomId: 'room-a', messageId: '2', actorId: 'x' },
    ]));
    // (One statement: the jobs share their creation time, so they are compared as a set.)
    expect((await jobsOfQueue()).map((e) => `${e.type}:${'messageId' in e ? e.messageId : ''}`).sort()).toEqual(['message.edited:3', 'message.sent:2']);
    expect(woken).toEqual([]);
    committed.wake();
    expect(woken).toEqual(['consumer']);
  });

  it('apply: a change nobody consumes runs on its own (no transaction, nothing written); a wanted one records its events with it', async () => {
    const log = new EventLog(boss, { push: consumer, webhooks: nobody, linkPreviews: nobody });
    const before = (await jobsOfQueue()).length;
    let inTransaction: boolean | undefined;
    const result = await log.apply(handle.db, { type: 'message.sent', roomId: 'room-c' }, async (db) => {
      inTransaction = db.isTransaction;
      return { result: 'done', events: [sent('room-c', '4')] };
    });
    expect(result).toBe('done');
    expect(inTransaction).toBe(false);
    expect(await jobsOfQueue()).toHaveLength(before);

    watched.add('room-c');
    await log.apply(handle.db, { type: 'message.sent', roomId: 'room-c' }, async (db) => {
      inTransaction = db.isTransaction;
      return { result: 'done', events: [sent('room-c', '5')] };
    });
    expect(inTransaction).toBe(true);
    expect((await jobsOfQueue()).slice(before).map((e) => ('messageId' in e ? e.messageId : ''))).toEqual(['5']);
  });
});
