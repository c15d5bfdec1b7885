import type { ChatMessage, UserSearchResult } from '@parley/common';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signUpAndIn, uniqueUser, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

const operator = uniqueUser('operator');
const s = useTestServer({ env: { ADMIN_EMAILS: operator.email }, listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

let seq = 0;
const send = (who: Person, roomId: string, content: string) =>
  api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `safety-${++seq}-${Date.now()}` });
const start = (who: Person, other: Person) => api(who, 'POST', '/api/chats', { userId: other.id });
const search = async (who: Person, q: string) => (await api(who, 'GET', `/api/users/search?q=${encodeURIComponent(q)}`)).json().users as UserSearchResult[];
const block = (who: Person, other: { id: string }) => api(who, 'POST', '/api/blocks', { userId: other.id });
const neutral = { error: { code: 'cannot_message', message: "You can't send messages to this conversation" } };

describe('blocking', () => {
  it('refuses a new chat both ways with the neutral 403, and unblocking allows it again', async () => {
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const first = await block(ana, bo);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ blocked: true, created: true });
    for (const [from, to] of [[bo, ana], [ana, bo]] as const) {
      const res = await start(from, to);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(neutral);
    }
    const unblocked = await api(ana, 'DELETE', `/api/blocks/${bo.id}`);
    expect(unblocked.json()).toEqual({ removed: true });
    expect((await start(bo, ana)).statusCode).toBe(201);
  });

  it('refuses sends in an existing chat both ways, stores nothing, and unblocking restores them', async () => {
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await start(ana, bo)).json().room.id as string;
    expect((await send(bo, roomId, 'hello')).statusCode).toBe(201);
    await block(ana, bo);
    // The existing room still opens for either (history stays); writing in it does not.
    expect((await start(bo, ana)).statusCode).toBe(200);
    for (const who of [bo, ana]) {
      const res = await send(who, roomId, 'still there?');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(neutral);
    }
    const messages = (await api(ana, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
    expect(messages.map((m) => m.content)).toEqual(['hello']);
    await api(ana, 'DELETE', `/api/blocks/${bo.id}`);
    expect((await send(bo, roomId, 'back')).statusCode).toBe(201);
  });

  it('does not refuse sends in a group both are in', async () => {
    const [ana, bo, cy] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const created = await api(ana, 'POST', '/api/groups', { name: 'Club', memberIds: [bo.id, cy.id] });
    expect(created.statusCode, created.body).toBe(201);
    const room = created.json().room as { id: string };
    await block(ana, bo);
    expect((await send(bo, room.id, 'hi all')).statusCode).toBe(201);
  });

  it('hides the blocker from the blocked person\'s search (by name and by whole address), not the other way', async () => {
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    expect((await search(bo, ana.username)).map((u) => u.id)).toEqual([ana.id]);
    await block(ana, bo);
    expect(await search(bo, ana.username)).toEqual([]);
    expect(await search(bo, ana.email)).toEqual([]);
    expect((await search(ana, bo.username)).map((u) => u.id)).toEqual([bo.id]);
    await api(ana, 'DELETE', `/api/blocks/${bo.id}`);
    expect((await search(bo, ana.username)).map((u) => u.id)).toEqual([ana.id]);
  });

  it('stops the blocker\'s read state from reaching the blocked person', async () => {
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await start(ana, bo)).json().room.id as string;
    await send(bo, roomId, 'one');
    const boSocket = await TestSocket.open(s.base, bo.cookie);
    await block(ana, bo);
    expect((await api(ana, 'POST', `/api/chats/${roomId}/read`)).statusCode).toBe(200);
    // Bo's own read arrives after Ana's would have (one socket, in order): Ana's never came.
    await api(bo, 'POST', `/api/chats/${roomId}/read`);
    await boSocket.next((e) => e.type === 'read.updated' && e.userId === bo.id);
    expect(boSocket.events.filter((e) => e.type === 'read.updated' && e.userId === ana.id)).toEqual([]);
    boSocket.close();
  });

  it('stops the blocker\'s typing from reaching the blocked person (a group both are in)', async () => {
    const [ana, bo, cy] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await api(ana, 'POST', '/api/groups', { name: 'Club', memberIds: [bo.id, cy.id] })).json().room.id as string;
    const [boSocket, cySocket, anaSocket] = [await TestSocket.open(s.base, bo.cookie), await TestSocket.open(s.base, cy.cookie), await TestSocket.open(s.base, ana.cookie)];
    await block(ana, bo);
    anaSocket.ws.send(JSON.stringify({ type: 'typing', roomId }));
    await cySocket.next((e) => e.type === 'typing' && e.userId === ana.id);
    // Published to everyone at once: Bo's own later read event arrives after where Ana's typing would be.
    await api(bo, 'POST', `/api/chats/${roomId}/read`);
    await boSocket.next((e) => e.type === 'read.updated' && e.userId === bo.id);
    expect(boSocket.events.filter((e) => e.type === 'typing')).toEqual([]);
    for (const socket of [boSocket, cySocket, anaSocket]) socket.close();
  });

  it('lists the blocked people; blocking twice is an idempotent 200; bad input is a clear 4xx', async () => {
    const [ana, bo, cy] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    await block(ana, bo);
    const again = await block(ana, bo);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ blocked: true, created: false });
    await block(ana, cy);
    const list = (await api(ana, 'GET', '/api/blocks')).json().users as { id: string; username: string }[];
    expect(list.map((u) => u.id).sort()).toEqual([bo.id, cy.id].sort());
    expect(list.find((u) => u.id === bo.id)?.username).toBe(bo.username);
    expect((await api(bo, 'GET', '/api/blocks')).json().users).toEqual([]);

    const self = await block(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_block_self');
    expect((await block(ana, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await api(ana, 'POST', '/api/blocks', { userId: 'nope' })).statusCode).toBe(400);
    expect((await api(ana, 'DELETE', `/api/blocks/${cy.id}`)).json()).toEqual({ removed: true });
    expect((await api(ana, 'DELETE', `/api/blocks/${cy.id}`)).json()).toEqual({ removed: false });
    expect((await s.app.inject({ method: 'GET', url: '/api/blocks' })).statusCode).toBe(401);
  });
});

