import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeTranslation, libreHandler, startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';
import { httpUser, type HttpUser } from './httpClient.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';
import { until } from './support/poll.ts';

/**
 * A single node killed with -9 mid-translation (db/nodeHeartbeats.ts): the job lease is ten minutes
 * here, so only the restarted node handing its predecessor's jobs back (no REDIS_URL: it is the
 * database's only node) lets the message be translated while the test waits.
 */
const languages = [
  { code: 'en', name: 'English', targets: ['es'] },
  { code: 'es', name: 'Spanish', targets: ['en'] },
];
let engineDelayMs = 0;
let engine: FakeProvider;
let testDb: TestDatabase;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  const libre = libreHandler({ languages });
  engine = await startFake((req) => ({ ...libre(req), delayMs: req.path === '/translate' ? engineDelayMs : 0 }));
  testDb = await createTestDatabase();
});
afterEach(async () => {
  for (const p of running) await p.stop();
  running.clear();
});
afterAll(async () => {
  await engine.close();
  await testDb.drop();
});

async function start(): Promise<ServerProcess> {
  const p = await startServerProcess({
    ...testDb.serverEnv,
    TRANSLATION_ENGINES: 'libretranslate',
    LIBRETRANSLATE_URL: engine.url,
    TRANSLATION_SELF_CHECK: 'off',
    TRANSLATION_LEASE_SECONDS: '600',
    NODE_HEARTBEAT_SECONDS: '1',
  }, 120_000);
  running.add(p);
  return p;
}


async function message(user: HttpUser, roomId: string, id: string) {
  const res = await user.call('GET', `/api/chats/${roomId}/messages`);
  const list = ((await res.json()) as { messages: { id: string; translation_status: string; translated_content: string | null }[] }).messages;
  return list.find((m) => m.id === id);
}

describe('node heartbeats, one node', () => {
  it('kill -9 mid-translation, then a restart: the message is translated without waiting out the lease', async () => {
    let server = await start();
    const ana = await httpUser(() => server.url, 'en');
    const bruno = await httpUser(() => server.url, 'es');
    const roomId = ((await (await ana.call('POST', '/api/chats', { userId: bruno.id })).json()) as { room: { id: string } }).room.id;

    engineDelayMs = 600_000; // the engine never answers this node
    const before = engine.requests.length;
    const sent = await ana.call('POST', `/api/chats/${roomId}/messages`, { content: 'See you at the station', clientId: 'heartbeat-kill9-0001' });
    expect(sent.status).toBe(201);
    const id = ((await sent.json()) as { message: { id: string } }).message.id;
    await until('the engine has the request', async () => (engine.requests.length > before ? true : undefined));
    await server.kill('SIGKILL');

    engineDelayMs = 0;
    server = await start();
    const readyAt = performance.now();
    const settled = await until('the message is translated', async () => {
      const m = await message(bruno, roomId, id);
      return m && m.translation_status !== 'pending' ? m : undefined;
    });
    // A figure, not an assertion.
    console.log(`heartbeats: translated ${((performance.now() - readyAt) / 1000).toFixed(1)} s after the restarted node was ready (lease 600 s)`);
    expect(settled).toMatchObject({ translation_status: 'done', translated_content: fakeTranslation('es', 'See you at the station') });
  }, 240_000);
});
