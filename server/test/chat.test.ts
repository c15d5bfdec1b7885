import { describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { signUpAndIn, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/** A controllable translator: marks text with its target, fails on demand. */
const calls: Parameters<ChatTranslator['translate']>[0][] = [];
const translator: ChatTranslator = {
  async translate(input) {
    calls.push(input);
    if (input.text.includes('FAIL')) return { text: input.text, ok: false };
    return { text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' };
  },
};

const s = useTestServer({ chatTranslator: translator, listen: true });

const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });

async function pair(langA = 'en', langB = 'es') {
  const a = await signUpAndIn(s.app);
  const b = await signUpAndIn(s.app);
  await api(a.cookie, 'GET', '/api/profile');
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: langA }, headers: { cookie: a.cookie } });
  await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: langB }, headers: { cookie: b.cookie } });
  return { a, b };
}

async function startRoom(a: { cookie: string }, bId: string, relationshipType?: string) {
  const res = await api(a.cookie, 'POST', '/api/chats', { userId: bId, relationshipType });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().room.id as string;
}

let clientSeq = 0;
const send = (cookie: string, roomId: string, content: string, clientId = `client-${++clientSeq}-${Date.now()}`) =>
  api(cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId });

describe('user search', () => {
  it('matches usernames by substring case-insensitively, excludes the caller, orders by username, max 10', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const me = await signUpAndIn(s.app, { username: `${tag}me`, email: `${tag}me@example.com`, password: 'secret12' });
    const names = Array.from({ length: 12 }, (_, i) => `${tag}${String.fromCharCode(108 - i)}`);
    for (const n of names) await signUpAndIn(s.app, { username: n, email: `${n}@example.com`, password: 'secret12' });
    const res = await api(me.cookie, 'GET', `/api/users/search?q=${tag.toUpperCase()}`);
    const users = res.json().users as { username: string; email: string }[];
    expect(users).toHaveLength(10);
    expect(users.map((u) => u.username)).toEqual([...names].sort().slice(0, 10));
    expect(users.some((u) => u.username === `${tag}me`)).toBe(false);
    // Only what the dialog needs (spec: select id, username, email); no address the caller did not type.
    for (const u of users) expect(u).toEqual({ id: expect.any(String), username: u.username, email: null });
  });

  it('matches an e-mail address only typed whole (any case), and shows an address only to who typed it', async () => {
    const tag = `em${Date.now().toString(36)}`;
    const me = await signUpAndIn(s.app);
    const other = await signUpAndIn(s.app, { username: `${tag}x`, email: `Mail.${tag}@Example.com`, password: 'secret12' });
    const search = async (q: string) => (await api(me.cookie, 'GET', `/api/users/search?q=${encodeURIComponent(q)}`)).json().users as { id: string; email: string | null }[];
    // The probe: '@' listed everyone's address, ten at a time; parts of an address find no one.
    for (const part of ['@', '@example.com', `mail.${tag}`, `mail.${tag}@example`, 'example.com', `${tag}@Example.com`]) {
      expect(await search(part), part).toEqual([]);
    }
    expect(await search(`mail.${tag}@example.COM`)).toEqual([{ id: other.id, username: `${tag}x`, email: `mail.${tag}@example.com` }]);
    // Found by username: the address stays hidden.
    expect(await search(`${tag}x`)).toEqual([{ id: other.id, username: `${tag}x`, email: null }]);
  });

  it('limits searches per user: 429 with Retry-After beyond 60 a minute, other users unaffected', async () => {
    const me = await signUpAndIn(s.app);
    const other = await signUpAndIn(s.app);
    for (let i = 0; i < 60; i++) expect((await api(me.cookie, 'GET', `/api/users/search?q=a${i}`)).statusCode).toBe(200);
    const blocked = await api(me.cookie, 'GET', '/api/users/search?q=a');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api(other.cookie, 'GET', '/api/users/search?q=a')).statusCode).toBe(200);
  });

  it('answers a blank query with nothing, and treats % and _ literally', async () => {
    const me = await signUpAndIn(s.app);
    expect((await api(me.cookie, 'GET', '/api/users/search?q=%20%20')).json().users).toEqual([]);
    expect((await api(me.cookie, 'GET', '/api/users/search?q=%25')).json().users).toEqual([]);
    expect((await api(me.cookie, 'GET', '/api/users/search?q=_')).json().users).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await s.app.inject({ url: '/api/users/search?q=a' })).statusCode).toBe(401);
  });
});

