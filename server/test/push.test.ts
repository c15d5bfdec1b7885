import { CALL_API, loadLocaleCatalog } from '@parley/common';
import { sql } from 'kysely';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { PUSH_QUEUE, queueCallPush } from '../src/push/index.ts';
import { pushJobId } from '../src/push/jobs.ts';
import { sendPush, vapidAuthorization } from '../src/push/sender.ts';
import { checkEndpoint } from '../src/push/ssrf.ts';
import { getTestServer, signIn, signUpAndIn, signUpSpeaking, type TestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';
import { PushService, type TestSubscription } from './support/pushService.ts';
import { until } from './support/poll.ts';

/** Marks text with its target language; "slow" texts take longer than the push's wait for them. */
const translator: ChatTranslator = {
  async translate(input) {
    if (input.text.startsWith('slow')) await new Promise((r) => setTimeout(r, 20_000));
    if (input.text.startsWith('Later')) await new Promise((r) => setTimeout(r, 1_000));
    return { text: `[${input.target}] ${input.text}`, ok: true, kind: 'translated', detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let s: TestServer;
let base: string;
const service = new PushService(() => s.app.push.vapid()?.publicKey ?? '');
beforeAll(async () => {
  await service.start();
  s = await getTestServer({
    listen: true,
    chatTranslator: translator,
    env: { PUSH_ALLOWED_ORIGINS: `${service.origin}, https://push.example.test` },
    push: { translationWaitMs: 8_000, pollMs: 100, retryDelaySeconds: 1, retryBackoff: false },
  });
  base = s.base;
});
afterAll(async () => {
  await s.close();
  await service.stop();
});

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });

const person = (language: string) => signUpSpeaking(s.app, language);

/** A device of `who`: a session of its own with a subscription at the local push service. */
async function device(who: Person, own = true): Promise<{ cookie: string; sub: TestSubscription }> {
  const cookie = own ? await signIn(s.app, who.email, who.password) : who.cookie;
  const sub = service.subscribe();
  const res = await api(cookie, 'PUT', '/api/push/subscription', sub.json);
  expect(res.statusCode, res.body).toBe(204);
  return { cookie, sub };
}

async function room(a: Person, b: Person): Promise<string> {
  const res = await api(a.cookie, 'POST', '/api/chats', { userId: b.id });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().room.id as string;
}

let seq = 0;
async function send(who: Person, roomId: string, content: string): Promise<string> {
  const res = await api(who.cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `push-client-${++seq}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message.id as string;
}

/** The fan-out of a push subject ran (its deliveries, if any, are queued); a message's by default. */
const fannedOut = (messageId: string, key = `message:${messageId}`) => until(`the fan-out of ${key}`, async () => {
  const row = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${PUSH_QUEUE} AND id = ${pushJobId(key)}`.execute(s.database.db);
  return row.rows[0]?.state === 'completed';
});
/** Push jobs queued for a message: a send writes its job in its own transaction, so after its answer or never. */
const pushJobs = async (messageId: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PUSH_QUEUE} AND id = ${pushJobId(`message:${messageId}`)}`.execute(s.database.db)).rows[0]!.n;
const subscriptionRows = async (endpoint: string) =>
  (await s.database.db.selectFrom('push_subscriptions').select('session_id').where('endpoint', '=', endpoint).execute()).length;

describe('what a phone shows', () => {
  it('the sender and the message in the reader\'s language, tagged per conversation, urgent, collapsible', async () => {
    const [ana, bruno] = [await person('en'), await person('es')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    const anaPhone = await device(ana);
    const id = await send(ana, roomId, 'Hello there');
    const [push] = await service.waitFor(phone.sub.id);
    expect(push?.payload).toEqual({ v: 1, kind: 'message', roomId, title: ana.username, body: '[es] Hello there', tag: `parley-room-${roomId}`, messageId: id });
    expect(push).toMatchObject({ urgency: 'high', topic: roomId.replace(/-/g, ''), ttl: 86_400 });
    // The sender's own devices are not told about their own message.
    await send(bruno, roomId, 'Hola');
    await service.waitFor(anaPhone.sub.id);
    expect(service.for(anaPhone.sub.id).map((p) => p.payload.body)).toEqual(['[en] Hola']);
    expect(service.rejected).toEqual([]);
  });

  it('the original with "Translating..." in the reader\'s language when the translation is late', async () => {
    const [ana, bruno] = [await person('en'), await person('fr')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    await send(ana, roomId, 'slow news');
    const [push] = await service.waitFor(phone.sub.id);
    const fr = await loadLocaleCatalog('fr');
    expect(push?.payload.body).toBe(`slow news\n${fr['push.translating']}`);
    expect(fr['push.translating']).not.toBe('Translating...');
  });

  it('"New message" only when the reader hides message text; group messages name the sender', async () => {
    const [ana, bruno, carl] = [await person('en'), await person('de'), await person('en')];
    const phone = await device(bruno);
    const settings = await api(bruno.cookie, 'PATCH', '/api/push/settings', { hideText: true });
    expect(settings.json()).toMatchObject({ hideText: true });
    const group = await api(ana.cookie, 'POST', '/api/groups', { name: 'Trip', memberIds: [bruno.id, carl.id] });
    const roomId = group.json().room.id as string;
    const de = await loadLocaleCatalog('de');
    const [invite] = await service.waitFor(phone.sub.id);
    expect(invite?.payload).toMatchObject({ kind: 'group_invite', title: 'Trip', roomId, body: de['push.groupInvite']?.replace('{name}', ana.username) });
    expect(invite?.urgency).toBe('normal');
    await send(ana, roomId, 'Secret plans');
    const pushes = await service.waitFor(phone.sub.id, 2);
    expect(pushes[1]?.payload).toMatchObject({ kind: 'message', title: 'Trip', body: `${ana.username}: ${de['push.newMessage']}` });
  });

  it('a missed call from the calls feature', async () => {
    const [ana, bruno] = [await person('en'), await person('ja')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    const input = { calleeId: bruno.id, callerId: ana.id, roomId, callId: `call-${roomId}`, kind: 'missed_call' as const };
    await queueCallPush(s.app.push, s.database.db, input);
    await queueCallPush(s.app.push, s.database.db, input);
    const [push] = await service.waitFor(phone.sub.id);
    const ja = await loadLocaleCatalog('ja');
    expect(push?.payload).toMatchObject({ kind: 'missed_call', title: ana.username, body: ja['push.missedCall'], tag: `parley-room-${roomId}` });
    await send(ana, roomId, 'Call me');
    await service.waitFor(phone.sub.id, 2);
    expect(service.for(phone.sub.id).map((p) => p.payload.kind)).toEqual(['missed_call', 'message']);
  });
});

describe('edits and deletions', () => {
  it('rewrite the notification that shows the message: the new translation, then "This message was deleted"', async () => {
    const [ana, bruno] = [await person('en'), await person('es')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    const id = await send(ana, roomId, 'See you at noon');
    const [first] = await service.waitFor(phone.sub.id);
    expect(first?.payload).toMatchObject({ kind: 'message', messageId: id, body: '[es] See you at noon' });
    // The app's clock (which stamps the edit) is not the one the push worker reads: its wait for the new
    // translation (1 s here) must count from the edit's job, whatever the two clocks say.
    s.clock.advance(-60_000);
    const edit = await api(ana.cookie, 'PATCH', `/api/chats/${roomId}/messages/${id}`, { content: 'Later: see you at one' });
    s.clock.advance(60_000);
    expect(edit.statusCode, edit.body).toBe(200);
    const [, edited] = await service.waitFor(phone.sub.id, 2);
    // Its own kind (the service worker only rewrites a notification showing this message), no room Topic (it must
    // not replace an undelivered newer message of the room), not urgent, kept no longer than the message's day.
    expect(edited?.payload).toMatchObject({ kind: 'message_changed', messageId: id, roomId, title: ana.username, body: '[es] Later: see you at one', tag: `parley-room-${roomId}` });
    expect(edited?.topic).toBeUndefined();
    expect(edited?.urgency).toBe('normal');
    expect(edited!.ttl).toBeLessThanOrEqual(24 * 3_600);
    expect((await api(ana.cookie, 'DELETE', `/api/chats/${roomId}/messages/${id}`)).statusCode).toBe(200);
    const es = await loadLocaleCatalog('es');
    const pushes = await service.waitFor(phone.sub.id, 3);
    expect(pushes[2]?.payload).toMatchObject({ kind: 'message_changed', messageId: id, body: es['chat.messageDeleted'] });
    // The sender's own devices were never told about their message, nor about its change.
    expect(service.received.filter((p) => p.payload.messageId === id)).toHaveLength(3);
  });
});

describe('calls ring through Web Push', () => {
  it('a ringing call pushes "Incoming call" (even in a muted conversation, only while it rings); unanswered, it becomes "Missed call"', async () => {
    const [ana, bruno] = [await person('en'), await person('ja')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    expect((await api(bruno.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: '1h' })).statusCode).toBe(200);
    const started = await api(ana.cookie, 'POST', CALL_API.start, { roomId });
    expect(started.statusCode, started.body).toBe(201);
    const callId = started.json().call.id as string;
    const [ringing] = await service.waitFor(phone.sub.id);
    const ja = await loadLocaleCatalog('ja');
    expect(ringing?.payload).toMatchObject({ kind: 'incoming_call', roomId, title: ana.username, body: ja['calls.incoming'], tag: `parley-room-${roomId}` });
    expect(ringing?.urgency).toBe('high');
    expect(ringing!.ttl).toBeGreaterThan(0);
    expect(ringing!.ttl).toBeLessThanOrEqual(30);
    // Ana gives up before an answer: muted, so no "Missed call" push (the conversation still gets its line).
    expect((await api(ana.cookie, 'POST', CALL_API.end(callId))).statusCode).toBe(200);
    await fannedOut('', `missed_call:${callId}:${bruno.id}`);
    expect((await api(bruno.cookie, 'DELETE', `/api/chats/${roomId}/mute`)).statusCode).toBe(200);
    expect(service.for(phone.sub.id)).toHaveLength(1);
    // Unmuted: the next unanswered call rings and then says "Missed call" under the same tag, which replaces it.
    const again = (await api(ana.cookie, 'POST', CALL_API.start, { roomId })).json().call.id as string;
    await service.waitFor(phone.sub.id, 2);
    expect((await api(ana.cookie, 'POST', CALL_API.end(again))).statusCode).toBe(200);
    const pushes = await service.waitFor(phone.sub.id, 3);
    expect(pushes.map((p) => p.payload.kind)).toEqual(['incoming_call', 'incoming_call', 'missed_call']);
    expect(pushes[2]?.payload).toMatchObject({ title: ana.username, body: ja['push.missedCall'], tag: `parley-room-${roomId}` });
  });
});

describe('who is not told', () => {
  it('not the device that shows the conversation; muted conversations stay silent until unmuted', async () => {
    const [ana, bruno] = [await person('en'), await person('es')];
    const roomId = await room(ana, bruno);
    const looking = await device(bruno);
    const pocket = await device(bruno);
    const socket = await TestSocket.open(base, looking.cookie);
    socket.ws.send(JSON.stringify({ type: 'viewing', roomId }));
    await new Promise((r) => setTimeout(r, 100)); // the frame is handled before the send below
    const first = await send(ana, roomId, 'one');
    await service.waitFor(pocket.sub.id);
    socket.ws.send(JSON.stringify({ type: 'viewing', roomId: null }));
    await new Promise((r) => setTimeout(r, 100));
    const second = await send(ana, roomId, 'two');
    await service.waitFor(looking.sub.id);
    await service.waitFor(pocket.sub.id, 2);
    expect(service.for(looking.sub.id).map((p) => p.payload.messageId)).toEqual([second]);
    expect(service.for(pocket.sub.id).map((p) => p.payload.messageId)).toEqual([first, second]);
    socket.close();

    // Muted for an hour: nothing (not even a push job); unmuted: the next message arrives. The unread count still counts.
    const mute = await api(bruno.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: '1h' });
    expect(mute.statusCode, mute.body).toBe(200);
    expect((await api(bruno.cookie, 'GET', '/api/push/settings')).json().mutes).toEqual([{ roomId, until: mute.json().until, mentions: true }]);
    const muted = await send(ana, roomId, 'three');
    expect(await pushJobs(muted)).toBe(0);
    const list = (await api(bruno.cookie, 'GET', '/api/chats')).json().conversations as { id: string; unreadCount: number }[];
    expect(list.find((c) => c.id === roomId)?.unreadCount).toBeGreaterThan(0);
    expect((await api(bruno.cookie, 'DELETE', `/api/chats/${roomId}/mute`)).json()).toEqual({ roomId, until: null, mentions: true });
    const fourth = await send(ana, roomId, 'four');
    await service.waitFor(pocket.sub.id, 3);
    expect(service.for(pocket.sub.id).map((p) => p.payload.messageId)).toEqual([first, second, fourth]);
    expect(service.for(pocket.sub.id).some((p) => p.payload.messageId === muted)).toBe(false);
    // "Always" is stored as a far date; a non-member gets the room's 404, as for a room that does not exist.
    expect((await api(bruno.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: 'always' })).json().until).toBe('9999-12-31T00:00:00.000Z');
    const stranger = await person('en');
    const theirs = await api(stranger.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: '8h' });
    const missing = await api(stranger.cookie, 'PUT', '/api/chats/00000000-0000-4000-8000-000000000000/mute', { duration: '8h' });
    expect([theirs.statusCode, theirs.json()]).toEqual([missing.statusCode, missing.json()]);
    expect(theirs.statusCode).toBe(404);
    expect((await api(bruno.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: '2h' })).statusCode).toBe(400);
  });
});

describe('no job without a device', () => {
  it('a send to readers with no subscription queues no push job; a device subscribed after that send gets the next one', async () => {
    const [ana, bruno] = [await person('en'), await person('en')];
    const roomId = await room(ana, bruno);
    // Nobody in the room has a device: the send stores the message and nothing else (its room's context is cached now).
    const quiet = await send(ana, roomId, 'nobody is subscribed');
    expect(await pushJobs(quiet)).toBe(0);
    // Subscribing empties the cached send contexts: the very next send pushes.
    const phone = await device(bruno);
    const heard = await send(ana, roomId, 'now there is a phone');
    await service.waitFor(phone.sub.id);
    expect(service.for(phone.sub.id).map((p) => p.payload.messageId)).toEqual([heard]);
  });
});

describe('no job for a reader who is looking', () => {
  it('a send whose every subscribed device shows the conversation queues no push job; once it looks away, the next one does', async () => {
    const [ana, bruno] = [await person('en'), await person('es')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    const socket = await TestSocket.open(base, phone.cookie);
    socket.ws.send(JSON.stringify({ type: 'viewing', roomId }));
    await new Promise((r) => setTimeout(r, 100)); // the frame is handled before the send below
    const seen = await send(ana, roomId, 'you are reading this already');
    expect(await pushJobs(seen)).toBe(0);
    socket.ws.send(JSON.stringify({ type: 'viewing', roomId: null }));
    await new Promise((r) => setTimeout(r, 100));
    const away = await send(ana, roomId, 'and now you are not');
    await service.waitFor(phone.sub.id);
    expect(service.for(phone.sub.id).map((p) => p.payload.messageId)).toEqual([away]);
    socket.close();
  });
});

describe('delivery', () => {
  it('push service down, then 503 with Retry-After and 429: each push arrives exactly once', async () => {
    const [ana, bruno] = [await person('en'), await person('es')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    await service.stop();
    const ids = [await send(ana, roomId, 'while down 1'), await send(ana, roomId, 'while down 2')];
    // Both deliveries failed at least once (connection refused) and wait for their retry.
    await until('deliveries in retry', async () => {
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'web-push' AND state IN ('created', 'retry') AND data->>'step' = 'deliver' AND data->>'sessionId' = (SELECT session_id FROM push_subscriptions WHERE endpoint = ${phone.sub.json.endpoint})`.execute(s.database.db);
      return (rows.rows[0]?.n ?? 0) >= 2;
    });
    await service.start();
    service.answer(503, 1, '1');
    service.answer(429, 1);
    await service.waitFor(phone.sub.id, 2);
    const third = await send(ana, roomId, 'after');
    await service.waitFor(phone.sub.id, 3);
    expect(service.for(phone.sub.id).map((p) => p.payload.messageId).sort()).toEqual([...ids, third].sort());
  });

  it('a group message goes to every device at once; each answer is its own: one refused for now is retried alone, one gone is forgotten', async () => {
    const [ana, bruno, carla, dora] = [await person('en'), await person('es'), await person('fr'), await person('es')];
    const [b, c, d] = [await device(bruno), await device(carla), await device(dora)];
    const roomId = (await api(ana.cookie, 'POST', '/api/groups', { name: 'Choir', memberIds: [bruno.id, carla.id, dora.id] })).json().room.id as string;
    for (const phone of [b, c, d]) await service.waitFor(phone.sub.id);
    service.answerFor(c.sub.id, 503, 1, '1');
    service.expire(d.sub.id);
    const attempts = service.attempts;
    const id = await send(ana, roomId, 'Rehearsal at eight');
    await fannedOut(id);
    // The fan-out answered for all three: a delivery job for carla's device alone, dora's subscription gone.
    const session = async (phone: { sub: TestSubscription }) => (await s.database.db.selectFrom('push_subscriptions').select('session_id').where('endpoint', '=', phone.sub.json.endpoint).executeTakeFirst())?.session_id;
    const [bSession, cSession] = [await session(b), await session(c)];
    const retries = await sql<{ session: string }>`SELECT data->>'sessionId' AS session FROM pgboss.job WHERE name = ${PUSH_QUEUE} AND data->>'step' = 'deliver' AND data->'subject'->>'messageId' = ${id}`.execute(s.database.db);
    expect(retries.rows.map((r) => r.session)).toEqual([cSession]);
    expect(bSession).toBeDefined();
    expect(await subscriptionRows(d.sub.json.endpoint)).toBe(0);
    await service.waitFor(c.sub.id, 2);
    expect(service.for(b.sub.id).map((p) => p.payload.kind)).toEqual(['group_invite', 'message']);
    expect(service.for(c.sub.id).filter((p) => p.payload.messageId === id).map((p) => p.payload.body)).toEqual([`${ana.username}: [fr] Rehearsal at eight`]);
    expect(service.for(b.sub.id).find((p) => p.payload.messageId === id)?.payload.body).toBe(`${ana.username}: [es] Rehearsal at eight`);
    // Four requests: bruno's, carla's refused and then accepted, dora's gone (no second try).
    expect(service.attempts - attempts).toBe(4);
  });

  it('410 Gone removes the subscription; sign-out removes it too', async () => {
    const [ana, bruno] = [await person('en'), await person('es')];
    const roomId = await room(ana, bruno);
    const phone = await device(bruno);
    expect((await api(phone.cookie, 'GET', '/api/push/settings')).json()).toMatchObject({ subscribed: true, hideText: false });
    service.expire(phone.sub.id);
    await send(ana, roomId, 'anyone there?');
    await until('the subscription to go', async () => (await subscriptionRows(phone.sub.json.endpoint)) === 0);
    expect((await api(phone.cookie, 'GET', '/api/push/settings')).json()).toMatchObject({ subscribed: false });

    const laptop = await device(bruno);
    expect(await subscriptionRows(laptop.sub.json.endpoint)).toBe(1);
    expect((await api(laptop.cookie, 'POST', '/api/auth/signout')).statusCode).toBe(204);
    expect(await subscriptionRows(laptop.sub.json.endpoint)).toBe(0);
    // Unsubscribing on a device (Profile -> Notifications off) forgets it.
    const tablet = await device(bruno);
    expect((await api(tablet.cookie, 'DELETE', '/api/push/subscription')).statusCode).toBe(204);
    expect(await subscriptionRows(tablet.sub.json.endpoint)).toBe(0);
  });

  it('a push still waiting for its push service at the fan-out\'s deadline is left to retry; one past it is not sent', async () => {
    // A push service that reads each request and never answers (so the socket's own 10 s timeout is not what ends it).
    const held: IncomingMessage[] = [];
    const silent = createServer((req) => held.push(req));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const sub = service.subscribe().json;
    const target = { endpoint: `${origin}/push/x`, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    const options = { ttl: 60, urgency: 'high' as const };
    const o = { allowedOrigins: new Set([origin]), deadline: Date.now() + 300 };
    try {
      expect(await sendPush(target, '{}', options, s.app.push.vapid()!, o)).toMatchObject({ kind: 'retry', status: null, reason: 'deadline passed' });
      const late = { ...target, endpoint: `${origin}/push/late` };
      expect(await sendPush(late, '{}', options, s.app.push.vapid()!, { ...o, deadline: Date.now() - 1 })).toMatchObject({ kind: 'retry', reason: 'deadline passed' });
      expect(held.map((r) => r.url)).not.toContain('/push/late');
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });

  it('signs with the one key pair kept in the database', async () => {
    const row = await s.database.db.selectFrom('settings').select('value').where('key', '=', 'vapid_public_key').executeTakeFirst();
    expect(row?.value).toBe(s.app.push.vapid()?.publicKey);
    expect((await api((await person('en')).cookie, 'GET', '/api/push/key')).json()).toEqual({ publicKey: row?.value });
  });

  it('one VAPID signature per push service, reused until an hour before it expires', () => {
    const keys = s.app.push.vapid()!;
    const claims = (authorization: string) => JSON.parse(Buffer.from(/^vapid t=([^,]+),/.exec(authorization)![1]!.split('.')[1]!, 'base64url').toString()) as { aud: string; exp: number };
    const now = Date.now();
    const first = vapidAuthorization('https://push.example.test', keys, now);
    expect(vapidAuthorization('https://push.example.test', keys, now + 60_000)).toBe(first);
    expect(claims(first).aud).toBe('https://push.example.test');
    expect(claims(first).exp * 1000 - now).toBeGreaterThan(11 * 3600_000);
    const other = vapidAuthorization('https://other.push.example.test', keys, now);
    expect(claims(other).aud).toBe('https://other.push.example.test');
    // Eleven hours and a bit later: signed anew, valid for twelve more.
    const renewed = vapidAuthorization('https://push.example.test', keys, now + 11 * 3600_000 + 1_000);
    expect(renewed).not.toBe(first);
    expect(claims(renewed).exp).toBeGreaterThan(claims(first).exp);
  });
});

