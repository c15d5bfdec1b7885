import type { ChatMessage, ConversationListItem, RoomMember } from '@parley/common';
import { describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { signUpAndIn, signUpSpeaking, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';
import { settledMessage } from './support/poll.ts';

/** Marks text with its target language; counts calls per target. */
const calls: Parameters<ChatTranslator['translate']>[0][] = [];
const translator: ChatTranslator = {
  async translate(input) {
    calls.push(input);
    return { text: `[${input.target}] ${input.text}`, ok: true, kind: 'translated', detectedLanguage: input.sourceHint ?? 'en' };
  },
};

const s = useTestServer({ chatTranslator: translator, listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: { cookie: string }, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

const person = (language: string) => signUpSpeaking(s.app, language);

async function group(admin: Person, others: Person[], name = 'Family', register?: string) {
  const res = await api(admin, 'POST', '/api/groups', { name, memberIds: others.map((o) => o.id), ...(register ? { register } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { room: ConversationListItem; members: RoomMember[] };
}

let seq = 0;
const send = (who: Person, roomId: string, content: string) =>
  api(who, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `group-${++seq}-${Date.now()}` });
const history = async (who: Person, roomId: string) => (await api(who, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];

describe('creating a group', () => {
  it('makes the creator admin, lists the room for every member and writes a created line', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const liSocket = await TestSocket.open(s.base, li.cookie);
    const { room, members } = await group(ana, [li, bo], '  Familia Ruiz  ', 'family');
    expect(room).toMatchObject({ kind: 'group', name: 'Familia Ruiz', memberCount: 3, avatarInitials: 'FR', register: 'family', isAdmin: true, otherUser: null });
    expect(Object.fromEntries(members.map((m) => [m.id, m.is_admin]))).toEqual({ [ana.id]: true, [li.id]: false, [bo.id]: false });
    const created = await liSocket.next((e) => e.type === 'room.created' && e.room.id === room.id);
    expect(created).toMatchObject({ room: { kind: 'group', isAdmin: false, memberCount: 3 } });
    const boList = (await api(bo, 'GET', '/api/chats')).json().conversations as ConversationListItem[];
    expect(boList.find((c) => c.id === room.id)).toMatchObject({ name: 'Familia Ruiz', kind: 'group', lastMessage: { system_event: { kind: 'created', actor: { id: ana.id } } } });
    const lines = await history(li, room.id);
    expect(lines.map((m) => m.system_event)).toEqual([{ kind: 'created', actor: { id: ana.id, username: ana.username }, target: null, name: 'Familia Ruiz', register: 'family' }]);
    expect((await api(bo, 'GET', `/api/chats/${room.id}/members`)).json().members).toHaveLength(3);
    liSocket.close();
  });

  it('refuses bad input with a stable code and creates nothing', async () => {
    const [ana, li] = [await person('en'), await person('es')];
    const before = (await api(ana, 'GET', '/api/chats')).json().conversations.length;
    const code = async (body: object) => {
      const res = await api(ana, 'POST', '/api/groups', body);
      return [res.statusCode, res.json().error.code];
    };
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect(await code({ name: '', memberIds: [li.id, ghost] })).toEqual([400, 'group_name_invalid']);
    expect(await code({ name: 'x'.repeat(101), memberIds: [li.id, ghost] })).toEqual([400, 'group_name_invalid']);
    expect(await code({ name: 'A', memberIds: [li.id] })).toEqual([400, 'too_few_members']);
    expect(await code({ name: 'A', memberIds: [li.id, li.id] })).toEqual([400, 'duplicate_member']);
    expect(await code({ name: 'A', memberIds: [li.id, ana.id] })).toEqual([400, 'duplicate_member']);
    expect(await code({ name: 'A', memberIds: [li.id, ghost] })).toEqual([400, 'unknown_member']);
    expect(await code({ name: 'A', memberIds: [li.id, 'x'] })).toEqual([400, 'invalid_id']);
    expect(await code({ name: 'A', memberIds: [li.id, ghost], register: 'pirate' })).toEqual([400, 'unknown_register']);
    expect((await api(ana, 'GET', '/api/chats')).json().conversations.length).toBe(before);
  });
});

describe('messages in a group', () => {
  it('costs one translation per other language, and each socket gets its own language only', async () => {
    const [ana, ann, li, lu, bo] = [await person('en'), await person('en'), await person('es'), await person('es'), await person('fr')];
    const { room } = await group(ana, [ann, li, lu, bo], 'Team', 'colleagues');
    const sockets = await Promise.all([ann, li, lu, bo].map((p) => TestSocket.open(s.base, p.cookie)));
    calls.length = 0;
    const sent = await send(ana, room.id, 'Meeting at nine');
    expect(sent.statusCode).toBe(201);
    const id = sent.json().message.id as string;
    const [annHeard, liHeard, luHeard, boHeard] = await Promise.all(sockets.map((sock, i) =>
      i === 0
        ? sock.next((e) => e.type === 'message.created' && e.message.id === id)
        : sock.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done')));
    expect(annHeard).toMatchObject({ message: { translation_status: 'not_needed', target_language: 'en', translated_content: null } });
    expect(liHeard).toMatchObject({ message: { target_language: 'es', translated_content: '[es] Meeting at nine' } });
    expect(luHeard).toMatchObject({ message: { target_language: 'es', translated_content: '[es] Meeting at nine' } });
    expect(boHeard).toMatchObject({ message: { target_language: 'fr', translated_content: '[fr] Meeting at nine' } });
    // Two languages besides the sender's: two translations, in the group's register.
    expect(calls.filter((c) => c.text === 'Meeting at nine').map((c) => c.target).sort()).toEqual(['es', 'fr']);
    expect(calls.every((c) => c.context?.formality === 'neutral')).toBe(true);
    // Nobody hears another language's translation.
    for (const [i, sock] of sockets.entries()) {
      const mine = [undefined, 'es', 'es', 'fr'][i];
      const langs = sock.events.flatMap((e) => (e.type === 'message.translated' && e.message.id === id ? [e.message.target_language] : []));
      expect(langs.every((l) => l === mine)).toBe(true);
    }
    expect((await history(bo, room.id)).at(-1)).toMatchObject({ translated_content: '[fr] Meeting at nine', translation_status: 'done' });
    for (const sock of sockets) sock.close();
  });

  it("a reader's correction is per language and survives switching language away and back", async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const { room } = await group(ana, [li, bo]);
    const id = (await send(ana, room.id, 'See you tomorrow')).json().message.id as string;
    const settled = (who: Person) => settledMessage(s.app, who.cookie, room.id, id);
    await settled(li);
    const fixed = await api(li, 'PUT', `/api/chats/${room.id}/messages/${id}/translation`, { text: 'Hasta mañana' });
    expect(fixed.json().message).toMatchObject({ translated_content: 'Hasta mañana', machine_translation: '[es] See you tomorrow', corrected_by: li.id });
    expect(await settled(bo)).toMatchObject({ translated_content: '[fr] See you tomorrow', corrected_by: null });
    await api(li, 'PATCH', '/api/profile', { language: 'de' });
    expect(await settled(li)).toMatchObject({ target_language: 'de', translated_content: '[de] See you tomorrow' });
    await api(li, 'PATCH', '/api/profile', { language: 'es' });
    expect(await settled(li)).toMatchObject({ target_language: 'es', translated_content: 'Hasta mañana', corrected_by: li.id });
  });

  it('a fan-out whose job for one language was lost (a crash) resumes: the sweeper queues it again', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const { room } = await group(ana, [li, bo]);
    const db = s.database.db;
    // Send with the workers unable to take the French job: it is deleted before anyone fetches it.
    const liSocket = await TestSocket.open(s.base, li.cookie);
    const boSocket = await TestSocket.open(s.base, bo.cookie);
    const jobs = s.app.translationJobs;
    const original = jobs.insertJobs.bind(jobs);
    jobs.insertJobs = async (tx, rows) => original(tx, rows.filter((r) => r.language !== 'fr'));
    let id: string;
    try {
      id = (await send(ana, room.id, 'Lost and found')).json().message.id as string;
    } finally {
      jobs.insertJobs = original;
    }
    await liSocket.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done');
    expect((await db.selectFrom('message_translations').select(['language', 'status']).where('message_id', '=', id).orderBy('language').execute()))
      .toEqual([{ language: 'es', status: 'done' }, { language: 'fr', status: 'pending' }]);
    expect(await jobs.sweep(0)).toBeGreaterThanOrEqual(1);
    const heard = await boSocket.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done');
    expect(heard).toMatchObject({ message: { translated_content: '[fr] Lost and found' } });
    liSocket.close();
    boSocket.close();
  });
});

describe('running a group', () => {
  it('lets only admins add, remove, rename, set the register and make admins (403 not_admin)', async () => {
    const [ana, li, bo, cy] = [await person('en'), await person('es'), await person('fr'), await person('de')];
    const { room } = await group(ana, [li, bo]);
    const forbidden = [
      await api(li, 'POST', `/api/chats/${room.id}/members`, { userIds: [cy.id] }),
      await api(li, 'DELETE', `/api/chats/${room.id}/members/${bo.id}`),
      await api(li, 'PATCH', `/api/chats/${room.id}/group`, { name: 'Mine' }),
      await api(li, 'PATCH', `/api/chats/${room.id}/group`, { register: 'formal' }),
      await api(li, 'POST', `/api/chats/${room.id}/members/${bo.id}/admin`),
    ];
    for (const res of forbidden) expect([res.statusCode, res.json().error.code]).toEqual([403, 'not_admin']);

    const renamed = await api(ana, 'PATCH', `/api/chats/${room.id}/group`, { name: 'Ruiz', register: 'formal' });
    expect(renamed.json().room).toMatchObject({ name: 'Ruiz', register: 'formal' });
    expect((await api(ana, 'POST', `/api/chats/${room.id}/members/${li.id}/admin`)).json().members.find((m: RoomMember) => m.id === li.id).is_admin).toBe(true);
    expect((await api(li, 'PATCH', `/api/chats/${room.id}/group`, { name: 'Ruiz 2' })).statusCode).toBe(200);
    const kinds = (await history(bo, room.id)).map((m) => m.system_event?.kind);
    expect(kinds).toEqual(['created', 'renamed', 'register_changed', 'admin_granted', 'renamed']);
  });

  it('adding: already_member 409, unknown 400; a member added later sees history from joining on', async () => {
    const [ana, li, bo, cy] = [await person('en'), await person('es'), await person('fr'), await person('de')];
    const { room } = await group(ana, [li, bo]);
    expect((await send(ana, room.id, 'Before Cy came')).statusCode).toBe(201);
    const already = await api(ana, 'POST', `/api/chats/${room.id}/members`, { userIds: [li.id] });
    expect([already.statusCode, already.json().error.code]).toEqual([409, 'already_member']);
    const ghost = await api(ana, 'POST', `/api/chats/${room.id}/members`, { userIds: ['00000000-0000-4000-8000-000000000000'] });
    expect([ghost.statusCode, ghost.json().error.code]).toEqual([400, 'unknown_member']);
    const added = await api(ana, 'POST', `/api/chats/${room.id}/members`, { userIds: [cy.id] });
    expect(added.json().room.memberCount).toBe(4);
    expect((await send(li, room.id, 'Hola Cy')).statusCode).toBe(201);
    const seen = await history(cy, room.id);
    expect(seen.map((m) => m.system_event?.kind ?? m.content)).toEqual(['member_added', 'Hola Cy']);
    expect((await history(ana, room.id)).map((m) => m.system_event?.kind ?? m.content)).toEqual(['created', 'Before Cy came', 'member_added', 'Hola Cy']);
    const cyList = (await api(cy, 'GET', '/api/chats')).json().conversations as ConversationListItem[];
    expect(cyList.find((c) => c.id === room.id)?.unreadCount).toBe(2);
  });

  it('a removed member loses the room at once: events stop, sends and the glossary answer as a missing room, byte for byte (the history they keep: formerMembers.test.ts)', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const { room } = await group(ana, [li, bo]);
    const boSocket = await TestSocket.open(s.base, bo.cookie);
    const liSocket = await TestSocket.open(s.base, li.cookie);
    const removed = await api(ana, 'DELETE', `/api/chats/${room.id}/members/${bo.id}`);
    expect(removed.json().room.memberCount).toBe(2);
    expect(await boSocket.next((e) => e.type === 'group.you_were_removed')).toMatchObject({ roomId: room.id, reason: 'removed' });
    expect(await liSocket.next((e) => e.type === 'group.member_removed')).toMatchObject({ userId: bo.id, memberCount: 2 });
    expect((await send(ana, room.id, 'After Bo left')).statusCode).toBe(201);
    await liSocket.next((e) => e.type === 'message.translated' && e.message.content === 'After Bo left');
    expect(boSocket.events.some((e) => (e.type === 'message.created' || e.type === 'message.translated') && e.message.content === 'After Bo left')).toBe(false);

    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of ['glossary']) {
      const mine = await api(bo, 'GET', `/api/chats/${room.id}/${path}`);
      const none = await api(bo, 'GET', `/api/chats/${missing}/${path}`);
      expect([mine.statusCode, mine.body]).toEqual([none.statusCode, none.body]);
      expect(mine.statusCode).toBe(404);
    }
    const sendRemoved = await send(bo, room.id, 'still here?');
    const sendMissing = await send(bo, missing, 'still here?');
    expect([sendRemoved.statusCode, sendRemoved.body]).toEqual([sendMissing.statusCode, sendMissing.body]);
    const leaveAgain = await api(bo, 'POST', `/api/chats/${room.id}/leave`, {});
    expect(leaveAgain.statusCode).toBe(404);
    boSocket.close();
    liSocket.close();
  });

  it('the last admin leaving hands admin to the longest-standing member; the last admin cannot remove themselves; the last member deletes the room', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const { room } = await group(ana, [li, bo]);
    const self = await api(ana, 'DELETE', `/api/chats/${room.id}/members/${ana.id}`);
    expect([self.statusCode, self.json().error.code]).toEqual([409, 'last_admin_needs_successor']);
    expect((await api(ana, 'POST', `/api/chats/${room.id}/leave`, {})).json()).toEqual({ deleted: false });
    const members = (await api(li, 'GET', `/api/chats/${room.id}/members`)).json().members as RoomMember[];
    const heir = members.find((m) => m.is_admin);
    expect(heir?.id).toBe([li.id, bo.id].sort()[0]);
    expect((await history(li, room.id)).slice(-2).map((m) => m.system_event?.kind)).toEqual(['member_left', 'admin_granted']);
    expect((await api(li, 'POST', `/api/chats/${room.id}/leave`, {})).json()).toEqual({ deleted: false });
    expect((await api(bo, 'POST', `/api/chats/${room.id}/leave`, {})).json()).toEqual({ deleted: true });
    expect(await s.database.db.selectFrom('chat_rooms').select('id').where('id', '=', room.id).execute()).toEqual([]);
  });

  it('a pair is not a group: no rename, no adding (400 not_a_group)', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const roomId = (await api(ana, 'POST', '/api/chats', { userId: li.id })).json().room.id as string;
    const res = await api(ana, 'POST', `/api/chats/${roomId}/members`, { userIds: [bo.id] });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'not_a_group']);
    expect((await api(ana, 'GET', `/api/chats/${roomId}/members`)).json().members).toHaveLength(2);
  });
});

