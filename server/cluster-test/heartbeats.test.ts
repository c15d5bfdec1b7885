import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/connect.ts';
import { fakeTranslation, libreHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { httpUser } from '../test/httpClient.ts';
import { TestSocket } from '../test/realtimeClient.ts';
import { startRedis, type RedisProcess } from '../test/redisProcess.ts';
import { startServerProcess, type ServerProcess } from '../test/serverProcess.ts';
import { until } from '../test/support/poll.ts';

/**
 * Two real nodes (PostgreSQL + Redis), kill -9 the one holding a translation job: the other notices
 * its heartbeat stopped and finishes the job (db/nodeHeartbeats.ts). The lease is ten minutes, so
 * only the heartbeat can bring the job back while the test waits.
 */
const languages = [
  { code: 'en', name: 'English', targets: ['es'] },
  { code: 'es', name: 'Spanish', targets: ['en'] },
];
let engineDelayMs = 0;
let engine: FakeProvider;
let redis: RedisProcess;
let testDb: TestDatabase;
let db: DbHandle;
const nodes: ServerProcess[] = [];

beforeAll(async () => {
  const libre = libreHandler({ languages });
  engine = await startFake((req) => ({ ...libre(req), delayMs: req.path === '/translate' ? engineDelayMs : 0 }));
  redis = await startRedis(Number(process.env.TEST_HEARTBEAT_REDIS_PORT ?? 3303));
  testDb = await createTestDatabase('postgres');
  db = await testDb.open();
  const env = {
    ...testDb.serverEnv,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `hb${randomBytes(4).toString('hex')}:`,
    TRANSLATION_ENGINES: 'libretranslate',
    LIBRETRANSLATE_URL: engine.url,
    TRANSLATION_SELF_CHECK: 'off',
    TRANSLATION_LEASE_SECONDS: '600',
    NODE_HEARTBEAT_SECONDS: '1',
  };
  nodes.push(...(await Promise.all([0, 1].map(() => startServerProcess(env, 120_000)))));
}, 180_000);
afterAll(async () => {
  for (const n of nodes) await n.stop();
  await db?.close();
  await testDb?.drop();
  await redis?.stop();
  await engine?.close();
});


const nodeId = async (node: ServerProcess) => ((await (await fetch(`${node.url}/api/health`)).json()) as { node: string }).node;

describe('node heartbeats, two nodes', () => {
  it('kill -9 of the node holding a translation: the other node finishes it and the reader hears it', async () => {
    const [first, second] = nodes as [ServerProcess, ServerProcess];
    const ana = await httpUser(() => first.url, 'en');
    const bruno = await httpUser(() => second.url, 'es');
    const roomId = ((await (await ana.call('POST', '/api/chats', { userId: bruno.id })).json()) as { room: { id: string } }).room.id;

    engineDelayMs = 600_000; // whoever takes the job first never hears back from the engine
    const sent = await ana.call('POST', `/api/chats/${roomId}/messages`, { content: 'The museum opens at nine', clientId: 'heartbeat-cluster-0001' });
    expect(sent.status).toBe(201);
    const id = ((await sent.json()) as { message: { id: string } }).message.id;
    const { rows: [queued] } = await sql<{ job: string }>`SELECT job_id AS job FROM message_translations WHERE message_id = ${id}`.execute(db.db);
    const holder = await until('a node records that it holds the job', async () => {
      const { rows } = await sql<{ node: string }>`SELECT node_id AS node FROM node_heartbeats WHERE ${queued!.job}::uuid = ANY(job_ids)`.execute(db.db);
      return rows[0]?.node;
    });
    const ids = await Promise.all(nodes.map(nodeId));
    const victim = nodes[ids.indexOf(holder)]!;
    const survivor = victim === first ? second : first;
    const reader = await TestSocket.open(survivor.url, bruno.cookie);

    engineDelayMs = 0;
    await victim.kill('SIGKILL');
    const killedAt = performance.now();
    const heard = await reader.next<'message.translated'>((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status !== 'pending');
    // A figure, not an assertion: heartbeat 1 s, dead after 3 missed beats, first retry after 1-2 s.
    console.log(`heartbeats: the reader heard the translation ${((performance.now() - killedAt) / 1000).toFixed(1)} s after kill -9 (lease 600 s)`);
    expect(heard.message).toMatchObject({ translation_status: 'done', translated_content: fakeTranslation('es', 'The museum opens at nine') });
    expect(survivor.output()).toMatch(/a node stopped sending heartbeats/);
    reader.close();
  }, 180_000);
});