describe('starting chats', () => {
  it('creates "Chat: {username}" with both participants, then reuses it from either side', async () => {
    const { a, b } = await pair();
    const first = await api(a.cookie, 'POST', '/api/chats', { userId: b.id, relationshipType: 'boss' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      created: true,
      room: { name: `Chat: ${b.username}`, otherUser: { id: b.id, username: b.username, language: 'es' }, unreadCount: 0, lastMessage: null },
      partner: { id: b.id, chatRoomId: first.json().room.id, relationshipContext: { type: 'boss', formality: 'formal' } },
    });
    const again = await api(b.cookie, 'POST', '/api/chats', { userId: a.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().room.id).toBe(first.json().room.id);
  });

  it('ends with one room when both start at the same moment', async () => {
    const { a, b } = await pair();
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => api(a.cookie, 'POST', '/api/chats', { userId: b.id })),
      ...Array.from({ length: 5 }, () => api(b.cookie, 'POST', '/api/chats', { userId: a.id })),
    ]);
    const ids = new Set(results.map((r) => r.json().room.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await api(a.cookie, 'GET', '/api/chats')).json().conversations).toHaveLength(1);
  });

  it('refuses chatting with oneself or an unknown user', async () => {
    const { a } = await pair();
    expect((await api(a.cookie, 'POST', '/api/chats', { userId: a.id })).statusCode).toBe(404);
    expect((await api(a.cookie, 'POST', '/api/chats', { userId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await api(a.cookie, 'POST', '/api/chats', { userId: 'nope' })).statusCode).toBe(400);
  });

  it('tells the partner\'s open sockets about the new room', async () => {
    const { a, b } = await pair();
    const bSocket = await TestSocket.open(s.base, b.cookie);
    const roomId = await startRoom(a, b.id);
    const event = await bSocket.next('room.created');
    expect(event.room).toMatchObject({ id: roomId, otherUser: { id: a.id } });
    bSocket.close();
  });
});

