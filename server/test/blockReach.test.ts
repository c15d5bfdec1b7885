import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_QUEUE } from '../src/push/index.ts';
import { pushJobId } from '../src/push/jobs.ts';
import { getTestServer, signIn, signUpAndIn, type TestServer } from './helpers.ts';
import { PushService } from './support/pushService.ts';

/**
 * Issue 32 item 3: a block reaches groups. After carol blocks mallory, mallory can neither put carol in a group
 * (made or existing: she is left out, with an answer that says nothing) nor notify her there; carol can leave a
 * group mallory made. Real push service (the tests' decrypting one) for the notifications.
 */
let s: TestServer;
const service = new PushService(() => s.app.push.vapid()?.publicKey ?? '');
beforeAll(async () => {
  await service.start();
  s = await getTestServer({
    env: { PUSH_ALLOWED_ORIGINS: service.origin },
    push: { translationWaitMs: 500, pollMs: 100, retryDelaySeconds: 1, retryBackoff: false },
  });
});
afterAll(async () => {
  await s.close();
  await service.stop();
});

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: { cookie: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
const block = (who: Person, other: Person) => api(who, 'POST', '/api/blocks', { userId: other.id });
async function device(who: Person) {
  const cookie = await signIn(s.app, who.email, who.password);
  const sub = service.subscribe();
  expect((await api({ cookie }, 'PUT', '/api/push/subscription', sub.json)).statusCode).toBe(204);
  return sub;
}
const inList = async (who: Person, roomId: string) =>
  ((await api(who, 'GET', '/api/chats')).json().conversations as { id: string }[]).some((r) => r.id === roomId);
async function fannedOut(messageId: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const { rows } = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${PUSH_QUEUE} AND id = ${pushJobId(`message:${messageId}`)}`.execute(s.database.db);
    if (rows[0]?.state === 'completed') return;
    if (Date.now() > until) throw new Error(`the fan-out of ${messageId} did not run`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const lastLine = async (roomId: string) =>
  String((await s.database.db.selectFrom('messages').select('id').where('chat_room_id', '=', roomId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);

describe('a block reaches groups', () => {
  it('creating a group leaves out whoever blocked the creator: a neutral answer, no room, no invitation push', async () => {
    const [carol, mallory, dan, erin] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const [carolPhone, danPhone] = [await device(carol), await device(dan)];
    await block(carol, mallory);
    const res = await api(mallory, 'POST', '/api/groups', { name: 'Lure', memberIds: [carol.id, dan.id, erin.id] });
    expect(res.statusCode).toBe(201);
    const roomId = res.json().room.id as string;
    expect((res.json().members as { id: string }[]).map((m) => m.id).sort()).toEqual([mallory.id, dan.id, erin.id].sort());
    expect(await inList(carol, roomId)).toBe(false);
    expect((await api(carol, 'GET', `/api/chats/${roomId}/messages`)).statusCode).toBe(404);
    await service.waitFor(danPhone.id);
    await fannedOut(await lastLine(roomId));
    expect(service.for(carolPhone.id)).toEqual([]);
  });

  it('adding members leaves out whoever blocked the adder, with the same answer as an add', async () => {
    const [carol, mallory, dan, erin] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    // Dan has a device too: a group message with no subscribed reader queues no fan-out at all (issue 33).
    const [carolPhone, danPhone] = [await device(carol), await device(dan)];
    const roomId = (await api(mallory, 'POST', '/api/groups', { name: 'Club', memberIds: [dan.id, erin.id] })).json().room.id as string;
    await block(carol, mallory);
    const res = await api(mallory, 'POST', `/api/chats/${roomId}/members`, { userIds: [carol.id] });
    expect(res.statusCode).toBe(200);
    expect((res.json().members as { id: string }[]).some((m) => m.id === carol.id)).toBe(false);
    expect(await inList(carol, roomId)).toBe(false);
    expect((await api(mallory, 'POST', `/api/chats/${roomId}/messages`, { content: 'hi all', clientId: 'reach-msg-0001' })).statusCode).toBe(201);
    await service.waitFor(danPhone.id);
    await fannedOut(await lastLine(roomId));
    expect(service.for(carolPhone.id)).toEqual([]);
    // Someone carol did not block still adds her.
    const byDan = await api(dan, 'POST', '/api/groups', { name: 'Friends', memberIds: [carol.id, erin.id] });
    expect((byDan.json().members as { id: string }[]).some((m) => m.id === carol.id)).toBe(true);
  });

  it('in a group both are in, the blocked person\'s messages notify the others but not the blocker; she can leave', async () => {
    const [carol, mallory, dan] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const [carolPhone, danPhone] = [await device(carol), await device(dan)];
    const roomId = (await api(mallory, 'POST', '/api/groups', { name: 'Old group', memberIds: [carol.id, dan.id] })).json().room.id as string;
    // Before the block, carol is told she was added, like dan.
    await service.waitFor(carolPhone.id);
    await service.waitFor(danPhone.id);
    await block(carol, mallory);
    const sent = await api(mallory, 'POST', `/api/chats/${roomId}/messages`, { content: 'are you there', clientId: 'reach-msg-0002' });
    expect(sent.statusCode).toBe(201);
    await service.waitFor(danPhone.id, 2);
    await fannedOut(String(sent.json().message.id));
    expect(service.for(carolPhone.id).map((p) => p.payload.kind)).toEqual(['group_invite']);
    // Carol leaves the group made by the person she blocked; it is gone from her list.
    const left = await api(carol, 'POST', `/api/chats/${roomId}/leave`, {});
    expect(left.statusCode, left.body).toBe(200);
    expect(await inList(carol, roomId)).toBe(false);
  });
});
