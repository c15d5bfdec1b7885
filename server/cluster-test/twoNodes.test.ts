import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChatTranslator } from '../src/chat/types.ts';
import { createTestDatabase, getTestServer, signIn, signUpAndIn, uniqueUser, type TestDatabase, type TestServer } from '../test/helpers.ts';
import { multipart, pngImage } from '../test/images.ts';
import { TestSocket } from '../test/realtimeClient.ts';
import { startRedis, type RedisProcess } from '../test/redisProcess.ts';

/**
 * Two app instances in one process on one PostgreSQL database and one Redis: ana's socket on
 * node 1, bruno's on node 2. Node 1 is web-only (PARLEY_ROLE=web), so every translation is
 * done by node 2, woken through Redis.
 */
const translator: ChatTranslator = {
  async translate(input) {
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let redis: RedisProcess;
let testDb: TestDatabase;
let node1: TestServer;
let node2: TestServer;
const base: Record<string, string> = {};

beforeAll(async () => {
  redis = await startRedis(Number(process.env.TEST_REDIS_PORT ?? 3291));
  testDb = await createTestDatabase('postgres');
  const env = { ...testDb.serverEnv, REDIS_URL: redis.url, REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:` };
  node1 = await getTestServer({ testDb, chatTranslator: translator, sendsPer10s: 6, env: { ...env, PARLEY_ROLE: 'web' } });
  node2 = await getTestServer({ testDb, chatTranslator: translator, sendsPer10s: 6, env: { ...env, PARLEY_ROLE: 'all' } });
  for (const [name, node] of [['node1', node1], ['node2', node2]] as const) {
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = node.app.server.address();
    base[name] = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }
});
afterAll(async () => {
  await node1?.close();
  await node2?.close();
  await testDb?.drop();
  await redis?.stop();
});

const call = (node: TestServer, cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  node.app.inject({ method, url, payload, headers: { cookie } });

async function pair() {
  const ana = await signUpAndIn(node1.app);
  const bruno = await signUpAndIn(node2.app);
  await call(node1, ana.cookie, 'PATCH', '/api/profile', { language: 'en' });
  await call(node2, bruno.cookie, 'PATCH', '/api/profile', { language: 'es' });
  return { ana, bruno };
}

describe('two nodes', () => {
  it('rooms, messages, translations, read markers and deletion reach the partner on the other node', async () => {
    const { ana, bruno } = await pair();
    const anaSock = await TestSocket.open(base.node1!, ana.cookie);
    const brunoSock = await TestSocket.open(base.node2!, bruno.cookie);

    const started = await call(node1, ana.cookie, 'POST', '/api/chats', { userId: bruno.id });
    expect(started.statusCode).toBe(201);
    const roomId = started.json().room.id as string;
    expect((await brunoSock.next('room.created')).room.id).toBe(roomId);

    const sent = await call(node1, ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'Good morning', clientId: 'two-nodes-0001' });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().message.id as string;
    expect((await brunoSock.next('message.created')).message.id).toBe(id);
    // Node 1 is web-only: node 2 translated it, and both sides heard about it.
    const translated = await brunoSock.next('message.translated');
    expect(translated.message).toMatchObject({ id, translated_content: '[es] Good morning', translation_status: 'done' });
    expect((await anaSock.next('message.translated')).message.id).toBe(id);

    const reply = await call(node2, bruno.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'Buenos días', clientId: 'two-nodes-0002' });
    expect((await anaSock.next((e) => e.type === 'message.created' && e.message.id === reply.json().message.id)).type).toBe('message.created');

    await call(node2, bruno.cookie, 'POST', `/api/chats/${roomId}/read`);
    const read = await anaSock.next('read.updated');
    expect(read).toMatchObject({ roomId, userId: bruno.id, lastReadMessageId: reply.json().message.id });

    expect((await call(node2, bruno.cookie, 'DELETE', `/api/chats/${roomId}`)).json()).toEqual({ deleted: true });
    expect((await anaSock.next('room.deleted')).roomId).toBe(roomId);
    // Each event once per socket, though two nodes published to Redis.
    expect(brunoSock.count('message.created')).toBe(2);
    expect(anaSock.events.filter((e) => e.type === 'message.translated' && e.message.id === id)).toHaveLength(1);
    anaSock.close();
    brunoSock.close();
  });

  it('sign-out on node 1 closes the session\'s socket on node 2 and node 2 forgets its cached session at once', async () => {
    const user = uniqueUser();
    expect((await node1.app.inject({ method: 'POST', url: '/api/auth/signup', payload: user })).statusCode).toBe(201);
    const cookie = await signIn(node1.app, user.email, user.password);
    // Node 2 resolves (and caches) the session.
    expect((await call(node2, cookie, 'GET', '/api/profile')).statusCode).toBe(200);
    const sock = await TestSocket.open(base.node2!, cookie);
    const closed = sock.waitClosed();

    expect((await call(node1, cookie, 'POST', '/api/auth/signout')).statusCode).toBeLessThan(300);
    expect(await closed).toBe(4001);
    expect((await call(node2, cookie, 'GET', '/api/profile')).statusCode).toBe(401);
  });

  it("a language changed on node 2 applies at once to sends on node 1 (its cached send context is dropped)", async () => {
    const { ana, bruno } = await pair();
    const anaSock = await TestSocket.open(base.node1!, ana.cookie);
    const roomId = (await call(node1, ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const first = await call(node1, ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'Hello', clientId: 'context-client-1' });
    expect(first.json().message.target_language).toBe('es');
    expect((await call(node2, bruno.cookie, 'PATCH', '/api/profile', { language: 'fr' })).statusCode).toBe(200);
    // Node 2's next message on the bus comes after its contexts.changed: once ana's socket on node 1
    // has this read marker, node 1 has dropped its contexts (the test clock never expires them).
    await call(node2, bruno.cookie, 'POST', `/api/chats/${roomId}/read`);
    await anaSock.next((e) => e.type === 'read.updated' && e.userId === bruno.id);
    const second = await call(node1, ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'Hello again', clientId: 'context-client-2' });
    expect(second.json().message.target_language).toBe('fr');
    anaSock.close();
  });

  it('a send limit counts the sends of both nodes', async () => {
    const { ana, bruno } = await pair();
    const roomId = (await call(node1, ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? node1 : node2;
      statuses.push((await call(node, ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: `m${i}`, clientId: `limit-client-${i}` })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    const over = await call(node2, ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'one too many', clientId: 'limit-client-x' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the voice socket cap counts sockets on both nodes, and sign-out closes voice sockets on the other node', async () => {
    const user = await signUpAndIn(node1.app);
    const open = (node: 'node1' | 'node2') => new Promise<{ ws: WebSocket; status: number }>((resolve) => {
      const ws = new WebSocket(`${base[node]!.replace('http', 'ws')}/functions/v1/realtime-voice-translate`, { headers: { cookie: user.cookie, origin: base[node]! } });
      ws.once('open', () => resolve({ ws, status: 101 }));
      ws.once('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
      ws.once('error', () => undefined);
    });
    const held = [await open('node1'), await open('node2'), await open('node1'), await open('node2')];
    expect(held.map((h) => h.status)).toEqual([101, 101, 101, 101]);
    expect((await open('node1')).status).toBe(429);
    expect((await open('node2')).status).toBe(429);
    // A closed socket frees its slot for the other node.
    const freed = new Promise((r) => held[0]!.ws.once('close', r));
    held[0]!.ws.close();
    await freed;
    let again = await open('node2');
    for (let i = 0; i < 50 && again.status !== 101; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the release reaches Redis just after the close
      again = await open('node2');
    }
    expect(again.status).toBe(101);
    const onNode2 = [held[1]!.ws, held[3]!.ws, again.ws].map((ws) => new Promise<number>((r) => ws.once('close', (code) => r(code))));
    expect((await call(node1, user.cookie, 'POST', '/api/auth/signout')).statusCode).toBeLessThan(300);
    expect(await Promise.all(onNode2)).toEqual([4001, 4001, 4001]);
    held[2]!.ws.close();
  });

  it('an avatar uploaded through node 1 is served by node 2', async () => {
    const user = await signUpAndIn(node1.app);
    const body = multipart('file', 'me.png', 'image/png', await pngImage());
    const up = await node1.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
    expect(up.statusCode).toBe(200);
    const served = await node2.app.inject({ url: up.json().avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('a photo sent through node 1 is served by node 2 to the partner, and to no one else', async () => {
    const { ana, bruno } = await pair();
    const stranger = await signUpAndIn(node2.app);
    const roomId = (await call(node1, ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const photo = multipart('file', 'photo.png', 'image/png', await pngImage(320, 200));
    const clientId = Buffer.from(`--${photo.headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\nana-cluster-photo1\r\n`);
    const sent = await node1.app.inject({
      method: 'POST', url: `/api/chats/${roomId}/photos`, payload: Buffer.concat([clientId, photo.payload]), headers: { ...photo.headers, cookie: ana.cookie },
    });
    expect(sent.statusCode).toBe(201);
    const url = `/api/chats/${roomId}/media/${sent.json().message.attachment.id}`;
    const served = await node2.app.inject({ url, headers: { cookie: bruno.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await node2.app.inject({ url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('answers readiness with database and Redis, and keeps /metrics private', async () => {
    const ready = await node1.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, database: true, redis: true });
    expect((await node1.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('a group across two nodes', () => {
  it('a member removed on node 1 is read-only on node 2 at once: socket events stop, sends answer as a missing room, the history ends at the removal', async () => {
    const ana = await signUpAndIn(node1.app);
    const [li, bo] = [await signUpAndIn(node2.app), await signUpAndIn(node2.app)];
    await call(node1, ana.cookie, 'PATCH', '/api/profile', { language: 'en' });
    await call(node2, li.cookie, 'PATCH', '/api/profile', { language: 'es' });
    await call(node2, bo.cookie, 'PATCH', '/api/profile', { language: 'fr' });
    const created = await call(node1, ana.cookie, 'POST', '/api/groups', { name: 'Across', memberIds: [li.id, bo.id] });
    expect(created.statusCode).toBe(201);
    const roomId = created.json().room.id as string;
    const liSock = await TestSocket.open(base.node2!, li.cookie);
    const boSock = await TestSocket.open(base.node2!, bo.cookie);
    // Bo sends through node 2 first: node 2 now keeps Bo's send context in its cache.
    expect((await call(node2, bo.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'Bonjour', clientId: 'group-bo-0001' })).statusCode).toBe(201);
    const photo = multipart('file', 'photo.png', 'image/png', await pngImage(64, 64));
    const clientId = Buffer.from(`--${photo.headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\ngroup-photo-0001\r\n`);
    const sentPhoto = await node1.app.inject({
      method: 'POST', url: `/api/chats/${roomId}/photos`, payload: Buffer.concat([clientId, photo.payload]), headers: { ...photo.headers, cookie: ana.cookie },
    });
    expect(sentPhoto.statusCode).toBe(201);
    const mediaUrl = `/api/chats/${roomId}/media/${sentPhoto.json().message.attachment.id}`;
    expect((await node2.app.inject({ url: mediaUrl, headers: { cookie: bo.cookie } })).statusCode).toBe(200);

    expect((await call(node1, ana.cookie, 'DELETE', `/api/chats/${roomId}/members/${bo.id}`)).statusCode).toBe(200);
    // The removal and the cache's end travel on the same bus: once Bo's socket on node 2 hears it, node 2 has forgotten Bo's context.
    await boSock.next((e) => e.type === 'group.you_were_removed' && e.roomId === roomId);
    const missing = '00000000-0000-4000-8000-000000000000';
    const same = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const mine = await call(node2, bo.cookie, method, `/api/chats/${roomId}${path}`, payload);
      const none = await call(node2, bo.cookie, method, `/api/chats/${missing}${path}`, payload);
      expect(mine.statusCode).toBe(404);
      expect(mine.body).toBe(none.body);
    };
    await same('POST', '/messages', { content: 'Encore là ?', clientId: 'group-bo-0002' });
    // Issue 38 item 2: a removed member keeps the conversation read-only up to the removal (photos sent before it too).
    expect((await node2.app.inject({ url: mediaUrl, headers: { cookie: bo.cookie } })).statusCode).toBe(200);

    const after = await call(node1, ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'After Bo', clientId: 'group-ana-0002' });
    const afterId = after.json().message.id as string;
    await liSock.next((e) => e.type === 'message.translated' && e.message.id === afterId && e.message.translation_status === 'done');
    expect(boSock.events.some((e) => (e.type === 'message.created' || e.type === 'message.translated') && e.message.id === afterId)).toBe(false);
    const history = await call(node2, bo.cookie, 'GET', `/api/chats/${roomId}/messages`);
    expect(history.statusCode).toBe(200);
    const contents = (history.json().messages as { id: string; content: string }[]).map((m) => m.content);
    expect(contents).toContain('Bonjour');
    expect(contents).not.toContain('After Bo');
    liSock.close();
    boSock.close();
  });

  it('typing on node 1 reaches the members on node 2, and stops for a member removed', async () => {
    const ana = await signUpAndIn(node1.app);
    const [li, bo] = [await signUpAndIn(node2.app), await signUpAndIn(node2.app)];
    const roomId = (await call(node1, ana.cookie, 'POST', '/api/groups', { name: 'Typing', memberIds: [li.id, bo.id] })).json().room.id as string;
    const [liSock, boSock] = [await TestSocket.open(base.node2!, li.cookie), await TestSocket.open(base.node2!, bo.cookie)];
    const typedBy = (sock: TestSocket) => sock.events.filter((e) => e.type === 'typing' && e.roomId === roomId).length;
    const first = await TestSocket.open(base.node1!, ana.cookie);
    first.ws.send(JSON.stringify({ type: 'typing', roomId }));
    expect(await liSock.next((e) => e.type === 'typing' && e.roomId === roomId)).toEqual({ v: 1, type: 'typing', roomId, userId: ana.id });
    await boSock.next((e) => e.type === 'typing' && e.roomId === roomId);

    expect((await call(node1, ana.cookie, 'DELETE', `/api/chats/${roomId}/members/${bo.id}`)).statusCode).toBe(200);
    await boSock.next((e) => e.type === 'group.you_were_removed' && e.roomId === roomId);
    // A second socket of ana's (a socket relays a room's typing once per 2 s): li hears it, bo no more.
    const second = await TestSocket.open(base.node1!, ana.cookie);
    second.ws.send(JSON.stringify({ type: 'typing', roomId }));
    await liSock.next(() => typedBy(liSock) === 2);
    expect(typedBy(boSock)).toBe(1);
    for (const sock of [liSock, boSock, first, second]) sock.close();
  });
});
