import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ChatMessage, ServerEvent } from '@parley/common';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/**
 * Issue 25 items 2-5: reply, edit, delete for everyone, reactions. A translator of the test's own
 * ("<LANG>: text"), which holds a text the test named until the test lets it go.
 */
const gates = new Map<string, { open: () => void; reached: Promise<void>; arrived: () => void; wait: Promise<void> }>();
function hold(text: string) {
  let open = () => undefined as void;
  let arrived = () => undefined as void;
  const wait = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (arrived = r));
  const gate = { open, reached, arrived, wait };
  gates.set(text, gate);
  return gate;
}
const translator: ChatTranslator = {
  async translate({ text, target }) {
    const gate = gates.get(text);
    if (gate) {
      gate.arrived();
      await gate.wait;
    }
    return { text: `${target.toUpperCase()}: ${text}`, ok: true, kind: 'translated', detectedLanguage: 'en' };
  },
};

let s: TestServer;
let base: string;
type Person = Awaited<ReturnType<typeof signUpAndIn>>;
let ana: Person; // en
let bruno: Person; // es
let eve: Person; // outsider
let roomId: string;
let otherRoom: string;
let brunoSocket: TestSocket;

const req = (who: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const send = async (who: Person, content: string, extra: object = {}, room = roomId) => {
  const res = await req(who, 'POST', `/api/chats/${room}/messages`, { content, clientId: `c-${Math.random().toString(36).slice(2, 12)}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
};
const history = async (who: Person, room = roomId, query = '') =>
  (await req(who, 'GET', `/api/chats/${room}/messages${query}`)).json().messages as ChatMessage[];
async function seen(who: Person, id: string, done: (m: ChatMessage) => boolean, room = roomId): Promise<ChatMessage> {
  for (let i = 0; i < 300; i++) {
    const m = (await history(who, room)).find((x) => x.id === id);
    if (m && done(m)) return m;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`message ${id} never reached the state expected`);
}
const translatedFor = (who: Person, id: string) => seen(who, id, (m) => m.translation_status !== 'pending');
const nextEvent = <T extends ServerEvent['type']>(socket: TestSocket, type: T, match: (e: Extract<ServerEvent, { type: T }>) => boolean) => {
  const from = socket.events.length;
  return () => socket.next((e) => e.type === type && socket.events.indexOf(e) >= from && match(e as Extract<ServerEvent, { type: T }>)) as Promise<Extract<ServerEvent, { type: T }>>;
};

beforeAll(async () => {
  s = await getTestServer({ chatTranslator: translator, listen: true });
  base = s.base;
  [ana, bruno, eve] = [await signUpAndIn(s.app), await signUpAndIn(s.app), await signUpAndIn(s.app)];
  for (const [who, language] of [[ana, 'en'], [bruno, 'es'], [eve, 'en']] as const) await req(who, 'PATCH', '/api/profile', { language });
  roomId = (await req(ana, 'POST', '/api/chats', { userId: bruno.id })).json().room.id;
  otherRoom = (await req(ana, 'POST', '/api/chats', { userId: eve.id })).json().room.id;
  brunoSocket = await TestSocket.open(base, bruno.cookie);
}, 60_000);
afterAll(async () => {
  brunoSocket?.close();
  await s.close();
});

describe('reply', () => {
  it('quotes a message of the room in the reader\'s language; another room\'s message or a stranger is refused', async () => {
    const question = await send(bruno, 'Where are you?');
    await translatedFor(ana, question.id);
    const created = nextEvent(brunoSocket, 'message.created', (e) => e.message.content === 'At the station');
    const answer = await send(ana, 'At the station', { replyTo: question.id });
    expect(answer.reply_to).toMatchObject({ id: question.id, sender_id: bruno.id, content: 'Where are you?', translated_content: 'EN: Where are you?', deleted: false });
    // Bruno quoted his own message: he reads it as he wrote it.
    expect((await created()).message.reply_to).toMatchObject({ id: question.id, content: 'Where are you?', translated_content: null });
    expect((await history(bruno)).find((m) => m.id === answer.id)?.reply_to).toMatchObject({ id: question.id, translated_content: null });

    const foreign = await send(ana, 'Elsewhere', {}, otherRoom);
    const wrongRoom = await req(ana, 'POST', `/api/chats/${roomId}/messages`, { content: 'x', clientId: 'reply-wrong-room', replyTo: foreign.id });
    expect(wrongRoom.statusCode).toBe(400);
    expect(wrongRoom.json().error.code).toBe('reply_not_found');
    expect((await req(ana, 'POST', `/api/chats/${roomId}/messages`, { content: 'x', clientId: 'reply-missing1', replyTo: '999999999' })).json().error.code).toBe('reply_not_found');
    expect((await req(ana, 'POST', `/api/chats/${roomId}/messages`, { content: 'x', clientId: 'reply-bad-id1', replyTo: 'abc' })).statusCode).toBe(400);
    const outsider = await req(eve, 'POST', `/api/chats/${roomId}/messages`, { content: 'x', clientId: 'reply-outsider', replyTo: question.id });
    const missingRoom = await req(eve, 'POST', '/api/chats/00000000-0000-4000-8000-000000000000/messages', { content: 'x', clientId: 'reply-outsider', replyTo: question.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(missingRoom.json());
  });
});

describe('reply in a group', () => {
  it('a member added later can neither quote nor react to what came before they joined', async () => {
    const li = await signUpAndIn(s.app);
    await req(li, 'PATCH', '/api/profile', { language: 'fr' });
    const created = await req(ana, 'POST', '/api/groups', { name: 'Trip', memberIds: [bruno.id, eve.id] });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json().room.id as string;
    const before = await send(bruno, 'Before Li came', {}, group);
    await s.database.db.updateTable('messages').set({ created_at: new Date(Date.now() - 60_000) }).where('id', '=', before.id as never).execute();
    expect((await req(ana, 'POST', `/api/chats/${group}/members`, { userIds: [li.id] })).statusCode).toBeLessThan(300);
    const quoted = await req(li, 'POST', `/api/chats/${group}/messages`, { content: 'hi', clientId: 'li-reply-0001', replyTo: before.id });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().error.code).toBe('reply_not_found');
    expect((await req(li, 'POST', `/api/chats/${group}/messages/${before.id}/reactions`, { emoji: '👍', active: true })).statusCode).toBe(404);
    // Those who were there reply, and Li reads the quote of a message after his joining in French.
    const later = await send(bruno, 'Welcome Li', {}, group);
    const reply = await send(ana, 'Yes, welcome', { replyTo: later.id }, group);
    await seen(li, later.id, (m) => m.translation_status === 'done', group);
    const shown = (await history(li, group)).find((m) => m.id === reply.id);
    expect(shown?.reply_to).toMatchObject({ id: later.id, content: 'Welcome Li', translated_content: 'FR: Welcome Li' });
  });
});

describe('edit', () => {
  it('changes the text, translates it again for every reader, drops corrections, and a resume brings it', async () => {
    const sent = await send(ana, 'See you at nine');
    expect(await translatedFor(bruno, sent.id)).toMatchObject({ translated_content: 'ES: See you at nine' });
    // Bruno corrects the translation he reads; the edit drops it.
    expect((await req(bruno, 'PUT', `/api/chats/${roomId}/messages/${sent.id}/translation`, { text: 'Nos vemos a las nueve' })).statusCode).toBe(200);
    const later = await send(bruno, 'ok');
    const edited = nextEvent(brunoSocket, 'message.edited', (e) => e.message.id === sent.id);
    const translated = nextEvent(brunoSocket, 'message.translated', (e) => e.message.id === sent.id && e.message.translated_content === 'ES: See you at ten');

    const res = await req(ana, 'PATCH', `/api/chats/${roomId}/messages/${sent.id}`, { content: 'See you at ten' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ content: 'See you at ten', translation_status: 'pending', edited_at: expect.any(String) });
    expect((await edited()).message).toMatchObject({ content: 'See you at ten', translated_content: null, translation_status: 'pending', edited_at: expect.any(String) });
    expect((await translated()).message).toMatchObject({ translation_status: 'done', corrected_by: null, machine_translation: null });
    // A resume from a later message brings the edited one (changed_at).
    const resumed = (await history(bruno, roomId, `?resume=${later.id}`)).find((m) => m.id === sent.id);
    expect(resumed).toMatchObject({ content: 'See you at ten', translated_content: 'ES: See you at ten', edited_at: expect.any(String) });
    const list = (await req(bruno, 'GET', '/api/chats')).json().conversations.find((c: { id: string }) => c.id === roomId);
    expect(list.lastMessage).toMatchObject({ content: 'ok' });
  });

  it('never applies an old job\'s translation to the new text', async () => {
    const [first, second] = [hold('slow train'), hold('fast train')];
    const sent = await send(ana, 'slow train');
    await first.reached; // the old text's job is in the engine
    expect((await req(ana, 'PATCH', `/api/chats/${roomId}/messages/${sent.id}`, { content: 'fast train' })).statusCode).toBe(200);
    await second.reached; // the new text's job is in the engine too
    first.open(); // the old job finishes first, while the row waits for the new one
    const completed = () => sql`SELECT 1 FROM pgboss.job WHERE name = 'translate-message' AND data->>'messageId' = ${sent.id} AND state = 'completed'`.execute(s.database.db);
    for (let i = 0; i < 300 && (await completed()).rows.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await completed()).rows).toHaveLength(1);
    const row = () => s.database.db.selectFrom('message_translations').selectAll().where('message_id', '=', sent.id as never).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ language: 'es', status: 'pending', content: null });
    second.open();
    expect(await translatedFor(bruno, sent.id)).toMatchObject({ content: 'fast train', translated_content: 'ES: fast train' });
    expect(await row()).toMatchObject({ status: 'done', content: 'ES: fast train' });
  });

  it('refuses someone else\'s message like a missing one, a non-member like a missing room, and after 24 hours', async () => {
    const theirs = await send(bruno, 'Mine, not yours');
    const other = await req(ana, 'PATCH', `/api/chats/${roomId}/messages/${theirs.id}`, { content: 'changed' });
    const missing = await req(ana, 'PATCH', `/api/chats/${roomId}/messages/999999999`, { content: 'changed' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    const outsider = await req(eve, 'PATCH', `/api/chats/${roomId}/messages/${theirs.id}`, { content: 'changed' });
    const noRoom = await req(eve, 'PATCH', `/api/chats/00000000-0000-4000-8000-000000000000/messages/${theirs.id}`, { content: 'changed' });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(noRoom.json());
    expect((await req(bruno, 'PATCH', `/api/chats/${roomId}/messages/${theirs.id}`, { content: '   ' })).json().error.code).toBe('message_empty');

    await sql`UPDATE messages SET created_at = created_at - interval '25 hours' WHERE id = ${theirs.id}`.execute(s.database.db);
    const late = await req(bruno, 'PATCH', `/api/chats/${roomId}/messages/${theirs.id}`, { content: 'too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('edit_window_passed');
  });
});

describe('delete for everyone', () => {
  it('empties the message, removes its translations, reactions and media, live and in the list', async () => {
    const quoted = await send(bruno, 'Here is the address');
    await translatedFor(ana, quoted.id);
    const reply = await send(ana, 'Thanks', { replyTo: quoted.id });
    expect((await req(ana, 'POST', `/api/chats/${roomId}/messages/${quoted.id}/reactions`, { emoji: '👍', active: true })).statusCode).toBe(200);
    // A photo of Bruno's (stored as the upload route stores it).
    const media = await s.database.db.insertInto('chat_media').values({ chat_room_id: roomId, uploader_id: bruno.id, kind: 'photo', content_type: 'image/jpeg', bytes: Buffer.from([1, 2, 3]) }).returning('id').executeTakeFirstOrThrow();
    const photo = await s.database.db.insertInto('messages').values({
      chat_room_id: roomId, sender_id: bruno.id, client_id: 'photo-to-delete', content: '',
      attachment: JSON.stringify({ id: media.id, kind: 'photo', mime: 'image/jpeg', note: 'no_text' }),
    }).returning('id').executeTakeFirstOrThrow();
    const unreadBefore = (await req(ana, 'GET', '/api/chats')).json().conversations.find((c: { id: string }) => c.id === roomId).unreadCount;

    expect((await req(ana, 'DELETE', `/api/chats/${roomId}/messages/${quoted.id}`)).statusCode).toBe(404);
    const missing = await req(ana, 'DELETE', `/api/chats/${roomId}/messages/999999999`);
    expect((await req(ana, 'DELETE', `/api/chats/${roomId}/messages/${quoted.id}`)).json()).toEqual(missing.json());
    expect((await req(eve, 'DELETE', `/api/chats/${roomId}/messages/${quoted.id}`)).json().error.message).toBe('Conversation not found');

    const deleted = nextEvent(brunoSocket, 'message.deleted', (e) => e.messageId === quoted.id);
    const res = await req(bruno, 'DELETE', `/api/chats/${roomId}/messages/${quoted.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ content: '', translated_content: null, deleted_at: expect.any(String), reactions: [] });
    expect(await deleted()).toMatchObject({ roomId, messageId: quoted.id });
    expect((await req(bruno, 'DELETE', `/api/chats/${roomId}/messages/${quoted.id}`)).statusCode).toBe(200);
    const shown = await history(ana);
    expect(shown.find((m) => m.id === quoted.id)).toMatchObject({ content: '', translated_content: null, translation_status: 'not_needed', deleted_at: expect.any(String) });
    expect(shown.find((m) => m.id === reply.id)?.reply_to).toMatchObject({ id: quoted.id, content: '', deleted: true });
    const db = s.database.db;
    expect(await db.selectFrom('message_translations').select('language').where('message_id', '=', quoted.id as never).execute()).toEqual([]);
    expect(await db.selectFrom('message_reactions').select('emoji').where('message_id', '=', quoted.id as never).execute()).toEqual([]);
    // Editing or reacting to a deleted message: nothing there any more.
    expect((await req(bruno, 'PATCH', `/api/chats/${roomId}/messages/${quoted.id}`, { content: 'back' })).json().error.code).toBe('message_not_editable');
    expect((await req(ana, 'POST', `/api/chats/${roomId}/messages/${quoted.id}/reactions`, { emoji: '👍', active: true })).statusCode).toBe(404);

    // The photo: its bytes go; it was the last message, so the list says it was deleted; unread counts follow.
    expect((await req(bruno, 'PATCH', `/api/chats/${roomId}/messages/${photo.id}`, { content: 'caption' })).json().error.code).toBe('message_not_editable');
    expect((await req(bruno, 'DELETE', `/api/chats/${roomId}/messages/${photo.id}`)).statusCode).toBe(200);
    expect(await db.selectFrom('chat_media').select('id').where('id', '=', media.id).execute()).toEqual([]);
    const item = (await req(ana, 'GET', '/api/chats')).json().conversations.find((c: { id: string }) => c.id === roomId);
    expect(item.lastMessage).toMatchObject({ content: '', deleted: true });
    expect(item.unreadCount).toBe(unreadBefore - 2);
  });
});

