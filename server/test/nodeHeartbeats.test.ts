import { describe, expect, it } from 'vitest';
import { fakeTranslation } from '../src/translation/testing/fakeProviders.ts';
import { httpUser, type HttpUser } from './httpClient.ts';
import { until } from './support/poll.ts';
import { useTranslatingServers } from './support/translatingServers.ts';

/**
 * A single node killed with -9 mid-translation (db/nodeHeartbeats.ts): the job lease is ten minutes
 * here, so only the restarted node handing its predecessor's jobs back (no REDIS_URL: it is the
 * database's only node) lets the message be translated while the test waits.
 */
const servers = useTranslatingServers(0);

const start = () => servers.start({ TRANSLATION_SELF_CHECK: 'off', TRANSLATION_LEASE_SECONDS: '600', NODE_HEARTBEAT_SECONDS: '1' }, 120_000);

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

    servers.delayMs = 600_000; // the engine never answers this node
    const before = servers.engine.requests.length;
    const sent = await ana.call('POST', `/api/chats/${roomId}/messages`, { content: 'See you at the station', clientId: 'heartbeat-kill9-0001' });
    expect(sent.status).toBe(201);
    const id = ((await sent.json()) as { message: { id: string } }).message.id;
    await until('the engine has the request', async () => (servers.engine.requests.length > before ? true : undefined));
    await server.kill('SIGKILL');

    servers.delayMs = 0;
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
