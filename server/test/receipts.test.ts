import type { ChatMessage } from '@parley/common';
import { describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { signUpAndIn, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

const translator: ChatTranslator = {
  translate: async (input) => ({ text: `[${input.target}] ${input.text}`, ok: true, detectedLanguage: input.sourceHint ?? 'en' }),
};

const s = useTestServer({ chatTranslator: translator, listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

let seq = 0;
async function send(who: Person, roomId: string, content: string): Promise<ChatMessage> {
  const res = await api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `receipts-${++seq}-${Date.now()}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}
const person = async (language = 'en') => {
  const p = await signUpAndIn(s.app);
  await api(p, 'PATCH', '/api/profile', { language });
  return p;
};
const pairRoom = async (a: Person, b: Person) => (await api(a, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
const history = (who: Person, roomId: string, query = '') => api(who, 'GET', `/api/chats/${roomId}/messages${query}`);

describe('jump to a message (?around=)', () => {
  it('answers the page around the message: 25 before it, it and the ones after, oldest first', async () => {
    const [ana, bo] = [await person('en'), await person('es')];
    const roomId = await pairRoom(ana, bo);
    const sent: ChatMessage[] = [];
    for (let i = 0; i < 80; i += 1) sent.push(await send(i % 2 ? bo : ana, roomId, `line ${i}`));
    const target = sent[30]!;
    const res = await history(bo, roomId, `?around=${target.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().messages as ChatMessage[];
    expect(page.map((m) => m.content)).toEqual(sent.slice(5, 55).map((m) => m.content));
    // Same shape as a history page: each message as this reader sees it.
    expect(page.find((m) => m.id === target.id)).toMatchObject({ content: 'line 30', target_language: 'es' });
    // Near the end: fewer after it, and the page reaches the latest.
    const near = (await history(ana, roomId, `?around=${sent[78]!.id}`)).json().messages as ChatMessage[];
    expect(near.map((m) => m.content)).toEqual(sent.slice(53).map((m) => m.content));
  });

  it("refuses another room's message, a missing one and a non-member with the usual 404s", async () => {
    const [ana, bo, cy] = [await person(), await person(), await person()];
    const ours = await pairRoom(ana, bo);
    const theirs = await pairRoom(bo, cy);
    const other = await send(bo, theirs, 'not for ana');
    const mine = await send(ana, ours, 'hello');
    const foreign = await history(ana, ours, `?around=${other.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('message_not_found');
    const missing = await history(ana, ours, '?around=999999999');
    expect(missing.json().error.code).toBe('message_not_found');
    // A non-member (or a made-up room) gets the room's 404, whatever the message.
    const outsider = await history(cy, ours, `?around=${mine.id}`);
    const madeUp = await history(cy, '7c9e6679-7425-40de-944b-e07fc1f90ae7', `?around=${mine.id}`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).toBe(madeUp.body);
    expect(outsider.json().error.code).toBe('not_found');
    const bad = await history(ana, ours, '?around=12abc');
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a group message from before the member joined", async () => {
    const [ana, bo, cy, dee] = [await person(), await person(), await person(), await person()];
    const created = await api(ana, 'POST', '/api/groups', { name: 'Trip', memberIds: [bo.id, cy.id] });
    expect(created.statusCode, created.body).toBe(201);
    const roomId = created.json().room.id as string;
    const before = await send(bo, roomId, 'before dee');
    expect((await api(ana, 'POST', `/api/chats/${roomId}/members`, { userIds: [dee.id] })).statusCode).toBe(200);
    const after = await send(bo, roomId, 'after dee');
    const refused = await history(dee, roomId, `?around=${before.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('message_not_found');
    const page = (await history(dee, roomId, `?around=${after.id}`)).json().messages as ChatMessage[];
    expect(page.map((m) => m.content)).not.toContain('before dee');
    expect(page.map((m) => m.content)).toContain('after dee');
    expect(((await history(cy, roomId, `?around=${before.id}`)).json().messages as ChatMessage[]).map((m) => m.content)).toContain('before dee');
  });
});

describe('read receipts', () => {
  const reads = async (who: Person, roomId: string) => (await api(who, 'GET', `/api/chats/${roomId}/reads`)).json().reads as { userId: string; lastReadMessageId: string }[];
  const read = async (who: Person, roomId: string) => (await api(who, 'POST', `/api/chats/${roomId}/read`)).json().lastReadMessageId as string;
  const setReceipts = async (who: Person, on: boolean) => {
    const res = await api(who, 'PATCH', '/api/profile', { read_receipts: on });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().read_receipts).toBe(on);
  };
  /** Reads of `reader` that reached `socket`, after a marker read of the socket's own user (one socket, in order). */
  async function readsSeen(socket: TestSocket, owner: Person, roomId: string, reader: Person) {
    const mark = await read(owner, roomId);
    await socket.next((e) => e.type === 'read.updated' && e.userId === owner.id && e.lastReadMessageId === mark);
    return socket.events.filter((e) => e.type === 'read.updated' && e.userId === reader.id);
  }

  it('tells the partner live and on reload, and hides it both ways when either turns read receipts off', async () => {
    const [ana, bo] = [await person('en'), await person('es')];
    const roomId = await pairRoom(ana, bo);
    const hello = await send(ana, roomId, 'hello');
    const anaSocket = await TestSocket.open(s.base, ana.cookie);
    expect(await read(bo, roomId)).toBe(hello.id);
    const live = await anaSocket.next((e) => e.type === 'read.updated' && e.userId === bo.id);
    expect(live).toMatchObject({ roomId, lastReadMessageId: hello.id });
    expect(await reads(ana, roomId)).toEqual([{ userId: bo.id, lastReadMessageId: hello.id }]);
    expect((await api(ana, 'GET', '/api/profile')).json().read_receipts).toBe(true);

    // Bo turns them off: Ana no longer sees Bo's reads, and Bo no longer sees Ana's. Ana's open screen is told
    // at once (it reloads the marks and "Seen" goes); someone who shares no room with Bo is not.
    const stranger = await person('en');
    const strangerSocket = await TestSocket.open(s.base, stranger.cookie);
    await setReceipts(bo, false);
    expect(await anaSocket.next((e) => e.type === 'read.receipts_changed')).toEqual({ v: 1, type: 'read.receipts_changed', userId: bo.id });
    await setReceipts(stranger, false);
    await strangerSocket.next((e) => e.type === 'read.receipts_changed' && e.userId === stranger.id);
    expect(strangerSocket.events.filter((e) => e.type === 'read.receipts_changed' && e.userId === bo.id)).toEqual([]);
    strangerSocket.close();
    const second = await send(ana, roomId, 'still there?');
    anaSocket.events.length = 0;
    await read(bo, roomId);
    expect(await readsSeen(anaSocket, ana, roomId, bo)).toEqual([]);
    expect(await reads(ana, roomId)).toEqual([]);
    expect(await reads(bo, roomId)).toEqual([]);

    // Back on for Bo, off for Ana: still hidden both ways.
    await setReceipts(bo, true);
    await setReceipts(ana, false);
    anaSocket.events.length = 0;
    await read(bo, roomId);
    expect(await readsSeen(anaSocket, ana, roomId, bo)).toEqual([]);
    expect(await reads(ana, roomId)).toEqual([]);
    expect(await reads(bo, roomId)).toEqual([]);
    await setReceipts(ana, true);
    expect(await reads(ana, roomId)).toEqual([{ userId: bo.id, lastReadMessageId: second.id }]);
    anaSocket.close();
  });

  it('is not shared with someone blocked, either way', async () => {
    const [ana, bo] = [await person(), await person()];
    const roomId = await pairRoom(ana, bo);
    await send(ana, roomId, 'hello');
    await send(bo, roomId, 'hi');
    expect((await api(bo, 'POST', '/api/blocks', { userId: ana.id })).statusCode).toBe(200);
    const [anaSocket, boSocket] = [await TestSocket.open(s.base, ana.cookie), await TestSocket.open(s.base, bo.cookie)];
    await read(bo, roomId);
    await read(ana, roomId);
    expect(await readsSeen(anaSocket, ana, roomId, bo)).toEqual([]);
    expect(await readsSeen(boSocket, bo, roomId, ana)).toEqual([]);
    expect(await reads(ana, roomId)).toEqual([]);
    expect(await reads(bo, roomId)).toEqual([]);
    await api(bo, 'DELETE', `/api/blocks/${ana.id}`);
    expect((await reads(ana, roomId)).map((r) => r.userId)).toEqual([bo.id]);
    anaSocket.close();
    boSocket.close();
  });

  it("gives a group's sender every member's mark (Seen by N), without those who turned receipts off", async () => {
    const [ana, bo, cy, dee] = [await person(), await person(), await person(), await person()];
    const roomId = (await api(ana, 'POST', '/api/groups', { name: 'Club', memberIds: [bo.id, cy.id, dee.id] })).json().room.id as string;
    const hello = await send(ana, roomId, 'hello all');
    await setReceipts(dee, false);
    for (const who of [bo, cy, dee]) await read(who, roomId);
    const marks = await reads(ana, roomId);
    expect(marks.map((m) => m.userId).sort()).toEqual([bo.id, cy.id].sort());
    expect(marks.every((m) => m.lastReadMessageId === hello.id)).toBe(true);
    // A non-member gets the room's 404.
    const outsider = await person();
    expect((await api(outsider, 'GET', `/api/chats/${roomId}/reads`)).statusCode).toBe(404);
  });
});
