import type { AccountExport, ChatMessage, ConversationListItem } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { signIn, signUpAndIn, uniqueUser, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

const s = useTestServer({ listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: { cookie: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
let seq = 0;
const send = (who: Person, roomId: string, content: string) =>
  api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `acct-${++seq}-${Date.now()}` });
const pair = async (a: Person, b: Person) => (await api(a, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
const history = async (who: Person, roomId: string) => (await api(who, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
const conversations = async (who: Person) => (await api(who, 'GET', '/api/chats')).json().conversations as ConversationListItem[];
const deleteAccount = (who: Person, payload: object) => api(who, 'POST', '/api/account/delete', payload);

describe('delete my account', () => {
  it('refuses a wrong password, a missing one and wrong types, and changes nothing', async () => {
    const ana = await signUpAndIn(s.app);
    const wrong = await deleteAccount(ana, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('wrong_password');
    expect((await deleteAccount(ana, {})).statusCode).toBe(400);
    expect((await deleteAccount(ana, { password: ana.password, eraseMessages: 'yes' })).statusCode).toBe(400);
    expect((await api(ana, 'GET', '/api/profile')).statusCode).toBe(200);
  });

  it('keeps the messages for the partner as from a deleted user, frees the username and e-mail, and closes every socket', async () => {
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = await pair(ana, bo);
    expect((await send(ana, roomId, 'hello from ana')).statusCode).toBe(201);
    expect((await send(bo, roomId, 'hi ana')).statusCode).toBe(201);
    // Two devices of ana's, and bo's socket to hear the room change.
    const secondCookie = await signIn(s.app, ana.email, ana.password);
    const sockets = [await TestSocket.open(s.base, ana.cookie), await TestSocket.open(s.base, secondCookie)];
    const boSocket = await TestSocket.open(s.base, bo.cookie);

    const res = await deleteAccount(ana, { password: ana.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(await Promise.all(sockets.map((w) => w.waitClosed()))).toEqual([4001, 4001]);
    const told = await boSocket.next('room.member_deleted');
    expect(told).toMatchObject({ roomId, memberCount: 1 });
    boSocket.close();

    // Both of ana's sessions are gone.
    for (const cookie of [ana.cookie, secondCookie]) expect((await s.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
    // Bo keeps the history: ana's message has no sender now; the pair no longer names her.
    const messages = await history(bo, roomId);
    expect(messages.map((m) => [m.content, m.sender_id === null])).toEqual([['hello from ana', true], ['hi ana', false]]);
    const item = (await conversations(bo)).find((c) => c.id === roomId)!;
    expect(item.otherUser).toBeNull();
    expect(item.name).not.toContain(ana.username);
    // Nobody reads a message sent there any more: refused with the neutral answer.
    const late = await send(bo, roomId, 'are you there?');
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('cannot_message');
    // Sign-in fails like an unknown account; the username and the address are free again.
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: ana.email, password: ana.password } })).statusCode).toBe(401);
    const again = await s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: ana.email, password: ana.password, username: ana.username } });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('erases the messages too when asked, hands a group to its next admin, and deletes a room left empty', async () => {
    const [ana, bo, cy] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = await pair(ana, bo);
    await send(ana, roomId, 'erase me');
    await send(bo, roomId, 'keep me');
    const group = await api(ana, 'POST', '/api/groups', { name: 'Trip', memberIds: [bo.id, cy.id] });
    const groupId = group.json().room.id as string;
    await send(ana, groupId, 'group hello');
    // A pair whose partner already left holds only ana: it goes with her.
    const [dee] = [await signUpAndIn(s.app)];
    const lonely = await pair(ana, dee);
    await deleteAccount(dee, { password: dee.password });

    expect((await deleteAccount(ana, { password: ana.password, eraseMessages: true })).statusCode).toBe(204);
    expect((await history(bo, roomId)).map((m) => m.content)).toEqual(['keep me']);
    expect((await history(bo, groupId)).some((m) => m.content === 'group hello')).toBe(false);
    const members = (await api(bo, 'GET', `/api/chats/${groupId}/members`)).json().members as { id: string; is_admin: boolean }[];
    expect(members.map((m) => m.id).sort()).toEqual([bo.id, cy.id].sort());
    // Bo and Cy joined together: the next admin is the first of them in the group's order (joined, then id).
    expect(members.filter((m) => m.is_admin).map((m) => m.id)).toEqual([[bo.id, cy.id].sort()[0]]);
    expect(await s.database.db.selectFrom('chat_rooms').select('id').where('id', '=', lonely).executeTakeFirst()).toBeUndefined();
  });
});

describe('download my data', () => {
  it('gives the profile, conversations with messages sent and received and their translations, glossaries and blocks', async () => {
    const [ana, bo, spam] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
    await api(ana, 'PATCH', '/api/profile', { language: 'en' });
    await api(bo, 'PATCH', '/api/profile', { language: 'es' });
    const roomId = await pair(ana, bo);
    await send(ana, roomId, 'Good morning');
    await send(bo, roomId, 'Buenos días');
    await api(ana, 'POST', '/api/blocks', { userId: spam.id });

    const res = await api(ana, 'GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="parley-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json() as AccountExport;
    expect(data).toMatchObject({ format: 'parley-account-export', version: 1, account: { id: ana.id, email: ana.email } });
    expect(data.profile).toMatchObject({ username: ana.username, language: 'en' });
    const conversation = data.conversations.find((c) => c.id === roomId)!;
    expect(conversation.members).toEqual([bo.username]);
    expect(conversation.messages.map((m) => [m.from, m.original.text])).toEqual([['me', 'Good morning'], [bo.username, 'Buenos días']]);
    // Each message carries its translation rows (pending, done or failed: whatever the engine did by now).
    expect(conversation.messages[0]!.translations.map((t) => t.language)).toEqual(['es']);
    expect(conversation.messages[1]!.translations.map((t) => t.language)).toEqual(['en']);
    expect(data.blocked.map((b) => b.username)).toEqual([spam.username]);
    // Only one's own data: bo's export has no trace of ana's blocks.
    const bos = (await api(bo, 'GET', '/api/account/export')).json() as AccountExport;
    expect(bos.blocked).toEqual([]);
    expect((await s.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
  });
});

it('keeps one account deletable by the console too: an admin deletion leaves the partner the history', async () => {
  const [ana, bo] = [await signUpAndIn(s.app, uniqueUser('del')), await signUpAndIn(s.app)];
  const roomId = await pair(ana, bo);
  await send(ana, roomId, 'still here');
  const { deleteUser } = await import('../src/admin/users.ts');
  await deleteUser({ db: s.database.db, now: () => new Date(), endSessions: () => {} }, { id: null, email: 'cli', address: null }, ana.id);
  expect((await history(bo, roomId)).map((m) => [m.content, m.sender_id])).toEqual([['still here', null]]);
});