describe('messages', () => {
  it('stores the original, acknowledges, delivers to both, then translates with the sender\'s context', async () => {
    const { a, b } = await pair('en', 'es');
    const roomId = await startRoom(a, b.id, 'boss');
    const [aSock, bSock] = await Promise.all([TestSocket.open(s.base, a.cookie), TestSocket.open(s.base, b.cookie)]);
    const res = await send(a.cookie, roomId, 'Good morning');
    expect(res.statusCode).toBe(201);
    const sent = res.json().message;
    expect(sent).toMatchObject({ content: 'Good morning', sender_id: a.id, original_language: 'en', target_language: 'es' });
    const created = await bSock.next('message.created');
    expect(created.message.id).toBe(sent.id);
    const translated = await bSock.next('message.translated');
    expect(translated.message).toMatchObject({ id: sent.id, translated_content: '[es] Good morning', translation_status: 'done' });
    await aSock.next('message.translated');
    expect(calls.at(-1)).toMatchObject({ target: 'es', sourceHint: 'en', context: { type: 'boss', formality: 'formal' } });
    const history = (await api(b.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages;
    expect(history).toEqual([expect.objectContaining({ id: sent.id, translated_content: '[es] Good morning' })]);
    aSock.close();
    bSock.close();
  });

  it('keeps the original when translation fails and says so', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    const bSock = await TestSocket.open(s.base, b.cookie);
    const res = await send(a.cookie, roomId, 'please FAIL this');
    const translated = await bSock.next('message.translated');
    expect(translated.message).toMatchObject({ id: res.json().message.id, content: 'please FAIL this', translated_content: null, translation_status: 'failed' });
    bSock.close();
  });

  it('never duplicates under 20 concurrent retries with the same client id', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    const bSock = await TestSocket.open(s.base, b.cookie);
    const results = await Promise.all(Array.from({ length: 20 }, () => send(a.cookie, roomId, 'only once', 'retry-same-id-123')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => [200, 201].includes(r.statusCode))).toBe(true);
    expect(new Set(results.map((r) => r.json().message.id)).size).toBe(1);
    const history = (await api(a.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages;
    expect(history).toHaveLength(1);
    await bSock.next('message.translated');
    // Retries announce the one message again (its first announcement may have been lost with a
    // node); after merging by id the partner has exactly one.
    const announced = bSock.events.flatMap((e) => (e.type === 'message.created' ? [e.message.id] : []));
    expect(new Set(announced)).toEqual(new Set([results[0]!.json().message.id]));
    bSock.close();
  });

  it.each([
    [{ content: '   ', clientId: 'abcdefgh1' }, 'empty'],
    [{ content: 'x'.repeat(5001), clientId: 'abcdefgh2' }, 'at most'],
    [{ content: 42, clientId: 'abcdefgh3' }, 'content'],
    [{ content: 'hi' }, 'clientId'],
  ])('rejects %j', async (payload, word) => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    const res = await api(a.cookie, 'POST', `/api/chats/${roomId}/messages`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(word);
  });

  it('returns the latest 50, oldest first, and exactly the missed ones after an id', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    const ids: string[] = [];
    for (let i = 1; i <= 55; i++) ids.push((await send(i % 2 ? a.cookie : b.cookie, roomId, `m${i}`)).json().message.id);
    const history = (await api(a.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages;
    expect(history.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 6}`));
    const missed = (await api(b.cookie, 'GET', `/api/chats/${roomId}/messages?after=${ids[51]}`)).json().messages;
    expect(missed.map((m: { id: string }) => m.id)).toEqual(ids.slice(52));
  });
});

describe('conversation list and read markers', () => {
  it('shows the partner, last message with sender and a real unread count; mark-read clears it', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    await send(a.cookie, roomId, 'one');
    await send(a.cookie, roomId, 'two');
    await send(b.cookie, roomId, 'reply from b');
    await send(a.cookie, roomId, 'three');
    const bList = (await api(b.cookie, 'GET', '/api/chats')).json().conversations;
    expect(bList[0]).toMatchObject({
      id: roomId, otherUser: { id: a.id, username: a.username },
      lastMessage: { content: 'three', sender_username: a.username, isFromCurrentUser: false }, unreadCount: 3,
    });
    const aList = (await api(a.cookie, 'GET', '/api/chats')).json().conversations;
    expect(aList[0]).toMatchObject({ unreadCount: 1, lastMessage: { isFromCurrentUser: true } });

    const aSock = await TestSocket.open(s.base, a.cookie);
    const read = await api(b.cookie, 'POST', `/api/chats/${roomId}/read`);
    expect(read.statusCode).toBe(200);
    expect((await aSock.next('read.updated')).userId).toBe(b.id);
    expect((await api(b.cookie, 'GET', '/api/chats')).json().conversations[0].unreadCount).toBe(0);
    await send(a.cookie, roomId, 'four');
    expect((await api(b.cookie, 'GET', '/api/chats')).json().conversations[0].unreadCount).toBe(1);
    // The spec's RPC marks read the same way and tells the partner's sockets the same.
    const four = (await api(b.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages.at(-1).id as string;
    const rpc = await api(b.cookie, 'POST', '/api/rpc/mark_chat_room_messages_read', { room_id: roomId });
    expect(rpc.statusCode).toBe(200);
    const event = await aSock.next((e) => e.type === 'read.updated' && e.lastReadMessageId === four);
    expect(event).toMatchObject({ type: 'read.updated', roomId, userId: b.id });
    expect((await api(b.cookie, 'GET', '/api/chats')).json().conversations[0].unreadCount).toBe(0);
    aSock.close();
  });

  it('saves and reads the caller\'s own relationship context (free text inferred)', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    const saved = await api(a.cookie, 'PUT', `/api/chats/${roomId}/context`, { description: 'my girlfriend' });
    expect(saved.json().relationshipContext).toEqual({ type: 'romantic', formality: 'informal', description: 'my girlfriend' });
    expect((await api(a.cookie, 'GET', `/api/chats/${roomId}/context`)).json().relationshipContext.type).toBe('romantic');
    expect((await api(b.cookie, 'GET', `/api/chats/${roomId}/context`)).json().relationshipContext).toBeNull();
    expect((await api(a.cookie, 'PUT', `/api/chats/${roomId}/context`, { description: '   ' })).statusCode).toBe(400);
  });
});

describe('membership and deletion', () => {
  it('gives a non-member the same answer as a room that does not exist, on every route', async () => {
    const { a, b } = await pair();
    const stranger = await signUpAndIn(s.app);
    const roomId = await startRoom(a, b.id);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [roomId, missing, 'not-a-uuid']) {
      for (const [method, url, payload] of [
        ['GET', `/api/chats/${id}/messages`, undefined],
        ['POST', `/api/chats/${id}/messages`, { content: 'hi', clientId: 'abcdefgh99' }],
        ['POST', `/api/chats/${id}/read`, undefined],
        ['GET', `/api/chats/${id}/context`, undefined],
        ['PUT', `/api/chats/${id}/context`, { description: 'boss' }],
      ] as const) {
        const res = await api(stranger.cookie, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error).toEqual({ code: 'not_found', message: 'Conversation not found' });
      }
      // Deleting is idempotent: a room one is not in, or that is gone, answers deleted: false; a malformed id
      // (never a room) gets the path's 404, as on every route.
      const del = await api(stranger.cookie, 'DELETE', `/api/chats/${id}`);
      expect(id === 'not-a-uuid' ? del.json().error : del.json()).toEqual(id === 'not-a-uuid' ? { code: 'not_found', message: 'Conversation not found' } : { deleted: false });
    }
    expect((await api(a.cookie, 'GET', `/api/chats/${roomId}/messages`)).statusCode).toBe(200);
  });

  it('signed-out requests are refused', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    for (const [method, url] of [['GET', '/api/chats'], ['GET', `/api/chats/${roomId}/messages`], ['DELETE', `/api/chats/${roomId}`]] as const) {
      expect((await s.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('lets a participant delete: messages go, the partner\'s screens are told, a second delete is false', async () => {
    const { a, b } = await pair();
    const roomId = await startRoom(a, b.id);
    await send(a.cookie, roomId, 'soon gone');
    const bSock = await TestSocket.open(s.base, b.cookie);
    const del = await api(a.cookie, 'DELETE', `/api/chats/${roomId}`);
    expect(del.json()).toEqual({ deleted: true });
    expect((await bSock.next('room.deleted')).roomId).toBe(roomId);
    expect((await api(b.cookie, 'GET', '/api/chats')).json().conversations).toEqual([]);
    expect((await api(b.cookie, 'GET', `/api/chats/${roomId}/messages`)).statusCode).toBe(404);
    expect((await api(a.cookie, 'POST', '/api/rpc/delete_chat_room', { room_id: roomId })).json()).toBe(false);
    bSock.close();
  });
});

describe('realtime socket', () => {
  it('refuses a signed-out handshake and a foreign Origin', async () => {
    await expect(TestSocket.open(s.base, undefined)).rejects.toThrow('401');
    const u = await signUpAndIn(s.app);
    await expect(TestSocket.open(s.base, u.cookie, 'https://evil.example')).rejects.toThrow('403');
  });

  it('only delivers events of rooms the user is in', async () => {
    const { a, b } = await pair();
    const outsider = await signUpAndIn(s.app);
    const outSock = await TestSocket.open(s.base, outsider.cookie);
    const bSock = await TestSocket.open(s.base, b.cookie);
    const roomId = await startRoom(a, b.id);
    await send(a.cookie, roomId, 'private');
    await bSock.next('message.translated');
    await api(a.cookie, 'DELETE', `/api/chats/${roomId}`);
    await bSock.next('room.deleted');
    // The outsider's socket saw its hello and nothing of the room.
    const ping = outSock.next('pong');
    outSock.ws.send(JSON.stringify({ type: 'ping' }));
    await ping;
    expect(outSock.events.map((e) => e.type)).toEqual(['hello', 'pong']);
    outSock.close();
    bSock.close();
  });

  it('answers garbage frames with an error and closes oversized ones', async () => {
    const u = await signUpAndIn(s.app);
    const sock = await TestSocket.open(s.base, u.cookie);
    sock.ws.send('not json');
    expect((await sock.next('error')).code).toBe('bad_frame');
    sock.ws.send('x'.repeat(5000));
    expect(await sock.waitClosed()).toBe(1009);
  });

  it('closes the sockets of a session that signs out', async () => {
    const u = await signUpAndIn(s.app);
    const sock = await TestSocket.open(s.base, u.cookie);
    await api(u.cookie, 'POST', '/api/auth/signout');
    expect(await sock.waitClosed()).toBe(4001);
    await expect(TestSocket.open(s.base, u.cookie)).rejects.toThrow('401');
  });
});