describe('reactions', () => {
  it('toggles one per person per emoji, live with who; bad emoji, outsiders and blocked people are refused', async () => {
    const m = await send(bruno, 'Dinner is ready');
    const url = `/api/chats/${roomId}/messages/${m.id}/reactions`;
    const event = nextEvent(brunoSocket, 'message.reactions', (e) => e.messageId === m.id && e.reactions.length === 2);
    expect((await req(ana, 'POST', url, { emoji: '❤️', active: true })).json().reactions).toEqual([{ emoji: '❤️', count: 1, userIds: [ana.id] }]);
    expect((await req(ana, 'POST', url, { emoji: '❤️', active: true })).json().reactions).toEqual([{ emoji: '❤️', count: 1, userIds: [ana.id] }]);
    await req(bruno, 'POST', url, { emoji: '❤️', active: true });
    await req(bruno, 'POST', url, { emoji: '😂', active: true });
    expect((await event()).reactions).toEqual([{ emoji: '❤️', count: 2, userIds: [ana.id, bruno.id] }, { emoji: '😂', count: 1, userIds: [bruno.id] }]);
    expect((await req(ana, 'POST', url, { emoji: '❤️', active: false })).json().reactions).toEqual([
      { emoji: '❤️', count: 1, userIds: [bruno.id] }, { emoji: '😂', count: 1, userIds: [bruno.id] },
    ]);
    expect((await history(ana)).find((x) => x.id === m.id)?.reactions).toHaveLength(2);

    const bad = await req(ana, 'POST', url, { emoji: '🐍', active: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('unknown_reaction');
    const outsider = await req(eve, 'POST', url, { emoji: '👍', active: true });
    const noRoom = await req(eve, 'POST', `/api/chats/00000000-0000-4000-8000-000000000000/messages/${m.id}/reactions`, { emoji: '👍', active: true });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(noRoom.json());
    const foreign = await send(ana, 'In the other room', {}, otherRoom);
    expect((await req(bruno, 'POST', `/api/chats/${roomId}/messages/${foreign.id}/reactions`, { emoji: '👍', active: true })).statusCode).toBe(404);

    expect((await req(bruno, 'POST', '/api/blocks', { userId: ana.id })).statusCode).toBeLessThan(300);
    const blocked = await req(ana, 'POST', url, { emoji: '👍', active: true });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('cannot_message');
    await req(bruno, 'DELETE', `/api/blocks/${ana.id}`);
  });
});
