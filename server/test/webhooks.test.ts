import type { ChatMessage, OutgoingWebhookView } from '@parley/common';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signUpSpeaking, type TestServer } from './helpers.ts';
import { until } from './support/poll.ts';
import { WebhookReceiver, verify } from './support/webhookReceiver.ts';

/** German is recognised by its words; the rest is the sender's language. Marks each translation with its target. */
const translator: ChatTranslator = {
  async translate(input) {
    const detected = /\b(Hallo|Welt|fehlgeschlagen)\b/.test(input.text) ? 'de' : input.sourceHint ?? 'en';
    if (detected === input.target) return { text: input.text, ok: true, kind: 'same_language', detectedLanguage: detected };
    return { text: `[${input.target}] ${input.text}`, ok: true, kind: 'translated', detectedLanguage: detected };
  },
};

let s: TestServer;
let integrationsOn = true;
const receivers: WebhookReceiver[] = [];
const receiver = async () => {
  const r = new WebhookReceiver();
  await r.start();
  receivers.push(r);
  return r;
};
// The receiver's origin is the one WEBHOOK_ALLOWED_ORIGINS allows (127.0.0.1 is private: every other is refused).
let first: WebhookReceiver;

beforeAll(async () => {
  first = await receiver();
  s = await getTestServer({
    listen: true,
    chatTranslator: translator,
    env: { WEBHOOK_ALLOWED_ORIGINS: first.origin },
    webhooks: { pollMs: 100, retryDelaySeconds: 1, pauseAfterFailures: 3, postsPerMinute: 5, translationWaitMs: 8_000 },
    integrationsAllowed: async () => integrationsOn,
  });
});
afterAll(async () => {
  await s.close();
  await Promise.all(receivers.map((r) => r.stop()));
});

type Person = Awaited<ReturnType<typeof signUpSpeaking>>;
const api = (who: Person | string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: typeof who === 'string' ? who : who.cookie } });