describe('reporting', () => {
  it('stores a report of a user and of one of their messages', async () => {
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await start(ana, bo)).json().room.id as string;
    const messageId = (await send(bo, roomId, 'rude words')).json().message.id as string;
    const ofUser = await api(ana, 'POST', '/api/reports', { userId: bo.id, reason: '  Spam  ' });
    expect(ofUser.statusCode, ofUser.body).toBe(201);
    const ofMessage = await api(ana, 'POST', '/api/reports', { userId: bo.id, messageId: String(messageId), reason: 'Harassment' });
    expect(ofMessage.statusCode, ofMessage.body).toBe(201);
    const rows = await sql<{ reporter_id: string; reported_user_id: string; message_id: string | null; reason: string; resolved_at: Date | null }>`
      SELECT reporter_id, reported_user_id, message_id, reason, resolved_at FROM reports WHERE reporter_id = ${ana.id} ORDER BY id`.execute(s.database.db);
    expect(rows.rows.map((r) => ({ ...r, message_id: r.message_id === null ? null : String(r.message_id) }))).toEqual([
      { reporter_id: ana.id, reported_user_id: bo.id, message_id: null, reason: 'Spam', resolved_at: null },
      { reporter_id: ana.id, reported_user_id: bo.id, message_id: String(messageId), reason: 'Harassment', resolved_at: null },
    ]);
  });

  it('refuses a report without a reason, of an unknown user, or of a message the reporter cannot see', async () => {
    const [ana, bo, cy] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await start(bo, cy)).json().room.id as string;
    const hidden = (await send(bo, roomId, 'private')).json().message.id as string;
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM reports WHERE reporter_id = ${ana.id}`.execute(s.database.db)).rows[0]?.n);
    expect((await api(ana, 'POST', '/api/reports', { userId: bo.id, reason: '   ' })).statusCode).toBe(400);
    expect((await api(ana, 'POST', '/api/reports', { userId: bo.id, reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await api(ana, 'POST', '/api/reports', { userId: bo.id, reason: 'spam', extra: 1 })).statusCode).toBe(400);
    expect((await api(ana, 'POST', '/api/reports', { userId: '00000000-0000-4000-8000-000000000000', reason: 'spam' })).statusCode).toBe(404);
    const notSeen = await api(ana, 'POST', '/api/reports', { userId: bo.id, messageId: String(hidden), reason: 'spam' });
    expect(notSeen.statusCode).toBe(404);
    // A message by someone else than the reported user: the same 404.
    const wrongAuthor = await api(cy, 'POST', '/api/reports', { userId: cy.id, messageId: String(hidden), reason: 'spam' });
    expect(wrongAuthor.statusCode).toBe(404);
    expect(await count()).toBe(0);
  });
});

describe('the operators\' reports', () => {
  it('lists open reports to admins only; dismiss closes one, disable also disables the reported account', async () => {
    const admin = await signUpAndIn(s.app, operator);
    const [ana, bo, cy] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await start(ana, bo)).json().room.id as string;
    const messageId = String((await send(bo, roomId, 'buy my stuff')).json().message.id);
    const first = (await api(ana, 'POST', '/api/reports', { userId: bo.id, messageId, reason: 'Spam' })).json().report.id as string;
    const second = (await api(ana, 'POST', '/api/reports', { userId: cy.id, reason: 'Rude' })).json().report.id as string;
    // The sender deletes the message for everyone afterwards: the operators still read what was reported.
    expect((await api(bo, 'DELETE', `/api/chats/${roomId}/messages/${messageId}`)).statusCode).toBe(200);
    // A deleted message can no longer be reported (it shows nothing to report).
    expect((await api(ana, 'POST', '/api/reports', { userId: bo.id, messageId, reason: 'Spam' })).statusCode).toBe(404);

    expect((await api(ana, 'GET', '/api/admin/reports')).statusCode).toBe(403);
    expect((await api(ana, 'POST', `/api/admin/reports/${first}/dismiss`)).statusCode).toBe(403);
    const open = (await api(admin, 'GET', '/api/admin/reports')).json().reports as { id: string; reason: string; messageContent: string | null; reporter: { id: string }; reported: { id: string; disabled: boolean } }[];
    const mine = open.filter((r) => r.id === first || r.id === second);
    expect(mine).toMatchObject([
      { id: first, reason: 'Spam', messageContent: 'buy my stuff', reporter: { id: ana.id }, reported: { id: bo.id, disabled: false } },
      { id: second, reason: 'Rude', messageContent: null, reporter: { id: ana.id }, reported: { id: cy.id, disabled: false } },
    ]);

    expect((await api(admin, 'POST', `/api/admin/reports/${first}/dismiss`)).json()).toEqual({ resolved: true });
    expect((await api(admin, 'POST', `/api/admin/reports/${first}/dismiss`)).statusCode).toBe(404);
    expect((await api(admin, 'POST', `/api/admin/reports/${second}/ban`)).statusCode).toBe(400);
    expect((await api(admin, 'POST', `/api/admin/reports/${second}/disable`)).json()).toEqual({ resolved: true });
    const left = (await api(admin, 'GET', '/api/admin/reports')).json().reports as { id: string }[];
    expect(left.map((r) => r.id)).not.toContain(first);
    expect(left.map((r) => r.id)).not.toContain(second);
    const disabled = await sql<{ disabled_at: Date | null }>`SELECT disabled_at FROM users WHERE id = ${cy.id}`.execute(s.database.db);
    expect(disabled.rows[0]?.disabled_at).not.toBeNull();
    expect((await api(cy, 'GET', '/api/blocks')).statusCode).toBe(401);
    const audit = await sql<{ action: string }>`SELECT action FROM audit_log WHERE action LIKE 'report.%' ORDER BY id`.execute(s.database.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['report.dismissed', 'report.disabled']);
  });
});
