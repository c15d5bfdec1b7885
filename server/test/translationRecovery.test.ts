import { describe, expect, it } from 'vitest';
import { fakeTranslation } from '../src/translation/testing/fakeProviders.ts';
import { httpUser, type HttpUser } from './httpClient.ts';
import { TestSocket } from './realtimeClient.ts';
import { until } from './support/poll.ts';
import { useTranslatingServers } from './support/translatingServers.ts';

/**
 * A translation in flight when the server process stops (kill -9, SIGTERM) must still reach
 * a final status: the real server in a child process, a slow LibreTranslate-protocol engine.
 */
const servers = useTranslatingServers(3_000);

const start = (extra: Record<string, string> = {}) => servers.start({ TRANSLATION_LEASE_SECONDS: '2', ...extra });

/** ana (English) and bruno (Spanish) in one room on the given server. */
async function conversation(base: () => string) {
  const ana = await httpUser(base, 'en');
  const bruno = await httpUser(base, 'es');
  const room = await ana.call('POST', '/api/chats', { userId: bruno.id });
  return { ana, bruno, roomId: ((await room.json()) as { room: { id: string } }).room.id };
}

async function messages(user: HttpUser, roomId: string) {
  const res = await user.call('GET', `/api/chats/${roomId}/messages`);
  return ((await res.json()) as { messages: { id: string; client_id: string; translation_status: string; translated_content: string | null }[] }).messages;
}

const settled = async (user: HttpUser, roomId: string, id: string) =>
  until(`message ${id} translated`, async () => (await messages(user, roomId)).find((x) => x.id === id), (m) => m !== undefined && m.translation_status !== 'pending', { everyMs: 100 });

/** Send, and return once the engine has the request (the translation is in flight). */
async function sendInFlight(ana: HttpUser, roomId: string, content: string, clientId: string) {
  const before = servers.engine.requests.length;
  const res = await ana.call('POST', `/api/chats/${roomId}/messages`, { content, clientId });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { message: { id: string } }).message.id;
  // Polled, not a fixed wait: a loaded machine may take longer than any guess to fetch the job.
  await until('the engine has the request', () => servers.engine.requests.length > before);
  return id;
}

describe('translation work survives a stopped server', () => {
  it('kill -9 mid-translation: after a restart the message is translated, and a resend does not strand it', async () => {
    servers.delayMs = 3_000;
    let server = await start();
    const { ana, bruno, roomId } = await conversation(() => server.url);
    const id = await sendInFlight(ana, roomId, 'Good morning, how are you today?', 'kill9-client-0001');
    await server.kill('SIGKILL');

    server = await start();
    // The sender retries with the same client id (its request may have seemed lost): same message.
    const resent = await ana.call('POST', `/api/chats/${roomId}/messages`, { content: 'Good morning, how are you today?', clientId: 'kill9-client-0001' });
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { message: { id: string } }).message.id).toBe(id);

    const m = await settled(bruno, roomId, id);
    expect(m).toMatchObject({ translation_status: 'done', translated_content: fakeTranslation('es', 'Good morning, how are you today?') });
    expect((await messages(bruno, roomId)).filter((x) => x.client_id === 'kill9-client-0001')).toHaveLength(1);
  }, 120_000);

  it('SIGTERM finishes the translation in flight before exiting and tells sockets to reconnect (1012)', async () => {
    servers.delayMs = 2_000;
    let server = await start({ SHUTDOWN_DRAIN_SECONDS: '20' });
    const { ana, bruno, roomId } = await conversation(() => server.url);
    const socket = await TestSocket.open(server.url, bruno.cookie);
    const id = await sendInFlight(ana, roomId, 'The house is near the museum.', 'sigterm-client-0001');
    const closeCode = socket.waitClosed();
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(await closeCode).toBe(1012);
    // The socket heard the translation before it was told to reconnect, or it is in the history.
    server = await start();
    const m = (await messages(bruno, roomId)).find((x) => x.id === id);
    expect(m).toMatchObject({ translation_status: 'done', translated_content: fakeTranslation('es', 'The house is near the museum.') });
  }, 120_000);

  it('SIGTERM with a slow engine hands the job back; the next process translates it', async () => {
    servers.delayMs = 4_000;
    let server = await start({ SHUTDOWN_DRAIN_SECONDS: '0.3' });
    const { ana, bruno, roomId } = await conversation(() => server.url);
    const id = await sendInFlight(ana, roomId, 'Where is the train station?', 'sigterm-client-0002');
    expect(await server.kill('SIGTERM')).toBe(0);

    server = await start();
    const m = await settled(bruno, roomId, id);
    expect(m).toMatchObject({ translation_status: 'done', translated_content: fakeTranslation('es', 'Where is the train station?') });
  }, 120_000);
});