async function group(admin: Person, members: Person[], name = 'Ops'): Promise<string> {
  const res = await api(admin, 'POST', '/api/groups', { name, memberIds: members.map((m) => m.id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room.id as string;
}

const messagesOf = async (who: Person, roomId: string) => {
  const res = await api(who, 'GET', `/api/chats/${roomId}/messages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages as ChatMessage[];
};

/** POST to the hook's URL as an outside system would: no cookie, no Origin. */
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
const hookUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, s.base);

let seq = 0;
const send = async (who: Person, roomId: string, content: string) => {
  const res = await api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `hook-test-${++seq}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message.id as string;
};

/** Every job of the webhooks queue finished (completed, or failed for good). */
const settled = () => until('the webhook jobs to settle', async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks' AND state NOT IN ('completed', 'failed', 'cancelled')`.execute(s.database.db)).rows[0]!.n === 0);

describe('incoming webhooks', () => {
  let ana: Person; let ben: Person; let chloe: Person; let roomId: string; let url: string; let hookId: string;
  beforeAll(async () => {
    ana = await signUpSpeaking(s.app, 'en');
    ben = await signUpSpeaking(s.app, 'es');
    chloe = await signUpSpeaking(s.app, 'fr');
    roomId = await group(ana, [ben, chloe]);
    const res = await api(ana, 'POST', `/api/chats/${roomId}/incoming-webhooks`, { name: 'CI' });
    expect(res.statusCode, res.body).toBe(201);
    ({ id: hookId, url } = res.json());
    url = hookUrl(url);
  });

  it('posts as a message of the room, translated for each reader (its language detected), marked via webhook, searchable', async () => {
    const res = await post(url, { text: 'Hallo Welt: build 42 fehlgeschlagen', username: 'Jenkins', avatar: 'https://ci.example.com/logo.png' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // Waits for the detected language too: GET messages reads the messages and their translations in two statements
    // (chat/messages.ts), so a read between them can see a row settled while the message still names the hint.
    for (const [who, language] of [[ana, 'en'], [ben, 'es'], [chloe, 'fr']] as const) {
      const m = await until(`${language} reader's translation`, async () => (await messagesOf(who, roomId)).find((x) => x.id === id && x.translation_status === 'done' && x.original_language === 'de'));
      expect(m).toMatchObject({ sender_id: ana.id, original_language: 'de', translated_content: `[${language}] Hallo Welt: build 42 fehlgeschlagen`, via_webhook: { name: 'Jenkins', avatar: 'https://ci.example.com/logo.png' } });
    }
    // The other system's words: its creator may delete the post, not rewrite it.
    const edit = await api(ana, 'PATCH', `/api/chats/${roomId}/messages/${id}`, { content: 'rewritten' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.code).toBe('message_not_editable');
    const found = await api(ben, 'GET', `/api/messages/search?q=${encodeURIComponent('fehlgeschlagen')}`);
    expect(found.json().results.map((r: { id: string }) => r.id)).toContain(id);
    const listed = await api(ana, 'GET', `/api/chats/${roomId}/incoming-webhooks`);
    expect(listed.json().webhooks).toEqual([expect.objectContaining({ id: hookId, name: 'CI', creatorName: ana.username, lastUsedAt: expect.any(String) })]);
    expect(JSON.stringify(listed.json())).not.toContain(url.split('/').pop());
  });

  it('an Idempotency-Key makes a repeated post one message', async () => {
    const a = await post(url, { text: 'deploy done' }, { 'idempotency-key': 'deploy-7' });
    const b = await post(url, { text: 'deploy done' }, { 'idempotency-key': 'deploy-7' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(((await a.json()) as { id: string }).id).toBe(((await b.json()) as { id: string }).id);
  });

  it('refuses a wrong secret (404), keeps to its limits (429 with Retry-After), and a rotated URL replaces the old one', async () => {
    expect((await post(url.replace(/[^/]+$/, 'x'.repeat(43)), { text: 'hi' })).status).toBe(404);
    expect((await post(url.replace(/\/api\/hooks\/[^/]+/, '/api/hooks/00000000-0000-4000-8000-000000000000'), { text: 'hi' })).status).toBe(404);
    expect((await post(url, { text: 'x'.repeat(5_001) })).status).toBe(400);
    const big = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'y'.repeat(70_000) }) });
    expect(big.status).toBe(413);
    expect((await post(url, { text: 'hi', avatar: 'http://insecure.example/a.png' })).status).toBe(400);

    // Five a minute here (the tests' tuning): the posts above used some (refused ones count none), the rest pass.
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 6 && !limited; i++) {
      const res = await post(url, { text: `ok ${i}` });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);

    const rotated = await api(ana, 'POST', `/api/chats/${roomId}/incoming-webhooks/${hookId}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = hookUrl(rotated.json().url);
    expect(fresh).not.toBe(url);
    expect((await post(url, { text: 'old secret' })).status).toBe(404);
    const audit = await s.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'webhook.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['webhook.created', 'webhook.rotated']));
  });

  it('is managed by a pair\'s people and a group\'s admins; others get 403, non-members the room\'s 404', async () => {
    expect((await api(ben, 'POST', `/api/chats/${roomId}/incoming-webhooks`, { name: 'x' })).statusCode).toBe(403);
    const stranger = await signUpSpeaking(s.app, 'en');
    expect((await api(stranger, 'POST', `/api/chats/${roomId}/incoming-webhooks`, { name: 'x' })).statusCode).toBe(404);
    expect((await api(stranger, 'GET', `/api/chats/${roomId}/incoming-webhooks`)).statusCode).toBe(404);
    const pair = await api(ben, 'POST', '/api/chats', { userId: chloe.id });
    expect((await api(ben, 'POST', `/api/chats/${pair.json().room.id}/incoming-webhooks`, { name: 'mine' })).statusCode).toBe(201);
  });

  it('stops when its creator is blocked by the partner of a pair, or leaves the group', async () => {
    const dan = await signUpSpeaking(s.app, 'en');
    const eve = await signUpSpeaking(s.app, 'en');
    const pairId = (await api(dan, 'POST', '/api/chats', { userId: eve.id })).json().room.id as string;
    const hook = hookUrl((await api(dan, 'POST', `/api/chats/${pairId}/incoming-webhooks`, { name: 'bot' })).json().url);
    expect((await post(hook, { text: 'before' })).status).toBe(201);
    expect((await api(eve, 'POST', '/api/blocks', { userId: dan.id })).statusCode).toBe(200);
    expect((await post(hook, { text: 'after the block' })).status).toBeGreaterThanOrEqual(400);
    expect((await messagesOf(dan, pairId)).map((m) => m.content)).not.toContain('after the block');

    const g = await group(dan, [eve, ana], 'Leavers');
    const gHook = hookUrl((await api(dan, 'POST', `/api/chats/${g}/incoming-webhooks`, { name: 'bot' })).json().url);
    expect((await api(dan, 'POST', `/api/chats/${g}/leave`, { successorId: ana.id })).statusCode).toBe(200);
    expect((await post(gHook, { text: 'ghost' })).status).toBe(404);
  });

  it('answers 403 integrations_disabled while integrations are off', async () => {
    integrationsOn = false;
    try {
      const res = await post(url.replace(/[^/]+$/, ''), { text: 'x' });
      expect(res.status).toBe(404);
      const created = await api(ana, 'POST', `/api/chats/${roomId}/incoming-webhooks`, { name: 'off' });
      expect(created.statusCode).toBe(403);
      expect(created.json().error.code).toBe('integrations_disabled');
    } finally {
      integrationsOn = true;
    }
  });
});

describe('outgoing webhooks', () => {
  let ana: Person; let ben: Person; let chloe: Person; let roomId: string;
  beforeAll(async () => {
    ana = await signUpSpeaking(s.app, 'en');
    ben = await signUpSpeaking(s.app, 'es');
    chloe = await signUpSpeaking(s.app, 'fr');
    roomId = await group(ana, [ben, chloe], 'Builds');
  });

  const subscribe = async (who: Person, room: string, body: object) => {
    const res = await api(who, 'POST', `/api/chats/${room}/outgoing-webhooks`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  };

  it('POSTs signed events: created, edited, deleted, member joined and left, with the translation asked for', async () => {
    const { id, secret } = await subscribe(ana, roomId, { url: `${first.origin}/hook`, events: ['message.created', 'message.edited', 'message.deleted', 'member.joined', 'member.left'], language: 'fr' });
    first.secret = secret;
    const messageId = await send(ben, roomId, 'hola a todos');
    const created = await until('message.created', () => first.of('message.created')[0]);
    expect(created.verified).toBe(true);
    // The same body with another timestamp, or an old one, does not verify (the replay window).
    expect(verify(secret, { ...created.headers, 'x-parley-timestamp': String(Number(created.headers['x-parley-timestamp']) + 1) }, created.body)).toBe(false);
    expect(verify(secret, created.headers, created.body, Date.now() + 301_000)).toBe(false);
    expect(created.json).toMatchObject({
      event: 'message.created', room: { id: roomId, kind: 'group', name: 'Builds' },
      message: { id: messageId, text: 'hola a todos', language: 'es', viaWebhook: false, editedAt: null },
      sender: { id: ben.id, username: ben.username }, translation: { language: 'fr', text: '[fr] hola a todos' },
    });

    expect((await api(ben, 'PATCH', `/api/chats/${roomId}/messages/${messageId}`, { content: 'hola a todas' })).statusCode).toBe(200);
    const edited = await until('message.edited', () => first.of('message.edited')[0]);
    expect(edited.json).toMatchObject({ message: { text: 'hola a todas', editedAt: expect.any(String) }, translation: { language: 'fr', text: '[fr] hola a todas' } });
    expect((await api(ben, 'DELETE', `/api/chats/${roomId}/messages/${messageId}`)).statusCode).toBe(200);
    const deleted = await until('message.deleted', () => first.of('message.deleted')[0]);
    expect(deleted.json).toMatchObject({ message: { id: messageId, text: '', deletedAt: expect.any(String) } });
    expect(deleted.json.translation).toBeUndefined();

    const dan = await signUpSpeaking(s.app, 'de');
    expect((await api(ana, 'POST', `/api/chats/${roomId}/members`, { userIds: [dan.id] })).statusCode).toBe(200);
    expect((await until('member.joined', () => first.of('member.joined')[0])).json).toMatchObject({ member: { id: dan.id, username: dan.username } });
    expect((await api(ana, 'DELETE', `/api/chats/${roomId}/members/${dan.id}`)).statusCode).toBe(200);
    expect((await until('member.left', () => first.of('member.left')[0])).json).toMatchObject({ member: { id: dan.id } });
    // System lines (the adding and removing) are not sent as messages: the member events say it.
    await settled();
    expect(first.of('message.created')).toHaveLength(1);
    expect(first.received.every((r) => r.verified)).toBe(true);

    const listed = (await api(ana, 'GET', `/api/chats/${roomId}/outgoing-webhooks`)).json().webhooks as OutgoingWebhookView[];
    expect(listed).toEqual([expect.objectContaining({ id, url: `${first.origin}/hook`, language: 'fr', failures: 0, pausedAt: null, lastDeliveryAt: expect.any(String) })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await api(ana, 'DELETE', `/api/chats/${roomId}/outgoing-webhooks/${id}`)).statusCode).toBe(204);
  });

  it('translates into a language nobody in the room reads through the chat translator; retries after a 500', async () => {
    const { id, secret } = await subscribe(ana, roomId, { url: `${first.origin}/ja`, events: ['message.created'], language: 'ja' });
    first.secret = secret;
    first.received.length = 0;
    first.answers = [500];
    const messageId = await send(chloe, roomId, 'bonjour');
    const got = await until('a delivery after the retry', () => (first.received.length >= 2 ? first.received : undefined));
    expect(got.map((r) => r.json.id)).toEqual([got[0]!.json.id, got[0]!.json.id]);
    expect(got[1]!.json).toMatchObject({ message: { id: messageId }, translation: { language: 'ja', text: '[ja] bonjour' } });
    await settled();
    const [row] = (await api(ana, 'GET', `/api/chats/${roomId}/outgoing-webhooks`)).json().webhooks as OutgoingWebhookView[];
    expect(row).toMatchObject({ id, failures: 0, lastError: null });
    await api(ana, 'DELETE', `/api/chats/${roomId}/outgoing-webhooks/${id}`);
  });

  it('pauses a subscription that keeps failing, tells its owner in the room, and resumes it', async () => {
    const { id, secret } = await subscribe(ana, roomId, { url: `${first.origin}/down`, events: ['message.created'] });
    first.secret = secret;
    first.received.length = 0;
    first.answers = [503, 503, 503, 503, 503];
    await send(ben, roomId, 'anyone there?');
    const paused = await until('the pause', async () => ((await api(ana, 'GET', `/api/chats/${roomId}/outgoing-webhooks`)).json().webhooks as OutgoingWebhookView[]).find((w) => w.id === id && w.pausedAt));
    expect(paused).toMatchObject({ failures: 3, lastError: 'HTTP 503' });
    const line = await until('the line telling the owner', async () => (await messagesOf(ana, roomId)).find((m) => m.system_event?.kind === 'webhook_paused'));
    expect(line?.system_event).toMatchObject({ actor: { id: ana.id }, name: new URL(first.origin).host });
    expect((await s.database.db.selectFrom('audit_log').select('action').where('action', '=', 'webhook.paused').execute()).length).toBe(1);
    await settled();
    // Paused: nothing is queued for it (the index left the room) and nothing sent.
    const before = first.received.length;
    await send(ben, roomId, 'still nobody?');
    await settled();
    expect(first.received.length).toBe(before);
    first.answers = [];
    expect((await api(ana, 'POST', `/api/chats/${roomId}/outgoing-webhooks/${id}/resume`)).statusCode).toBe(204);
    await send(ben, roomId, 'back');
    expect((await until('a delivery after resuming', () => first.received.find((r) => (r.json.message as { text: string } | undefined)?.text === 'back'))).verified).toBe(true);
    await api(ana, 'DELETE', `/api/chats/${roomId}/outgoing-webhooks/${id}`);
  });

  it('refuses private addresses not in WEBHOOK_ALLOWED_ORIGINS, when created and when delivering', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://localhost/x', 'ftp://example.com/x']) {
      const res = await api(ana, 'POST', `/api/chats/${roomId}/outgoing-webhooks`, { url, events: ['message.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(['webhook_url_not_allowed', 'webhook_url_invalid']).toContain(res.json().error.code);
    }
    // A row that names a private address anyway (an origin allowed once, since removed) is refused when delivering.
    const row = await s.database.db.insertInto('outgoing_webhooks').values({
      chat_room_id: roomId, owner_id: ana.id, url: 'https://127.0.0.2/steal', events: JSON.stringify(['message.created']), language: null, secret: 's',
      last_delivery_at: null, failing_since: null, last_error: null, paused_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/outgoing-webhooks/${row.id}/resume`, headers: { cookie: ana.cookie } });
    await send(ben, roomId, 'private?');
    const failed = await until('the refusal', async () => (await s.database.db.selectFrom('outgoing_webhooks').select('last_error').where('id', '=', row.id).executeTakeFirst())?.last_error);
    expect(failed).toMatch(/refused/);
    await s.database.db.deleteFrom('outgoing_webhooks').where('id', '=', row.id).execute();
  });

  it('records the event in the change\'s transaction: a rolled-back change queues nothing', async () => {
    const { id } = await subscribe(ana, roomId, { url: `${first.origin}/tx`, events: ['message.created'] });
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks'`.execute(s.database.db)).rows[0]!.n;
    const before = await count();
    await expect(s.database.db.transaction().execute(async (tx) => {
      await s.app.eventLog.record(tx, [{ type: 'message.sent', roomId, messageId: '1', actorId: ana.id, notify: false }]);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await count()).toBe(before);
    await api(ana, 'DELETE', `/api/chats/${roomId}/outgoing-webhooks/${id}`);
  });

  it('delivers nothing its owner cannot read: a removed owner\'s subscription stops', async () => {
    const gina = await signUpSpeaking(s.app, 'en');
    const g = await group(ana, [gina, ben], 'Removal');
    expect((await api(ana, 'POST', `/api/chats/${g}/members/${gina.id}/admin`)).statusCode).toBe(200);
    const { secret } = await subscribe(gina, g, { url: `${first.origin}/gina`, events: ['message.created'] });
    first.secret = secret;
    first.received.length = 0;
    await send(ben, g, 'first');
    await until('the first delivery', () => first.received.length === 1);
    expect((await api(ana, 'DELETE', `/api/chats/${g}/members/${gina.id}`)).statusCode).toBe(200);
    await send(ben, g, 'after removal');
    await settled();
    expect(first.received.map((x) => (x.json.message as { text: string }).text)).toEqual(['first']);
  });
});

describe('the console', () => {
  it('lists every webhook, deletes any, creates server-wide subscriptions that hear groups (never pairs)', async () => {
    const op = await signUpSpeaking(s.app, 'en');
    await s.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', op.id).execute();
    const a = await signUpSpeaking(s.app, 'en');
    const b = await signUpSpeaking(s.app, 'en');
    const g = await group(a, [b, op], 'Console');
    const hook = (await api(a, 'POST', `/api/chats/${g}/incoming-webhooks`, { name: 'alerts' })).json() as { id: string };
    expect((await api(a, 'GET', '/api/admin/webhooks')).statusCode).toBe(403);
    const wide = await api(op, 'POST', '/api/admin/webhooks/outgoing', { url: `${first.origin}/all`, events: ['message.created'] });
    expect(wide.statusCode, wide.body).toBe(201);
    first.secret = wide.json().secret;
    first.received.length = 0;
    const pair = (await api(a, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
    await send(a, pair, 'private words');
    await send(a, g, 'group words');
    await until('the server-wide delivery', () => first.received.some((r) => (r.json.message as { text: string }).text === 'group words'));
    await settled();
    expect(first.received.map((r) => (r.json.message as { text: string }).text)).not.toContain('private words');

    const list = (await api(op, 'GET', '/api/admin/webhooks')).json();
    expect(list.incoming).toEqual(expect.arrayContaining([expect.objectContaining({ id: hook.id, roomName: 'Console', creatorName: a.username })]));
    expect(list.outgoing).toEqual(expect.arrayContaining([expect.objectContaining({ id: wide.json().id, roomId: null, roomName: null })]));
    expect((await api(op, 'DELETE', `/api/admin/webhooks/incoming/${hook.id}`)).statusCode).toBe(204);
    expect((await api(op, 'DELETE', `/api/admin/webhooks/outgoing/${wide.json().id}`)).statusCode).toBe(204);
    const entries = await s.database.db.selectFrom('audit_log').select(['action', 'actor_email', 'details']).where('action', '=', 'webhook.deleted').execute();
    expect(entries.filter((e) => e.actor_email === op.email)).toHaveLength(2);
  });
});