describe('refused subscriptions', () => {
  const keys = () => service.subscribe().json.keys;
  const code = async (body: object) => {
    const p = await person('en');
    const res = await api(p.cookie, 'PUT', '/api/push/subscription', body);
    return [res.statusCode, res.body ? res.json().error?.code : undefined];
  };

  it('endpoints that are not https on a public address (no server-side request forgery)', async () => {
    expect(await code({ endpoint: 'http://push.example.com/x', keys: keys() })).toEqual([400, 'push_endpoint_invalid']);
    expect(await code({ endpoint: 'not a url', keys: keys() })).toEqual([400, 'push_endpoint_invalid']);
    expect(await code({ endpoint: `https://push.example.com/${'x'.repeat(2100)}`, keys: keys() })).toEqual([400, 'push_endpoint_invalid']);
    for (const endpoint of [
      'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://172.20.0.1/x', 'https://169.254.169.254/latest',
      'https://[::1]/x', 'https://[fd00::1]/x', 'https://[fe80::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://0.0.0.0/x',
      'https://localhost/x', 'https://push.localhost/x', 'https://printer.local/x', 'https://intranet/x',
      // Issue 32 item 4: IPv6 forms that carry an IPv4 address (SIIT, IPv4-compatible), and 5f00::/16.
      'https://[::ffff:0:127.0.0.1]/x', 'https://[::7f00:1]/x', 'https://[5f00::1]/x', 'https://[64:ff9b::a9fe:a9fe]/x',
    ]) expect([endpoint, ...(await code({ endpoint, keys: keys() }))]).toEqual([endpoint, 400, 'push_endpoint_not_allowed']);
    // A name that resolves to a private address is refused like the address.
    await expect(checkEndpoint('https://push.example.net/x', new Set(), async () => ['93.184.216.34', '10.0.0.7'])).rejects.toMatchObject({ code: 'push_endpoint_not_allowed' });
    await expect(checkEndpoint('https://push.example.net/x', new Set(), async () => ['2606:4700::1111'])).resolves.toBeUndefined();
    // An operator's allowed origin passes without a look-up.
    expect(await code({ endpoint: 'https://push.example.test/abc', keys: keys() })).toEqual([204, undefined]);
  });

  it('oversized or malformed keys', async () => {
    const endpoint = `${service.origin}/push/x`;
    const good = keys();
    const b = (n: number, first = 4) => Buffer.concat([Buffer.from([first]), Buffer.alloc(n - 1, 7)]).toString('base64url');
    expect(await code({ endpoint, keys: { ...good, p256dh: b(66) } })).toEqual([400, 'push_key_invalid']);
    expect(await code({ endpoint, keys: { ...good, p256dh: b(33, 2) } })).toEqual([400, 'push_key_invalid']);
    expect(await code({ endpoint, keys: { ...good, p256dh: 'A'.repeat(5000) } })).toEqual([400, 'push_key_invalid']);
    expect(await code({ endpoint, keys: { ...good, p256dh: '%%%' } })).toEqual([400, 'push_key_invalid']);
    expect(await code({ endpoint, keys: { ...good, auth: b(17) } })).toEqual([400, 'push_auth_invalid']);
    expect(await code({ endpoint, keys: { ...good, auth: b(8) } })).toEqual([400, 'push_auth_invalid']);
    expect(await code({ endpoint, keys: { p256dh: good.p256dh } })).toEqual([400, 'invalid_request']);
    expect(await code({ endpoint, keys: good, extra: 1 })).toEqual([400, 'invalid_request']);
  });
});