describe('history in a language that has no row yet', () => {
  it('makes the missing row on demand (pending, with a job) when the reader loads history, and tells them the result', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const { room } = await group(ana, [li, bo]);
    const boSocket = await TestSocket.open(s.base, bo.cookie);
    const id = (await send(ana, room.id, 'Older news')).json().message.id as string;
    await boSocket.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done');
    // An older message with no French row (as one from before bo read French): only the original so far.
    const db = s.database.db;
    await db.deleteFrom('message_translations').where('message_id', '=', id).where('language', '=', 'fr').execute();
    calls.length = 0;

    const seen = (await history(bo, room.id)).find((m) => m.id === id);
    expect(seen).toMatchObject({ content: 'Older news', target_language: 'fr', translation_status: 'pending', translated_content: null });
    const heard = await boSocket.next((e) => e.type === 'message.translated' && e.message.id === id && e.message.translation_status === 'done'
      && boSocket.events.filter((x) => x.type === 'message.translated' && x.message.id === id && x.message.translation_status === 'done').length === 2);
    expect(heard).toMatchObject({ message: { target_language: 'fr', translated_content: '[fr] Older news' } });
    expect(calls.filter((c) => c.text === 'Older news').map((c) => c.target)).toEqual(['fr']);
    // Loading again adds nothing; the sender's own view and the Spanish row are untouched.
    expect((await history(bo, room.id)).find((m) => m.id === id)).toMatchObject({ translated_content: '[fr] Older news', translation_status: 'done' });
    expect((await history(ana, room.id)).find((m) => m.id === id)).toMatchObject({ content: 'Older news' });
    expect((await db.selectFrom('message_translations').select(['language', 'status']).where('message_id', '=', id).orderBy('language').execute()))
      .toEqual([{ language: 'es', status: 'done' }, { language: 'fr', status: 'done' }]);
    expect(calls.filter((c) => c.text === 'Older news')).toHaveLength(1);
    boSocket.close();
  });
});
