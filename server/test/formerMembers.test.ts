import type { ChatMessage, ConversationListItem, FormerMember, RoomMember } from '@parley/common';
import { describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { signUpAndIn, signUpSpeaking, useTestServer } from './helpers.ts';
import { pngImage } from './images.ts';
import { TestSocket } from './realtimeClient.ts';

/**
 * Issue 38 item 2: who said what never changes when someone leaves or is removed, and a removed member keeps the
 * group's history read-only up to the removal (nothing after it, no events), until they delete it.
 */
const translator: ChatTranslator = {
  async translate(input) {
    return { text: `[${input.target}] ${input.text}`, ok: true, kind: 'translated', detectedLanguage: input.sourceHint ?? 'en' };
  },
};

const s = useTestServer({ chatTranslator: translator, listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: { cookie: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

const person = (language: string) => signUpSpeaking(s.app, language);

async function group(admin: Person, others: Person[]) {
  const res = await api(admin, 'POST', '/api/groups', { name: 'Trip', memberIds: others.map((o) => o.id) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { room: ConversationListItem }).room;
}

let seq = 0;
const send = (who: Person, roomId: string, content: string) =>
  api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `former-${++seq}-${Date.now()}` });
const history = async (who: Person, roomId: string, query = '') => (await api(who, 'GET', `/api/chats/${roomId}/messages${query}`)).json().messages as ChatMessage[];
const people = async (who: Person, roomId: string) =>
  (await api(who, 'GET', `/api/chats/${roomId}/members`)).json() as { members: RoomMember[]; former: FormerMember[] };
const list = async (who: Person) => (await api(who, 'GET', '/api/chats')).json().conversations as ConversationListItem[];

describe('former members keep their name on their words', () => {
  it('names whoever was removed or left, for everyone still in the group; re-adding makes them a member again; a deleted account is gone', async () => {
    const [ana, li, bo, cy] = [await person('en'), await person('es'), await person('fr'), await person('de')];
    const room = await group(ana, [li, bo, cy]);
    for (const who of [li, bo, cy]) expect((await send(who, room.id, `hello from ${who.username}`)).statusCode).toBe(201);
    expect((await api(ana, 'DELETE', `/api/chats/${room.id}/members/${bo.id}`)).statusCode).toBe(200);
    expect((await api(cy, 'POST', `/api/chats/${room.id}/leave`, {})).statusCode).toBe(200);

    const seenByLi = await people(li, room.id);
    expect(seenByLi.members.map((m) => m.id).sort()).toEqual([ana.id, li.id].sort());
    expect(seenByLi.former.map((f) => [f.id, f.username]).sort()).toEqual([[bo.id, bo.username], [cy.id, cy.username]].sort());
    // Their words keep their sender: the name is found among the former members.
    const words = (await history(li, room.id)).filter((m) => !m.system_event);
    const named = new Map([...seenByLi.members, ...seenByLi.former].map((p) => [p.id, p.username]));
    expect(words.map((m) => named.get(m.sender_id ?? ''))).toEqual([li.username, bo.username, cy.username]);

    // Back in the group: a member again, not a former one.
    expect((await api(ana, 'POST', `/api/chats/${room.id}/members`, { userIds: [bo.id] })).statusCode).toBe(200);
    const after = await people(li, room.id);
    expect(after.members.some((m) => m.id === bo.id)).toBe(true);
    expect(after.former.map((f) => f.id)).toEqual([cy.id]);

    // A deleted account: no name left to give; its messages have no sender ("Deleted user").
    expect((await api(cy, 'POST', '/api/account/delete', { password: cy.password, eraseMessages: false })).statusCode).toBe(204);
    expect((await people(li, room.id)).former).toEqual([]);
    const cyWords = (await history(li, room.id)).find((m) => m.content === `hello from ${cy.username}`);
    expect(cyWords?.sender_id).toBeNull();
  });
});

describe('a removed member reads the group up to the removal, and nothing more', () => {
  it('keeps the room read-only in the list, the history up to "ana removed you", and the names of that time', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const room = await group(ana, [li, bo]);
    expect((await send(li, room.id, 'Hola a todos')).statusCode).toBe(201);
    expect((await send(bo, room.id, 'Bonjour')).statusCode).toBe(201);
    const boSocket = await TestSocket.open(s.base, bo.cookie);
    const liSocket = await TestSocket.open(s.base, li.cookie);
    expect((await api(ana, 'DELETE', `/api/chats/${room.id}/members/${bo.id}`)).statusCode).toBe(200);
    await boSocket.next((e) => e.type === 'group.you_were_removed');
    const removedAt = boSocket.events.length;

    // After the removal: a message, a typing frame and a member added; Bo hears none of it.
    const later = await send(ana, room.id, 'After Bo');
    expect(later.statusCode).toBe(201);
    liSocket.ws.send(JSON.stringify({ type: 'typing', roomId: room.id }));
    const dee = await person('it');
    expect((await api(ana, 'POST', `/api/chats/${room.id}/members`, { userIds: [dee.id] })).statusCode).toBe(200);
    await liSocket.next((e) => e.type === 'message.translated' && e.message.content === 'After Bo');
    await liSocket.next((e) => e.type === 'group.member_added');
    // Events reach a socket in the order they were published: Bo's own new chat is published after all of that.
    expect((await api(bo, 'POST', '/api/chats', { userId: ana.id })).statusCode).toBe(201);
    await boSocket.next((e) => e.type === 'room.created');
    const aboutRoom = (e: (typeof boSocket.events)[number]) =>
      ('roomId' in e && e.roomId === room.id) || ('message' in e && typeof e.message === 'object' && e.message.chat_room_id === room.id) || ('room' in e && e.room.id === room.id);
    const heardAfter = boSocket.events.slice(removedAt).filter(aboutRoom);

    const item = (await list(bo)).find((c) => c.id === room.id);
    expect(item).toMatchObject({ readOnly: true, kind: 'group', name: 'Trip', unreadCount: 0, isAdmin: false });
    expect(item?.lastMessage?.system_event).toMatchObject({ kind: 'member_removed', actor: { id: ana.id }, target: { id: bo.id } });

    const seen = await history(bo, room.id);
    expect(seen.map((m) => m.system_event?.kind ?? m.content)).toEqual(['created', 'Hola a todos', 'Bonjour', 'member_removed']);
    // Nothing about the room after the removal, except a late translation of words Bo still reads (the translation
    // job of a message sent before the removal may finish after it, under load).
    const kept = new Set(seen.map((m) => m.id));
    expect(heardAfter.filter((e) => !(e.type === 'message.translated' && kept.has(e.message.id)))).toEqual([]);
    // In Bo's language, as before.
    expect(seen[1]?.translated_content).toBe('[fr] Hola a todos');
    const removalLine = seen.at(-1)!;
    expect(await history(bo, room.id, `?after=${removalLine.id}`)).toEqual([]);
    expect((await history(bo, room.id, `?resume=${removalLine.id}`)).map((m) => m.id)).not.toContain((later.json() as { message: ChatMessage }).message.id);
    const around = await api(bo, 'GET', `/api/chats/${room.id}/messages?around=${(later.json() as { message: ChatMessage }).message.id}`);
    expect(around.statusCode).toBe(404);

    const theirs = await people(bo, room.id);
    expect(theirs.members).toEqual([]);
    expect(theirs.former.map((p) => p.id).sort()).toEqual([ana.id, li.id, bo.id].sort());

    // Read-only: sending, reacting, marking read and the glossary answer as for a missing room.
    const missing = '00000000-0000-4000-8000-000000000000';
    const same = async (method: 'GET' | 'POST', path: string, body?: object) => {
      const mine = await api(bo, method, `/api/chats/${room.id}${path}`, body);
      const none = await api(bo, method, `/api/chats/${missing}${path}`, body);
      expect([mine.statusCode, mine.body], path).toEqual([none.statusCode, none.body]);
      expect(mine.statusCode, path).toBe(404);
    };
    await same('POST', '/messages', { content: 'still here?', clientId: 'removed-send-1' });
    await same('POST', '/read');
    await same('GET', '/glossary');
    await same('GET', '/reads');
    await same('POST', `/messages/${seen[1]!.id}/reactions`, { emoji: '👍', active: true });
    boSocket.close();
    liSocket.close();
  });

  it('deleting it removes it for them only; the others still see their name', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const room = await group(ana, [li, bo]);
    expect((await send(bo, room.id, 'Salut')).statusCode).toBe(201);
    expect((await api(ana, 'DELETE', `/api/chats/${room.id}/members/${bo.id}`)).statusCode).toBe(200);
    const boSocket = await TestSocket.open(s.base, bo.cookie);
    const deleted = await api(bo, 'DELETE', `/api/chats/${room.id}`);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await boSocket.next((e) => e.type === 'room.deleted')).toMatchObject({ roomId: room.id });
    expect((await list(bo)).some((c) => c.id === room.id)).toBe(false);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of ['messages', 'members']) {
      const mine = await api(bo, 'GET', `/api/chats/${room.id}/${path}`);
      const none = await api(bo, 'GET', `/api/chats/${missing}/${path}`);
      expect([mine.statusCode, mine.body]).toEqual([none.statusCode, none.body]);
    }
    expect((await api(bo, 'DELETE', `/api/chats/${room.id}`)).json()).toEqual({ deleted: false });
    expect((await people(li, room.id)).former.map((f) => f.username)).toEqual([bo.username]);
    expect((await history(li, room.id)).some((m) => m.content === 'Salut')).toBe(true);
    boSocket.close();
  });

  it('reads the photos of the history kept (the same read check), not those sent after the removal', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const room = await group(ana, [li, bo]);
    const photo = async (who: Person, clientId: string) => {
      // The multipart body the web app sends: the client id, then the file.
      const boundary = `----former${Math.random().toString(16).slice(2)}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n`
        + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
      const payload = Buffer.concat([Buffer.from(head), await pngImage(320, 200), Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await s.app.inject({
        method: 'POST', url: `/api/chats/${room.id}/photos`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: who.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { message: ChatMessage }).message.attachment!.id;
    };
    const before = await photo(li, `former-photo-${Date.now()}-1`);
    expect((await api(ana, 'DELETE', `/api/chats/${room.id}/members/${bo.id}`)).statusCode).toBe(200);
    const after = await photo(li, `former-photo-${Date.now()}-2`);
    expect((await api(bo, 'GET', `/api/chats/${room.id}/media/${before}`)).statusCode).toBe(200);
    const late = await api(bo, 'GET', `/api/chats/${room.id}/media/${after}`);
    const none = await api(bo, 'GET', `/api/chats/${room.id}/media/00000000-0000-4000-8000-000000000000`);
    expect([late.statusCode, late.body]).toEqual([none.statusCode, none.body]);
    expect(late.statusCode).toBe(404);
    // Once deleted, nothing.
    await api(bo, 'DELETE', `/api/chats/${room.id}`);
    expect((await api(bo, 'GET', `/api/chats/${room.id}/media/${before}`)).statusCode).toBe(404);
  });

  it('leaving is a choice: the group is gone from the list of whoever left, but their name stays', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const room = await group(ana, [li, bo]);
    expect((await send(bo, room.id, 'Au revoir')).statusCode).toBe(201);
    expect((await api(bo, 'POST', `/api/chats/${room.id}/leave`, {})).statusCode).toBe(200);
    expect((await list(bo)).some((c) => c.id === room.id)).toBe(false);
    expect((await api(bo, 'GET', `/api/chats/${room.id}/messages`)).statusCode).toBe(404);
    expect((await people(ana, room.id)).former.map((f) => f.username)).toEqual([bo.username]);
  });
});
