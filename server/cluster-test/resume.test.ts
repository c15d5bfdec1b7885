import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, getTestServer, signUpAndIn, type TestDatabase, type TestServer } from '../test/helpers.ts';
import { TestSocket } from '../test/realtimeClient.ts';

/**
 * The commit-order race of a resume, reproduced deterministically on PostgreSQL (it needs two
 * connections, which the embedded database does not have): a send takes the lower id and keeps
 * its transaction open while a later send takes a higher id and commits; the reader sees the
 * higher one, loses its socket, and only then does the lower one commit.
 */
let testDb: TestDatabase;
let node: TestServer;
let base: string;
let holder: pg.Client;

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  node = await getTestServer({ testDb, env: testDb.serverEnv });
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = node.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  holder = new pg.Client({ connectionString: testDb.serverEnv.DATABASE_URL });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
  await node?.close();
  await testDb?.drop();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  node.app.inject({ method, url, payload, headers: { cookie } });

describe('resume after a reconnect', () => {
  it('returns a message whose lower id committed after the client saw a higher one', async () => {
    const ana = await signUpAndIn(node.app);
    const bruno = await signUpAndIn(node.app);
    await call(ana.cookie, 'PATCH', '/api/profile', { language: 'en' });
    await call(bruno.cookie, 'PATCH', '/api/profile', { language: 'en' });
    const roomId = (await call(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const brunoSock = await TestSocket.open(base, bruno.cookie);

    // A send still in its transaction: its id is taken, its row not yet visible.
    await holder.query('BEGIN');
    const slow = await holder.query<{ id: string }>(
      `INSERT INTO messages (chat_room_id, sender_id, client_id, content)
       VALUES ($1, $2, 'race-slow', 'sent first, committed last') RETURNING id`,
      [roomId, ana.id],
    );
    const lowId = slow.rows[0]!.id;

    // A later send takes a higher id, commits, and reaches bruno, who now holds it as his newest.
    const fast = await call(ana.cookie, 'POST', `/api/chats/${roomId}/messages`, { content: 'sent second, committed first', clientId: 'race-fast' });
    expect(fast.statusCode).toBe(201);
    const highId = fast.json().message.id as string;
    expect(BigInt(highId)).toBeGreaterThan(BigInt(lowId));
    expect((await brunoSock.next((e) => e.type === 'message.created' && e.message.id === highId)).type).toBe('message.created');

    // Bruno's socket drops; then the first send commits (its announcement is lost to him).
    brunoSock.close();
    await brunoSock.waitClosed();
    await holder.query('COMMIT');

    // A plain `after` cursor misses it: that is the race.
    const after = (await call(bruno.cookie, 'GET', `/api/chats/${roomId}/messages?after=${highId}`)).json().messages as { id: string }[];
    expect(after.map((m) => m.id)).toEqual([]);
    // The resume returns it (and the one he holds again, which the client merges by id).
    const resumed = (await call(bruno.cookie, 'GET', `/api/chats/${roomId}/messages?resume=${highId}`)).json().messages as { id: string; content: string }[];
    expect(resumed.map((m) => m.id)).toEqual([lowId, highId]);
    expect(resumed[0]!.content).toBe('sent first, committed last');
  });
});
