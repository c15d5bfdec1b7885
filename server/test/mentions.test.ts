import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, ChatMessage, ConversationListItem, MessageSearchHit } from '@parley/common';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signIn, signUpSpeaking, type TestServer } from './helpers.ts';
import { PushService, type TestSubscription } from './support/pushService.ts';

/** @mentions (issue 36 item 1): stored by id, shown in the list, and a push through a mute unless mentions are muted too. */
const translator: ChatTranslator = {
  async translate(input) {
    return { text: `[${input.target}] ${input.text}`, ok: true, kind: 'translated', detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let s: TestServer;
const service = new PushService(() => s.app.push.vapid()?.publicKey ?? '');
beforeAll(async () => {
  await service.start();
  s = await getTestServer({
    listen: true, chatTranslator: translator,
    env: { PUSH_ALLOWED_ORIGINS: service.origin },
    push: { translationWaitMs: 5_000, pollMs: 100, retryDelaySeconds: 1, retryBackoff: false },
  });
});
afterAll(async () => {
  await s.close();
  await service.stop();
});

type Person = Awaited<ReturnType<typeof signUpSpeaking>>;
const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });
let seq = 0;
async function send(who: Person, roomId: string, content: string): Promise<ChatMessage> {
  const res = await api(who.cookie, 'POST', `/api/chats/${roomId}/messages`, { content, clientId: `mention-${++seq}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}
async function device(who: Person): Promise<TestSubscription> {
  const cookie = await signIn(s.app, who.email, who.password);
  const sub = service.subscribe();
  expect((await api(cookie, 'PUT', '/api/push/subscription', sub.json)).statusCode).toBe(204);
  return sub;
}
const listItem = async (who: Person, roomId: string) =>
  ((await api(who.cookie, 'GET', '/api/chats')).json().conversations as ConversationListItem[]).find((r) => r.id === roomId);

async function group(admin: Person, members: Person[]): Promise<string> {
  const res = await api(admin.cookie, 'POST', '/api/groups', { name: 'Mentions', memberIds: members.map((m) => m.id) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room.id as string;
}

describe('who a message mentions', () => {
  it('members by their @name (any case), by id; not addresses, not code, not strangers; @all only from an admin', async () => {
    const [ana, bruno, carl, stranger] = [await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'es'), await signUpSpeaking(s.app, 'fr'), await signUpSpeaking(s.app, 'en')];
    const roomId = await group(ana, [bruno, carl]);
    const m = await send(ana, roomId, `@${bruno.username} can you check? cc @${carl.username.toUpperCase()}. Not ${bruno.username}@example.org, \`@${carl.username}\` or @${stranger.username}`);
    expect(m.mentions).toEqual([{ id: bruno.id, name: bruno.username }, { id: carl.id, name: carl.username.toUpperCase() }]);
    // Each reader gets the mentions with the message (their translation keeps the @name: protected spans).
    const seen = (await api(bruno.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
    expect(seen.find((x) => x.id === m.id)?.mentions).toEqual(m.mentions);

    expect((await send(bruno, roomId, '@all lunch?')).mentions).toBeUndefined();
    expect((await send(ana, roomId, '@all lunch at one')).mentions).toEqual([{ id: 'all', name: 'all' }]);
    // Renamed: the mention still points at the same person.
    expect((await api(bruno.cookie, 'PATCH', '/api/profile', { username: `${bruno.username}x` })).statusCode).toBe(200);
    const again = (await api(ana.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[];
    expect(again.find((x) => x.id === m.id)?.mentions?.[0]?.id).toBe(bruno.id);
  });

  it('an edit mentions again from its new text', async () => {
    const [ana, bruno] = [await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'en')];
    const roomId = await group(ana, [bruno, await signUpSpeaking(s.app, 'en')]);
    const m = await send(ana, roomId, 'hello all');
    const edited = await api(ana.cookie, 'PATCH', `/api/chats/${roomId}/messages/${m.id}`, { content: `hello @${bruno.username}` });
    expect(edited.json().message.mentions).toEqual([{ id: bruno.id, name: bruno.username }]);
  });

  it('the list marks a room with an unread mention until it is read', async () => {
    const [ana, bruno, carl] = [await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'en')];
    const roomId = await group(ana, [bruno, carl]);
    await send(ana, roomId, `@${bruno.username} see this`);
    expect((await listItem(bruno, roomId))?.mentioned).toBe(true);
    expect((await listItem(carl, roomId))?.mentioned).toBeUndefined();
    expect((await api(bruno.cookie, 'POST', `/api/chats/${roomId}/read`)).statusCode).toBe(200);
    expect((await listItem(bruno, roomId))?.mentioned).toBeUndefined();
  });
});

describe('a mention in a muted group', () => {
  it('notifies the mentioned member through "Only mentions" and a timed mute, not through "Mute everything", nor someone who blocked the sender', async () => {
    const [ana, bruno, carl, dana] = [await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'es'), await signUpSpeaking(s.app, 'fr'), await signUpSpeaking(s.app, 'en')];
    const [bPhone, cPhone, dPhone] = [await device(bruno), await device(carl), await device(dana)];
    const roomId = await group(ana, [bruno, carl, dana]);
    // Each phone is told of the invitation first (a mute does not silence one).
    for (const phone of [bPhone, cPhone, dPhone]) expect((await service.waitFor(phone.id))[0]?.payload.kind).toBe('group_invite');
    const only = await api(bruno.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: 'always' });
    expect(only.json()).toMatchObject({ roomId, mentions: true });
    expect((await api(carl.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: '8h' })).statusCode).toBe(200);
    const everything = await api(dana.cookie, 'PUT', `/api/chats/${roomId}/mute`, { duration: 'always', mentions: false });
    expect(everything.json()).toMatchObject({ mentions: false });
    const settings = await api(dana.cookie, 'GET', '/api/push/settings');
    expect(settings.json().mutes).toEqual([{ roomId, until: expect.any(String), mentions: false }]);

    // A plain message: all three muted, nobody told. Then a mention of each.
    await send(ana, roomId, 'plain news');
    const m = await send(ana, roomId, `@${bruno.username} @${carl.username} @${dana.username} please read`);
    const [, bPush] = await service.waitFor(bPhone.id, 2);
    expect(bPush?.payload).toMatchObject({ kind: 'message', messageId: m.id, body: expect.stringContaining('[es]') });
    const [, cPush] = await service.waitFor(cPhone.id, 2);
    expect(cPush?.payload.messageId).toBe(m.id);
    // Carl blocks Ana: her next mention of him notifies nobody; Bruno's phone sees it (a second push).
    expect((await api(carl.cookie, 'POST', '/api/blocks', { userId: ana.id })).statusCode).toBe(200);
    const next = await send(ana, roomId, `@${carl.username} @${bruno.username} again`);
    const pushes = await service.waitFor(bPhone.id, 3);
    expect(pushes[2]?.payload.messageId).toBe(next.id);
    // The fan-outs that reached Bruno queued nothing for Carl (blocked) or Dana (mentions muted too).
    expect(service.for(cPhone.id).map((p) => p.payload.kind === 'message' && p.payload.messageId)).toEqual([false, m.id]);
    expect(service.for(dPhone.id).map((p) => p.payload.kind)).toEqual(['group_invite']);
  });
});

