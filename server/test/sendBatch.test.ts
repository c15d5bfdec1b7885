import type { ChatMessage } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage, insertStats, sendWorkStats } from '../src/chat/insertBatch.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

// Group commit (chat/insertBatch.ts): sends that arrive together share one INSERT, and each still gets exactly its
// own answer: stored once, a repeated client id answered with the stored message, a blocked pair refused.
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ sendsPer10s: 1000 });
});
afterAll(async () => s.close());

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: Person, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function pair(): Promise<{ a: Person; b: Person; roomId: string }> {
  const [a, b] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
  // Same language: nothing to translate, so each send is the one-statement path that is batched.
  for (const who of [a, b]) await api(who, 'PATCH', '/api/profile', { language: 'en' });
  const roomId = (await api(a, 'POST', '/api/chats', { userId: b.id })).json().room.id as string;
  return { a, b, roomId };
}

describe('sends that arrive together', () => {
  it('are stored once each, in fewer statements than sends, with repeats and blocks answered per send', async () => {
    const pairs = await Promise.all([pair(), pair(), pair(), pair()]);
    const blocked = await pair();
    await api(blocked.b, 'POST', '/api/blocks', { userId: blocked.a.id });
    const before = insertStats(s.database.db);

    const sends: { who: Person; roomId: string; clientId: string; content: string }[] = [];
    pairs.forEach(({ a, b, roomId }, p) => {
      for (let i = 0; i < 5; i += 1) sends.push({ who: i % 2 ? b : a, roomId, clientId: `batch-${p}-${i}`, content: `pair ${p} message ${i}` });
    });
    // The same client id twice in the same burst (a client retrying at once), and a send into the blocked pair.
    sends.push({ ...sends[0]! });
    sends.push({ who: blocked.a, roomId: blocked.roomId, clientId: 'batch-blocked', content: 'are you there?' });
    const answers = await Promise.all(sends.map((x) => api(x.who, 'POST', `/api/chats/${x.roomId}/messages`, { content: x.content, clientId: x.clientId })));

    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20], answers[20]!.body).toBe(200);
    expect(answers[20]!.json().message.id).toBe(answers[0]!.json().message.id);
    expect(statuses[21]).toBe(403);
    expect(answers[21]!.json().error.code).toBe('cannot_message');
    // Each answer is its own message.
    answers.slice(0, 20).forEach((r, i) => expect(r.json().message).toMatchObject({ content: sends[i]!.content, sender_id: sends[i]!.who.id }));

    // Stored exactly once each, every pair's five in its room, none in the blocked pair's.
    for (const [p, { a, roomId }] of pairs.entries()) {
      const messages = (await api(a, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
      expect(messages.map((m) => m.content).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `pair ${p} message ${i}`));
    }
    expect((await api(blocked.a, 'GET', `/api/chats/${blocked.roomId}/messages`)).json().messages).toEqual([]);

    const after = insertStats(s.database.db);
    expect(after.rows - before.rows).toBe(22);
    expect(after.statements - before.statements).toBeLessThan(22);
  });

  it('sends to translate share one transaction: each stored once with its translation row and job, translated once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signUpAndIn(s.app)));
    for (const [i, who] of people.entries()) await api(who, 'PATCH', '/api/profile', { language: i % 2 ? 'es' : 'en' });
    const rooms = await Promise.all([0, 2, 4].map(async (i) => ({ a: people[i]!, b: people[i + 1]!,
      roomId: (await api(people[i]!, 'POST', '/api/chats', { userId: people[i + 1]!.id })).json().room.id as string })));
    const before = sendWorkStats(s.app.translationJobs);
    const sends = rooms.flatMap(({ a, roomId }, r) => [0, 1, 2].map((i) => ({ who: a, roomId, clientId: `work-${r}-${i}`, content: `Good morning number ${r}${i}` })));
    sends.push({ ...sends[0]! });
    const answers = await Promise.all(sends.map((x) => api(x.who, 'POST', `/api/chats/${x.roomId}/messages`, { content: x.content, clientId: x.clientId })));
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(9).fill(201), 200]);
    expect(answers[9]!.json().message.id).toBe(answers[0]!.json().message.id);
    const after = sendWorkStats(s.app.translationJobs);
    expect(after.sends - before.sends).toBe(10);
    expect(after.transactions - before.transactions).toBeLessThan(10);
    for (const [i, answer] of answers.slice(0, 9).entries()) {
      const { roomId, b } = rooms[Math.floor(i / 3)]!;
      const read = await settledMessage(s.app, b.cookie, roomId, answer.json().message.id as string);
      expect(read).toMatchObject({ content: sends[i]!.content, translation_status: 'done', target_language: 'es' });
    }
    const rows = await s.database.db.selectFrom('message_translations').select(['message_id', 'language'])
      .where('message_id', 'in', answers.slice(0, 9).map((r) => r.json().message.id as string)).execute();
    expect(rows).toHaveLength(9);
  });

  it('a batch the database refuses as a whole fails only the send that caused it', async () => {
    const { a, roomId } = await pair();
    const row = (i: number, room = roomId) => ({
      chat_room_id: room, sender_id: a.id, client_id: `whole-${i}`, content: `fine ${i}`, original_language: 'en',
      attachment: null, reply_to_id: null, mentions: null, direct: false,
    });
    // A room that does not exist breaks the foreign key: sent in the same burst as six good rows.
    const good = Array.from({ length: 6 }, (_, i) => insertMessage(s.database.db, row(i)));
    const bad = insertMessage(s.database.db, row(6, '00000000-0000-4000-8000-000000000000'));
    const [stored, refused] = await Promise.all([Promise.all(good), bad.then(() => 'stored', () => 'refused')]);
    expect(stored.map((r) => r?.content)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `fine ${i}`));
    expect(refused).toBe('refused');
    const messages = (await api(a, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
    expect(messages.map((m) => m.content).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `fine ${i}`));
  });
});