describe('mentions everywhere (issue 36 item 4)', () => {
  it('in a pair: the other person\'s @name is a mention (highlighted, marked), @all is text from either', async () => {
    const [ana, bruno] = [await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'es')];
    const roomId = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    expect((await send(ana, roomId, `@${bruno.username} are you there?`)).mentions).toEqual([{ id: bruno.id, name: bruno.username }]);
    expect((await send(ana, roomId, '@all hello')).mentions).toBeUndefined();
    expect((await send(bruno, roomId, `@all and @${bruno.username} (myself)`)).mentions).toBeUndefined();
    expect((await listItem(bruno, roomId))?.mentioned).toBe(true);
  });

  it('search hits carry their mentions; the export names them; a deleted account\'s mention points at nobody', async () => {
    const [ana, bruno, carl] = [await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'en'), await signUpSpeaking(s.app, 'en')];
    const roomId = await group(ana, [bruno, carl]);
    const word = `zebra${Date.now()}`;
    const m = await send(ana, roomId, `@${bruno.username} and @${carl.username}: ${word} at noon`);
    const hits = (await api(ana.cookie, 'GET', `/api/messages/search?q=${word}`)).json().results as MessageSearchHit[];
    expect(hits.map((h) => [h.id, h.text, h.mentions])).toEqual([[m.id, `@${bruno.username} and @${carl.username}: ${word} at noon`, m.mentions]]);

    // Bruno renames: the export reads the mention by his name now, beside the name as written.
    expect((await api(bruno.cookie, 'PATCH', '/api/profile', { username: `${bruno.username}2` })).statusCode).toBe(200);
    const exported = async () => ((await api(ana.cookie, 'GET', '/api/account/export')).json() as AccountExport)
      .conversations.find((c) => c.id === roomId)!.messages.find((x) => x.id === m.id)!;
    expect((await exported()).mentions).toEqual([{ name: bruno.username, username: `${bruno.username}2` }, { name: carl.username, username: carl.username }]);
    await send(ana, roomId, '@all done');
    const all = ((await api(ana.cookie, 'GET', '/api/account/export')).json() as AccountExport).conversations.find((c) => c.id === roomId)!.messages.at(-1)!;
    expect(all.mentions).toEqual([{ name: 'all', username: null, everyone: true }]);

    // Carl deletes his account: his mention reads as a deleted account, nobody is marked, the name as written stays.
    expect((await api(carl.cookie, 'POST', '/api/account/delete', { password: carl.password })).statusCode).toBe(204);
    const after = ((await api(bruno.cookie, 'GET', `/api/chats/${roomId}/messages`)).json().messages as ChatMessage[]).find((x) => x.id === m.id)!;
    expect(after.mentions).toEqual([{ id: bruno.id, name: bruno.username }, { id: 'deleted', name: carl.username }]);
    expect(after.content).toContain(`@${carl.username}`);
    expect((await exported()).mentions).toEqual([{ name: bruno.username, username: `${bruno.username}2` }, { name: carl.username, username: null }]);
  });
});

